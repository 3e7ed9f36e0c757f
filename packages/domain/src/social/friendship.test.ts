import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FRIEND_ACTIONS,
  NO_FRIENDSHIP,
  friendButton,
  friendView,
  friendshipTransition,
  isListed,
  pendingInviteCount,
  challengeDisabled,
  type FriendAction,
  type FriendshipState,
  type FriendView,
} from './friendship.ts';
import { SOCIAL_TEXTS } from './texts.ts';

const A = 'uid-a';
const B = 'uid-b';
const other = (u: string) => (u === A ? B : A);

const none: FriendshipState = NO_FRIENDSHIP;
const byA: FriendshipState = { status: 'invited', inviter: A };
const friends: FriendshipState = { status: 'friends' };

describe('friendView (SPEC 4: none, invited sent by me / to me, friend)', () => {
  it.each<[string, FriendshipState | null, string, FriendView]>([
    ['no entry', null, A, 'none'],
    ['removed', none, A, 'none'],
    ['invited by me', byA, A, 'sentByMe'],
    ['invited by the other', byA, B, 'toMe'],
    ['friends', friends, A, 'friend'],
    ['friends, other side', friends, B, 'friend'],
  ])('%s -> %s', (_name, state, me, view) => {
    expect(friendView(state, me)).toBe(view);
  });

  it('hides removed and not-invited entries, lists the rest', () => {
    expect(isListed('none')).toBe(false);
    expect((['sentByMe', 'toMe', 'friend'] as const).every(isListed)).toBe(true);
  });
});

describe('friendButton (SPEC 2: Challenge / Accept Invite / Cancel Invite)', () => {
  it.each<[FriendView, string | null, string | null]>([
    ['friend', 'Challenge', 'challenge'],
    ['toMe', 'Accept Invite', 'accept'],
    ['sentByMe', 'Cancel Invite', 'cancel'],
    ['none', null, null],
  ])('%s -> %s', (view, label, action) => {
    const button = friendButton(view);
    expect(button?.label ?? null).toBe(label);
    expect(button?.action ?? null).toBe(action);
  });

  it('disables Challenge for a banned friend and for a banned user', () => {
    expect(challengeDisabled({ friendBanned: true, meBanned: false })).toBe(true);
    expect(challengeDisabled({ friendBanned: false, meBanned: true })).toBe(true);
    expect(challengeDisabled({ friendBanned: false, meBanned: false })).toBe(false);
  });
});

describe('friendshipTransition (SPEC 4 friends state machine)', () => {
  type Row = [string, FriendshipState | null, string, FriendAction, FriendshipState | string, string | null];
  // [name, state, actor, action, next state or refusal text, event]
  it.each<Row>([
    ['invite from nothing', null, A, 'invite', byA, 'invited'],
    ['invite after a removal', none, A, 'invite', byA, 'invited'],
    ['invite again', byA, A, 'invite', SOCIAL_TEXTS.inviteAlreadySent, null],
    ['invite someone who invited you = accept', byA, B, 'invite', friends, 'accepted'],
    ['invite a friend', friends, A, 'invite', SOCIAL_TEXTS.alreadyFriends, null],
    ['accept an invitation to me', byA, B, 'accept', friends, 'accepted'],
    ['accept my own invitation', byA, A, 'accept', SOCIAL_TEXTS.acceptOwnInvite, null],
    ['accept with nothing pending', none, A, 'accept', SOCIAL_TEXTS.noPendingInvite, null],
    ['accept with no entry', null, B, 'accept', SOCIAL_TEXTS.noPendingInvite, null],
    ['accept a friend', friends, B, 'accept', SOCIAL_TEXTS.alreadyFriends, null],
    ['cancel my invitation', byA, A, 'cancel', none, 'cancelled'],
    ['decline = cancel by the invitee', byA, B, 'cancel', none, 'declined'],
    ['cancel with nothing pending', none, A, 'cancel', SOCIAL_TEXTS.noPendingInvite, null],
    ['cancel a friendship', friends, A, 'cancel', SOCIAL_TEXTS.noPendingInvite, null],
    ['delete a friend', friends, B, 'delete', none, 'deleted'],
    ['delete my pending row', byA, A, 'delete', none, 'cancelled'],
    ['delete a pending row to me', byA, B, 'delete', none, 'declined'],
    ['delete a stranger', none, A, 'delete', SOCIAL_TEXTS.notFriends, null],
  ])('%s', (_name, state, actor, action, expected, event) => {
    const result = friendshipTransition(state, action, actor, other(actor));
    if (typeof expected === 'string') {
      expect(result).toMatchObject({ ok: false, message: expected });
    } else {
      expect(result).toEqual({ ok: true, state: expected, event });
    }
  });

  it.each(FRIEND_ACTIONS)('refuses %s towards oneself', (action) => {
    expect(friendshipTransition(null, action, A, A)).toEqual({
      ok: false,
      reason: 'self',
      message: SOCIAL_TEXTS.friendSelf,
    });
  });

  it('counts the pending-invite badge from invitations to me only', () => {
    const states: FriendshipState[] = [byA, { status: 'invited', inviter: 'uid-c' }, friends, none];
    expect(pendingInviteCount(states, B)).toBe(2);
    expect(pendingInviteCount(states, A)).toBe(1);
  });
});

describe('friendship properties', () => {
  const step = fc.record({ actor: fc.constantFrom(A, B), action: fc.constantFrom(...FRIEND_ACTIONS) });
  const mirror: Record<FriendView, FriendView> = { none: 'none', friend: 'friend', sentByMe: 'toMe', toMe: 'sentByMe' };

  it('any sequence of actions by two users keeps a valid state both see consistently', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state: FriendshipState | null = null;
        for (const { actor, action } of steps) {
          const before = state;
          const result = friendshipTransition(state, action, actor, other(actor));
          if (result.ok) state = result.state;
          else expect(state).toBe(before); // a refusal changes nothing
          // Valid: an invitation always names one of the pair.
          if (state?.status === 'invited') expect([A, B]).toContain(state.inviter);
          // Consistent: if A sees sentByMe then B sees toMe, and so on.
          expect(friendView(state, B)).toBe(mirror[friendView(state, A)]);
        }
      }),
    );
  });

  it('an accepted action always changes what the actor sees', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let state: FriendshipState | null = null;
        for (const { actor, action } of steps) {
          const result = friendshipTransition(state, action, actor, other(actor));
          if (result.ok) {
            expect(friendView(result.state, actor)).not.toBe(friendView(state, actor));
            state = result.state;
          }
        }
      }),
    );
  });
});
