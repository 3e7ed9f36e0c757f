import { SOCIAL_TEXTS } from './texts.ts';

/**
 * SPEC 3 "Friend entry (by uid): removed, invited (inviter uid)" and SPEC 4 "Friends: none,
 * invited (sent by me: Cancel Invite; to me: Accept Invite), friend; removed and not invited
 * hidden". One state per pair of users, the same for both of them, so the two sides can never
 * disagree: each derives its own view from it with `friendView`. A removed, cancelled or
 * declined friendship is `none` again (the SPEC's `removed`), so it is hidden and can be
 * started over.
 */
export type FriendshipState = { status: 'none' } | { status: 'invited'; inviter: string } | { status: 'friends' };

export const NO_FRIENDSHIP: FriendshipState = { status: 'none' };

/** What one of the pair sees. `none` is hidden from the friends list. */
export type FriendView = 'none' | 'sentByMe' | 'toMe' | 'friend';

/** `state` is the pair's state (null/undefined when there never was an entry). */
export function friendView(state: FriendshipState | null | undefined, me: string): FriendView {
  if (!state) return 'none';
  switch (state.status) {
    case 'none':
      return 'none';
    case 'invited':
      return state.inviter === me ? 'sentByMe' : 'toMe';
    case 'friends':
      return 'friend';
  }
}

/** SPEC 4: removed and not-invited entries are hidden; every other view is a row. */
export const isListed = (view: FriendView): boolean => view !== 'none';

/** SPEC 2/4: the row's button per view (null: no row). */
export type FriendButton = { label: string; action: 'challenge' | 'accept' | 'cancel' };

export function friendButton(view: FriendView): FriendButton | null {
  switch (view) {
    case 'friend':
      return { label: SOCIAL_TEXTS.challenge, action: 'challenge' };
    case 'toMe':
      return { label: SOCIAL_TEXTS.acceptInvite, action: 'accept' };
    case 'sentByMe':
      return { label: SOCIAL_TEXTS.cancelInvite, action: 'cancel' };
    case 'none':
      return null;
  }
}

/** SPEC 2, 6: Challenge is disabled for banned friends, and a banned user has no challenges. */
export const challengeDisabled = (opts: { friendBanned: boolean; meBanned: boolean }): boolean =>
  opts.friendBanned || opts.meBanned;

/** SPEC 2: the pending-invite badge in the user menu counts invitations waiting for me. */
export function pendingInviteCount(states: Iterable<FriendshipState>, me: string): number {
  let n = 0;
  for (const s of states) if (friendView(s, me) === 'toMe') n += 1;
  return n;
}

/**
 * SPEC 7 MESSENGER calls: addFriend (invite), acceptInviteFriend (accept), cancelInviteFriend
 * (cancel; the invitee cancelling is a decline), deleteFriend (delete).
 */
export const FRIEND_ACTIONS = ['invite', 'accept', 'cancel', 'delete'] as const;
export type FriendAction = (typeof FRIEND_ACTIONS)[number];

/** What a successful action did, for the notification the other side receives. */
export type FriendEvent = 'invited' | 'accepted' | 'cancelled' | 'declined' | 'deleted';

export type FriendRefusal =
  'self' | 'alreadyFriends' | 'alreadyInvited' | 'ownInvite' | 'nothingPending' | 'notFriends';

export type FriendTransition =
  { ok: true; state: FriendshipState; event: FriendEvent } | { ok: false; reason: FriendRefusal; message: string };

const REFUSAL_TEXTS: Record<FriendRefusal, string> = {
  self: SOCIAL_TEXTS.friendSelf,
  alreadyFriends: SOCIAL_TEXTS.alreadyFriends,
  alreadyInvited: SOCIAL_TEXTS.inviteAlreadySent,
  ownInvite: SOCIAL_TEXTS.acceptOwnInvite,
  nothingPending: SOCIAL_TEXTS.noPendingInvite,
  notFriends: SOCIAL_TEXTS.notFriends,
};

const refuse = (reason: FriendRefusal): FriendTransition => ({ ok: false, reason, message: REFUSAL_TEXTS[reason] });
const to = (state: FriendshipState, event: FriendEvent): FriendTransition => ({ ok: true, state, event });

/**
 * The friendship state machine: `actor` does `action` towards `other` while the pair is in
 * `state`. Inviting someone who already invited you accepts their invitation (both want it);
 * deleting a pending row is the same as cancelling (or declining) it, since the delete icon
 * sits on every row in edit mode.
 */
export function friendshipTransition(
  state: FriendshipState | null | undefined,
  action: FriendAction,
  actor: string,
  other: string,
): FriendTransition {
  if (actor === other) return refuse('self');
  const view = friendView(state, actor);
  switch (action) {
    case 'invite':
      if (view === 'none') return to({ status: 'invited', inviter: actor }, 'invited');
      if (view === 'toMe') return to({ status: 'friends' }, 'accepted');
      return refuse(view === 'friend' ? 'alreadyFriends' : 'alreadyInvited');
    case 'accept':
      if (view === 'toMe') return to({ status: 'friends' }, 'accepted');
      if (view === 'sentByMe') return refuse('ownInvite');
      return refuse(view === 'friend' ? 'alreadyFriends' : 'nothingPending');
    case 'cancel':
      if (view === 'sentByMe') return to(NO_FRIENDSHIP, 'cancelled');
      if (view === 'toMe') return to(NO_FRIENDSHIP, 'declined');
      return refuse('nothingPending');
    case 'delete':
      if (view === 'friend') return to(NO_FRIENDSHIP, 'deleted');
      if (view === 'sentByMe') return to(NO_FRIENDSHIP, 'cancelled');
      if (view === 'toMe') return to(NO_FRIENDSHIP, 'declined');
      return refuse('notFriends');
  }
}
