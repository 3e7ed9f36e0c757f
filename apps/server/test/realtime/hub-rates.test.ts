import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PLAY_TEXTS, TEXTS } from '@rush/domain';
import { CLOSE_CODES, type ServerMessage } from '@rush/protocol';
import { SOCKET_RATE_WINDOW_MS, SOCKET_RATES } from '../../src/platform/realtime/socket-rates.ts';
import { eventually, ORIGIN, sessionCookie, startHubApp, type HubApp } from './support/hub-app.ts';
import { TestSocket } from './support/socket-client.ts';

type Ack = Extract<ServerMessage, { t: 'ack' }>;

/**
 * Issue 33 at the hub: every command, subscription and presence frame counts against the
 * socket's and the user's budget of its class (the product's numbers, a clock the test moves),
 * and a user's sockets are bounded. The same flows through the real server: play/socket-limits.test.ts.
 */
describe('hub: socket rates and the sockets-per-user bound', () => {
  let h: HubApp | undefined;
  let now = 1_768_478_400_000; // the start of a window
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  const handled: string[] = [];
  const presence: string[] = [];
  async function start(socketsPerUser?: number): Promise<HubApp> {
    handled.length = 0;
    presence.length = 0;
    h = await startHubApp({
      hub: { rates: SOCKET_RATES, now: () => now, ...(socketsPerUser ? { socketsPerUser } : {}) },
    });
    h.hub.registerCommand('room.say', {
      schema: z.object({ text: z.string() }),
      rate: 'chat',
      handle: (_conn, p) => void handled.push(p.text),
    });
    h.hub.registerCommand('room.move', {
      schema: z.object({ n: z.number() }),
      rate: 'move',
      handle: (_conn, p) => void handled.push(`move ${p.n}`),
    });
    h.hub.registerCommand('room.new', { schema: z.unknown(), handle: () => void handled.push('new') });
    h.hub.registerTopic('room', { authorize: () => true });
    h.hub.addListener({ onPresence: (_c, state) => void presence.push(state) });
    return h;
  }

  const socketOf = (user: string, session = 's1') =>
    TestSocket.connect(h!.url, { origin: ORIGIN, cookie: sessionCookie(user, session) });

  /** Sends `n` commands at once and returns their acks in order. */
  async function burst(s: TestSocket, name: string, n: number, payload: (i: number) => unknown): Promise<Ack[]> {
    const first = s.messages.length;
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const id = 10_000 + first + i;
      ids.push(id);
      s.send({ t: 'cmd', id, name, payload: payload(i) });
    }
    // A refusal is sent at once, before the queued commands' acks: wait for every one.
    const acks = new Map<number, Ack>();
    const want = new Set(ids);
    while (acks.size < ids.length) {
      const m = await s.next<Ack>((x) => x.t === 'ack' && want.has(x.id), 15_000);
      acks.set(m.id, m);
    }
    return ids.map((id) => acks.get(id)!);
  }

  it('300 chat lines on one socket: 10 reach the handler, the rest are refused with the wait', async () => {
    await start();
    const s = await socketOf('u1');
    now += 4_000; // 6 s left in the window
    const acks = await burst(s, 'room.say', 300, (i) => ({ text: `line ${i}` }));
    expect(acks.filter((a) => a.ok)).toHaveLength(SOCKET_RATES.chat.socket);
    expect(handled).toEqual(Array.from({ length: 10 }, (_, i) => `line ${i}`));
    const refused = acks.filter((a) => !a.ok);
    expect(refused).toHaveLength(290);
    expect(h!.hub.stats().rateRefusals).toBe(290);
    for (const a of refused)
      expect(a.error).toEqual({ code: 'RATE_LIMITED', message: PLAY_TEXTS.chatTooFast(6), retryAfter: 6 });
    // The next window has a fresh budget.
    now += 6_000;
    expect((await burst(s, 'room.say', 1, () => ({ text: 'later' })))[0]!.ok).toBe(true);
    s.close();
  });

  it("a user's sockets share one budget", async () => {
    await start();
    const a = await socketOf('u2');
    const b = await socketOf('u2');
    const other = await socketOf('u3');
    const onA = await burst(a, 'room.say', 6, (i) => ({ text: `a${i}` }));
    const onB = await burst(b, 'room.say', 6, (i) => ({ text: `b${i}` }));
    expect(onA.every((x) => x.ok)).toBe(true);
    expect(onB.map((x) => x.ok)).toEqual([true, true, true, true, false, false]);
    expect(onB[5]!.error?.code).toBe('RATE_LIMITED');
    // Someone else is not affected.
    expect((await burst(other, 'room.say', 1, () => ({ text: 'hi' })))[0]!.ok).toBe(true);
    for (const s of [a, b, other]) s.close();
  });

  it('visitors have only their socket budgets: two behind one address and browser do not share one', async () => {
    await start();
    const [v1, v2] = [
      await TestSocket.connect(h!.url, { origin: ORIGIN }),
      await TestSocket.connect(h!.url, { origin: ORIGIN }),
    ];
    const first = await burst(v1, 'room.say', 10, (i) => ({ text: `v1 ${i}` }));
    const second = await burst(v2, 'room.say', 10, (i) => ({ text: `v2 ${i}` }));
    expect([...first, ...second].every((a) => a.ok)).toBe(true);
    expect((await burst(v2, 'room.say', 1, () => ({ text: 'v2 more' })))[0]!.error?.code).toBe('RATE_LIMITED');
    v1.close();
    v2.close();
  });

  it('with the shared counter unreachable, the user budget is skipped and the socket budget still holds', async () => {
    const lines: string[] = [];
    h = await startHubApp({
      hub: {
        rates: SOCKET_RATES,
        now: () => now,
        sharedRateCounter: { hit: () => Promise.reject(new Error('ECONNREFUSED')) },
      },
      logTo: { write: (line) => void lines.push(line) },
    });
    h.hub.registerCommand('room.say', { schema: z.object({ text: z.string() }), rate: 'chat', handle: () => true });
    const [a, b] = [await socketOf('u9'), await socketOf('u9')];
    const onA = await burst(a, 'room.say', 15, (i) => ({ text: `a${i}` }));
    const onB = await burst(b, 'room.say', 15, (i) => ({ text: `b${i}` }));
    expect([onA, onB].map((acks) => acks.filter((x) => x.ok).length)).toEqual([10, 10]);
    expect(lines.filter((l) => l.includes('socket rate counter unavailable'))).toHaveLength(1);
    a.close();
    b.close();
  });

  it('a command that declares no class is strict; moves have a budget no player reaches', async () => {
    await start();
    const s = await socketOf('u4');
    const news = await burst(s, 'room.new', 15, () => null);
    expect(news.filter((a) => a.ok)).toHaveLength(SOCKET_RATES.strict.socket);
    expect(news[14]!.error).toMatchObject({ code: 'RATE_LIMITED', message: TEXTS.rateLimitedRetryIn(10) });
    // 150 moves in the same instant (more than a bullet game's premoves in 10 s): every one is
    // played. In bursts of 50: the socket's queue holds 100 frames (connection.ts maxQueued).
    for (let round = 0; round < 3; round++) {
      const moves = await burst(s, 'room.move', 50, (n) => ({ n }));
      expect(moves.every((a) => a.ok)).toBe(true);
    }
    s.close();
  });

  it('subscriptions beyond the budget are refused with the wait; presence beyond it is dropped', async () => {
    await start();
    const s = await socketOf('u5');
    // In rounds of 50, as the socket's queue holds 100 frames.
    for (let i = 0; i < 210; i++) {
      s.send({ t: 'sub', topic: `room:r${i}` });
      if (i % 50 === 49) await s.next((m) => 'topic' in m && m.topic === `room:r${i}`);
    }
    await s.next((m) => m.t === 'err' && m.topic === 'room:r209', 15_000);
    const answers = s.messages.filter((m) => m.t === 'subscribed' || m.t === 'err');
    expect(answers.filter((m) => m.t === 'subscribed')).toHaveLength(SOCKET_RATES.subscribe.socket);
    expect(answers.filter((m) => m.t === 'err')).toEqual(
      Array.from({ length: 10 }, (_, i) => ({
        t: 'err',
        code: 'RATE_LIMITED',
        message: TEXTS.rateLimitedRetryIn(10),
        topic: `room:r${200 + i}`,
        retryAfter: 10,
      })),
    );
    for (let i = 0; i < 50; i++) s.send({ t: 'presence', state: i % 2 ? 'idle' : 'online' });
    await eventually(() => presence.length >= SOCKET_RATES.presence.socket);
    await s.ping();
    // Still open: refusals are answers, not bad messages.
    expect(s.closeCode).toBeNull();
    expect(presence).toHaveLength(SOCKET_RATES.presence.socket);
    s.close();
  });

  it('60 sockets of one user: the 10 newest stay, the 50 oldest are closed with their own code', async () => {
    await start();
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 60; i++) sockets.push(await socketOf('u6'));
    const visitor = await TestSocket.connect(h!.url, { origin: ORIGIN });
    const closes = await Promise.all(sockets.slice(0, 50).map((s) => s.closed));
    expect(new Set(closes.map((c) => c.code))).toEqual(new Set([CLOSE_CODES.tooManySockets]));
    for (const s of sockets.slice(50)) await s.ping();
    expect(sockets.slice(50).every((s) => s.closeCode === null)).toBe(true);
    expect(h!.hub.stats()).toMatchObject({ connections: 11, socketsOverLimit: 50 });
    for (const s of [...sockets.slice(50), visitor]) s.close();
  });

  it('the bound is a setting', async () => {
    await start(2);
    const [a, b, c] = [await socketOf('u7'), await socketOf('u7'), await socketOf('u7')];
    expect((await a.closed).code).toBe(CLOSE_CODES.tooManySockets);
    await b.ping();
    await c.ping();
    expect([b.closeCode, c.closeCode]).toEqual([null, null]);
    b.close();
    c.close();
  });

  it('each window is the clock’s: the budget returns when the window turns, not before', async () => {
    await start();
    const s = await socketOf('u8');
    now = Math.ceil(now / SOCKET_RATE_WINDOW_MS) * SOCKET_RATE_WINDOW_MS + 9_000;
    expect((await burst(s, 'room.say', 11, (i) => ({ text: `x${i}` })))[10]!.error?.retryAfter).toBe(1);
    now += 999;
    expect((await burst(s, 'room.say', 1, () => ({ text: 'y' })))[0]!.ok).toBe(false);
    now += 1;
    expect((await burst(s, 'room.say', 1, () => ({ text: 'z' })))[0]!.ok).toBe(true);
    s.close();
  });
});
