import { describe, expect, test } from 'vitest';
import { GameEvents, PLAY_TOPICS, TOPICS, UserEvents } from '@rush/protocol';
import { parseEvent } from './events.ts';

describe('parseEvent (every realtime event through the protocol map)', () => {
  test('a known event with fitting data is typed by its topic', () => {
    const e = parseEvent(TOPICS.user('u1'), { type: UserEvents.sessionReplaced, data: { sessionId: 's' } });
    expect(e).toEqual({ type: UserEvents.sessionReplaced, data: { sessionId: 's' } });
    if (e?.type === UserEvents.sessionReplaced) expect(e.data.sessionId).toBe('s');
  });

  test.each([
    ['unknown type on the topic', TOPICS.user('u1'), { type: GameEvents.moved, data: {} }],
    ['data of the wrong shape', PLAY_TOPICS.game('g1'), { type: GameEvents.spectators, data: { gameId: 'g1' } }],
    ['a topic nobody publishes on', 'nowhere:1', { type: 'x', data: {} }],
  ])('%s is dropped', (_name, topic, event) => {
    expect(parseEvent(topic, event)).toBeNull();
  });

  test('the admin topic carries admin.changed with a section (issue 12)', () => {
    expect(parseEvent('admin', { type: 'admin.changed', data: { section: 'bans' } })).toEqual({
      type: 'admin.changed',
      data: { section: 'bans' },
    });
    expect(parseEvent('admin', { type: 'admin.changed', data: { section: 'nowhere' } })).toBeNull();
  });
});
