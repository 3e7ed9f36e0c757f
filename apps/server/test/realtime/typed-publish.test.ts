import { describe, expect, it } from 'vitest';
import { GameEvents, PLAY_TOPICS, TOPICS, UserEvents, type TopicEvent } from '@rush/protocol';
import type { RealtimeHub } from '../../src/platform/realtime/types.ts';

/** A hub that records what modules publish: enough to see the typed signature at work. */
function recordingHub() {
  const sent: [string, string, unknown][] = [];
  const hub: Pick<RealtimeHub, 'publish'> = {
    publish: (topic, type, data) => {
      sent.push([topic, type, data]);
      return Promise.resolve({ t: 'ev', topic, type, data, v: sent.length } satisfies TopicEvent);
    },
  };
  return { hub, sent };
}

describe('publish is typed by the protocol map (TOPIC_EVENTS)', () => {
  it('takes an event of the topic kind with its data shape', async () => {
    const { hub, sent } = recordingHub();
    await hub.publish(TOPICS.user('u1'), UserEvents.sessionReplaced, { sessionId: 's1' });
    await hub.publish(PLAY_TOPICS.game('g1'), GameEvents.spectators, { gameId: 'g1', count: 2 });
    // The compiler refuses what the web could not parse (checked by `npm run typecheck`):
    // @ts-expect-error a game event on a user topic
    await hub.publish(TOPICS.user('u1'), GameEvents.spectators, { gameId: 'g1', count: 2 });
    // @ts-expect-error data of the wrong shape
    await hub.publish(TOPICS.user('u1'), UserEvents.sessionReplaced, { session: 's1' });
    // @ts-expect-error an event no topic carries
    await hub.publish(TOPICS.presence, 'presence.changed', { online: 1 });
    expect(sent.map(([topic, type]) => `${topic} ${type}`)).toEqual([
      'user:u1 session.replaced',
      'game:g1 game.spectators',
      'user:u1 game.spectators',
      'user:u1 session.replaced',
      'presence presence.changed',
    ]);
  });
});
