import { describe, expect, it } from 'vitest';
import {
  AppEvents,
  GameEvents,
  MatchmakingUserEvents,
  OnlineEvents,
  PlayUserEvents,
  PresenceEvents,
  PuzzleEvents,
  SocialUserEvents,
  TOPIC_KINDS,
  topicKindOf,
  UserEvents,
} from './topics.ts';
import { parseTopicEvent, TOPIC_EVENTS } from './events.ts';

describe('TOPIC_EVENTS (every realtime event, per topic kind)', () => {
  it('maps every declared event type, each on one kind only', () => {
    const keys = (kind: keyof typeof TOPIC_EVENTS) => Object.keys(TOPIC_EVENTS[kind]).sort();
    const values = (...maps: object[]) => maps.flatMap((m) => Object.values(m) as string[]).sort();
    expect(keys('user')).toEqual(values(UserEvents, MatchmakingUserEvents, PlayUserEvents, SocialUserEvents));
    const { chat, ...onGame } = GameEvents;
    expect(keys('game')).toEqual(values(onGame));
    expect(keys('game-chat')).toEqual([chat]);
    expect(keys('presence')).toEqual(values(PresenceEvents));
    expect(keys('app')).toEqual(values(AppEvents));
    expect([...keys('lobby'), ...keys('lobbies')].sort()).toEqual(values(PuzzleEvents));
    expect(keys('online')).toEqual(values(OnlineEvents));
    const all = Object.values(TOPIC_EVENTS).flatMap((m) => Object.keys(m));
    expect(new Set(all).size).toBe(all.length);
  });

  it('has a map for each topic kind, and only for those', () => {
    expect(Object.keys(TOPIC_EVENTS).sort()).toEqual([...TOPIC_KINDS].sort());
  });

  it.each([
    ['user:abc', 'user'],
    ['game:g1', 'game'],
    ['game-chat:g1', 'game-chat'],
    ['presence', 'presence'],
    ['lobbies', 'lobbies'],
    ['nowhere:1', null],
    ['__proto__', null],
  ])('topic %s is of kind %s', (topic, kind) => {
    expect(topicKindOf(topic)).toBe(kind);
  });

  it('parses an event of its kind and refuses others', () => {
    expect(parseTopicEvent('presence', { type: PresenceEvents.count, data: { online: 3 } })).toEqual({
      type: PresenceEvents.count,
      data: { online: 3 },
    });
    expect(parseTopicEvent('presence', { type: PresenceEvents.count, data: { online: 'three' } })).toBeNull();
    expect(parseTopicEvent('presence', { type: 'toString', data: {} })).toBeNull();
  });
});
