import type { PresenceState } from '../presence/presence.ts';
import type { FriendView } from './friendship.ts';

/** SPEC 3 activity types, in the SPEC's sort order (most joinable first). */
export const ACTIVITY_TYPES = [
  'match_making',
  'battle-puzzle-search',
  'game_in_progress',
  'battle-puzzle',
  'single-puzzle',
  'browsing',
  'idle',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** SPEC 3 "activity {title, type, query, elo, owner, privacy}". */
export interface Activity {
  type: ActivityType;
  title?: string | null;
  query?: string | null;
  elo?: number | null;
  owner?: string | null;
  privacy?: 'public' | 'private' | null;
}

/** SPEC 3 "Online status: visible, state (online, idle, offline), last_changed, activity". */
export interface OnlineStatus {
  uid: string;
  username: string;
  visible: boolean;
  state: PresenceState;
  /** ms since the epoch */
  lastChanged: number;
  activity: Activity | null;
}

const rank = (a: Activity | null): number => (a ? ACTIVITY_TYPES.indexOf(a.type) : ACTIVITY_TYPES.length);

/**
 * SPEC 3 "Activity types sorted": by that order; within a type by username (case-insensitive),
 * then uid, so the list does not shuffle between updates. No activity sorts last.
 */
export function sortOnline<U extends Pick<OnlineStatus, 'uid' | 'username' | 'activity'>>(users: readonly U[]): U[] {
  return [...users].sort((a, b) => {
    const byRank = rank(a.activity) - rank(b.activity);
    if (byRank !== 0) return byRank;
    const an = a.username.toLowerCase();
    const bn = b.username.toLowerCase();
    if (an !== bn) return an < bn ? -1 : 1;
    return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
  });
}

/** How the viewer relates to an online-list entry. */
export interface EntryRelation {
  isMe: boolean;
  view: FriendView;
}

export type OnlineAction = 'join' | 'spectate' | 'challenge';

/**
 * SPEC 2 landing actions: Join (match_making, battle-puzzle-search), Spectate
 * (game_in_progress), Challenge (puzzle, browsing, idle). SPEC 6: nobody acts on their own
 * entry. Challenge does not need friendship (the landing offers it to everyone online).
 */
export function actionFor(activity: Activity | null, rel: EntryRelation): OnlineAction | null {
  if (rel.isMe) return null;
  switch (activity?.type ?? 'idle') {
    case 'match_making':
    case 'battle-puzzle-search':
      return 'join';
    case 'game_in_progress':
      return 'spectate';
    case 'battle-puzzle':
    case 'single-puzzle':
    case 'browsing':
    case 'idle':
      return 'challenge';
  }
}

/**
 * SPEC 6 "add-friend only if not friends": also not while an invitation is pending either way
 * (Accept/Cancel live in the friends list), and never on one's own entry.
 */
export const canAddFriend = (rel: EntryRelation): boolean => !rel.isMe && rel.view === 'none';
