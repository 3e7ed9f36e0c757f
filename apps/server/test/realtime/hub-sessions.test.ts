import { raw } from './support/raw-hub.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES, UserEvents } from '@rush/protocol';
import type { Connection } from '../../src/platform/realtime/types.ts';
import { eventually, ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { TestSocket } from './support/socket-client.ts';

/** SPEC 4 "Single session", as the hub enforces it from the events on `user:{uid}`. */
describe('hub: single session', () => {
  let h: HubApp | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  const as = (user: string, session: string) =>
    TestSocket.connect(h!.url, { origin: ORIGIN, cookie: sessionCookie(user, session) });

  it('session.replaced closes (4002) every socket of the user from other sessions, after delivering the event', async () => {
    h = await startHubApp();
    const old1 = await as('u1', 'old');
    const old2 = await as('u1', 'old');
    const kept = await as('u1', 'new');
    const otherUser = await as('u2', 'old');
    await old1.subscribe('user:u1');
    await kept.subscribe('user:u1');

    await raw(h.hub).publish('user:u1', UserEvents.sessionReplaced, { sessionId: 'new' });

    expect((await old1.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    expect((await old2.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    // The page learns why before its socket goes.
    expect(old1.messages.at(-1)).toMatchObject({
      t: 'ev',
      type: UserEvents.sessionReplaced,
      data: { sessionId: 'new' },
    });
    expect(await kept.next((m) => m.t === 'ev')).toMatchObject({ type: UserEvents.sessionReplaced });
    await kept.ping();
    await otherUser.ping();
    expect(kept.closeCode).toBeNull();
    expect(otherUser.closeCode).toBeNull();
    kept.close();
    otherUser.close();
  });

  it('session.ended closes (4003) only the sockets of that session', async () => {
    h = await startHubApp();
    const ending = await as('u1', 's1');
    const other = await as('u1', 's2');
    await raw(h.hub).publish('user:u1', UserEvents.loggedOut, { sessionId: 's1' });
    expect((await ending.closed).code).toBe(CLOSE_CODES.loggedOut);
    await other.ping();
    expect(other.closeCode).toBeNull();
    other.close();
  });

  it('a session event without a sessionId, or on another topic, closes nothing', async () => {
    h = await startHubApp();
    h.hub.registerTopic('game', { authorize: () => true });
    const s = await as('u1', 's1');
    await raw(h.hub).publish('user:u1', UserEvents.sessionReplaced, { nope: true });
    await raw(h.hub).publish('game:u1', UserEvents.sessionReplaced, { sessionId: 'x' });
    await s.ping();
    expect(s.closeCode).toBeNull();
    s.close();
  });

  it('disconnect listeners run for sockets closed this way', async () => {
    h = await startHubApp();
    const gone: Array<string | null> = [];
    h.hub.addListener({ onDisconnect: (c: Connection) => void gone.push(c.sessionPublicId) });
    await as('u1', 'a');
    await raw(h.hub).publish('user:u1', UserEvents.sessionReplaced, { sessionId: 'b' });
    await eventually(() => gone.length === 1);
    expect(gone).toEqual(['a']);
  });

  it('closeUserSockets closes a user’s sockets here, optionally sparing one session', async () => {
    h = await startHubApp();
    const a = await as('u1', 'a');
    const b = await as('u1', 'b');
    const c = await as('u2', 'a');
    h.hub.closeUserSockets('u1', CLOSE_CODES.sessionReplaced, 'session replaced', 'b');
    expect((await a.closed).code).toBe(CLOSE_CODES.sessionReplaced);
    await b.ping();
    h.hub.closeUserSockets('u1', CLOSE_CODES.loggedOut, 'x'.repeat(300)); // over-long reason is cut, not thrown
    expect((await b.closed).code).toBe(CLOSE_CODES.loggedOut);
    await c.ping();
    c.close();
  });
});
