import { raw } from './support/raw-hub.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { flakyBus } from './support/flaky-bus.ts';
import { ORIGIN, startHubApp, type HubApp } from './support/hub-app.ts';
import { events, TestSocket } from './support/socket-client.ts';

describe('hub: after the bus may have lost events', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it('sends a subscribed socket the events its instance missed, once, in order', async () => {
    const flaky = flakyBus();
    h = await startHubApp({ bus: flaky.bus });
    h.hub.registerTopic('game', { authorize: () => true });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    await s.subscribe('game:1');
    await raw(h.hub).publish('game:1', 'n', 1);
    await s.next((m) => m.t === 'ev' && m.v === 1);
    flaky.mute(true);
    await raw(h.hub).publish('game:1', 'n', 2);
    await raw(h.hub).publish('game:1', 'n', 3);
    flaky.mute(false);
    flaky.resume();
    await s.next((m) => m.t === 'ev' && m.v === 3);
    await raw(h.hub).publish('game:1', 'n', 4);
    await s.next((m) => m.t === 'ev' && m.v === 4);
    expect(events(s.messages).map((e) => e.v)).toEqual([1, 2, 3, 4]);
    s.close();
  });

  it('after the counters were lost (ahead of the bus), the socket gets a resync and the new events', async () => {
    const flaky = flakyBus();
    h = await startHubApp({ bus: flaky.bus });
    h.hub.registerTopic('game', { authorize: () => true, snapshot: () => ({ fresh: true }) });
    const s = await TestSocket.connect(h.url, { origin: ORIGIN });
    await s.subscribe('game:1');
    for (let i = 1; i <= 5; i++) await raw(h.hub).publish('game:1', 'n', i);
    await s.next((m) => m.t === 'ev' && m.v === 5);
    flaky.wipe();
    flaky.resume();
    expect(await s.next((m) => m.t === 'resync')).toEqual({
      t: 'resync',
      topic: 'game:1',
      v: 0,
      snapshot: { fresh: true },
    });
    // Without the resync the new v1 would look like an old duplicate and be dropped.
    await raw(h.hub).publish('game:1', 'n', 'after restart');
    expect(await s.next((m) => m.t === 'ev' && m.data === 'after restart')).toMatchObject({ v: 1 });
    s.close();
  });
});
