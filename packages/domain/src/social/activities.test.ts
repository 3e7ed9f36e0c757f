import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  actionFor,
  canAddFriend,
  sortOnline,
  type ActivityType,
  type OnlineAction,
  type OnlineStatus,
} from './activities.ts';
import type { FriendView } from './friendship.ts';

const now = 10_000_000;
const user = (uid: string, type: ActivityType | null, extra: Partial<OnlineStatus> = {}): OnlineStatus => ({
  uid,
  username: uid,
  visible: true,
  state: 'online',
  lastChanged: now,
  activity: type ? { type } : null,
  ...extra,
});

describe('sortOnline (SPEC 3: activity types sorted)', () => {
  it('orders by the SPEC order, then by username, then uid; no activity last', () => {
    const users = [
      user('zed', 'idle'),
      user('none', null),
      user('amy', 'browsing'),
      user('Bob', 'match_making'),
      user('al', 'match_making'),
      user('p1', 'single-puzzle'),
      user('p2', 'battle-puzzle'),
      user('g', 'game_in_progress'),
      user('s', 'battle-puzzle-search'),
    ];
    expect(sortOnline(users).map((u) => u.uid)).toEqual(['al', 'Bob', 's', 'g', 'p2', 'p1', 'amy', 'zed', 'none']);
  });

  it('keeps the SPEC order of activity types', () => {
    expect(ACTIVITY_TYPES).toEqual([
      'match_making',
      'battle-puzzle-search',
      'game_in_progress',
      'battle-puzzle',
      'single-puzzle',
      'browsing',
      'idle',
    ]);
  });
});

describe('actionFor (SPEC 2: Join, Spectate, Challenge; SPEC 6: not on one’s own entry)', () => {
  it.each<[ActivityType | null, OnlineAction]>([
    ['match_making', 'join'],
    ['battle-puzzle-search', 'join'],
    ['game_in_progress', 'spectate'],
    ['battle-puzzle', 'challenge'],
    ['single-puzzle', 'challenge'],
    ['browsing', 'challenge'],
    ['idle', 'challenge'],
    [null, 'challenge'],
  ])('%s -> %s', (type, action) => {
    const activity = type ? { type } : null;
    expect(actionFor(activity, { isMe: false, view: 'none' })).toBe(action);
    expect(actionFor(activity, { isMe: false, view: 'friend' })).toBe(action);
    expect(actionFor(activity, { isMe: true, view: 'none' })).toBeNull();
  });
});

describe('canAddFriend (SPEC 6: add-friend only if not friends)', () => {
  it.each<[boolean, FriendView, boolean]>([
    [false, 'none', true],
    [false, 'friend', false],
    [false, 'sentByMe', false],
    [false, 'toMe', false],
    [true, 'none', false],
  ])('isMe=%s view=%s -> %s', (isMe, view, ok) => {
    expect(canAddFriend({ isMe, view })).toBe(ok);
  });
});
