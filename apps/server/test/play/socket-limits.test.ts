import { Chess } from 'chess.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS } from '@rush/domain';
import { CLOSE_CODES, PLAY_TOPICS } from '@rush/protocol';
import { ManualClock } from '../../src/platform/clock.ts';
import { SOCKET_RATES } from '../../src/platform/realtime/socket-rates.ts';
import { USER_SOCKETS_REDIS_PREFIX } from '../../src/platform/realtime/user-sockets.ts';
import { register } from '../realtime/support/accounts.ts';
import { DB_KINDS, TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { startTwoInstances, clientOn } from '../support/two-instances.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { openSocket, Player, startGame, type Ack } from './support.ts';

/** The product's socket budgets (the other suites run with them multiplied: server.ts UNLIMITED_FOR_TESTS). */
const PRODUCT_LIMITS = { SOCKET_RATE_MULTIPLIER: '1' };

/** Sends `n` commands without waiting, then waits for every ack; in order. */
async function flood(p: Player, name: string, n: number, payload: (i: number) => unknown): Promise<Ack[]> {
  const ids = Array.from({ length: n }, (_, i) => p.send(name, payload(i)));
  // PGlite is enough: one socket's commands run one at a time, and its budget is counted in memory
  return Promise.all(ids.map((id) => p.ack(id, 15_000)));
}

/** `plies` legal moves of a game that does not end early: the first legal move, by SAN order, each time. */
function longGame(plies: number): string[] {
  const chess = new Chess();
  const out: string[] = [];
  while (out.length < plies) {
    const moves = chess.moves({ verbose: true }).filter((m) => {
      chess.move(m);
      const ends = chess.isGameOver();
      chess.undo();
      return !ends;
    });
    const m = moves.sort((a, b) => a.lan.localeCompare(b.lan))[out.length % moves.length]!;
    chess.move(m);
    out.push(m.lan);
  }
  return out;
}

/**
 * Issue 33, finding 3, through the real server: one socket sent 300 spectator chat lines in 1.9 s
 * (all stored, all fanned out), 300 player chat lines in 1.1 s, and one user opened 60 sockets.
 */
describe.each(DB_KINDS)('socket limits on %s', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual', env: PRODUCT_LIMITS });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  it('300 spectator chat lines on one socket: 10 stored and fanned out, the rest told to wait', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const chatter = await Player.join(server);
    await chatter.watch(gameId);
    const acks = await flood(chatter, 'spectator.chat', 300, (i) => ({ gameId, text: `line ${i}` }));
    const allowed = SOCKET_RATES.chat.socket;
    expect(acks.filter((a) => a.ok)).toHaveLength(allowed);
    for (const a of acks.filter((x) => !x.ok)) {
      const wait = a.error!.retryAfter!;
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(10);
      expect(a.error).toEqual({ code: 'RATE_LIMITED', message: PLAY_TEXTS.chatTooFast(wait), retryAfter: wait });
    }
    const kept = Array.from({ length: allowed }, (_, i) => `line ${i}`);
    expect((await white.view(gameId)).spectatorChat.map((l) => l.text)).toEqual(kept);
    await white.socket.ping();
    const heard = white.socket.messages.filter((m) => m.t === 'ev' && m.type === 'spectator.chat');
    expect(heard).toHaveLength(allowed);
    // The next window: one more line, but not the same one again (SPEC 5).
    clock.advance(10_000);
    expect((await chatter.cmd('spectator.chat', { gameId, text: 'LINE 9' })).error).toEqual({
      code: 'CONFLICT',
      message: PLAY_TEXTS.chatRepeat,
    });
    expect((await chatter.cmd('spectator.chat', { gameId, text: 'line 300' })).ok).toBe(true);
    for (const p of [white, black, chatter]) p.close();
  });

  it('300 player chat lines on one socket: 10 stored and delivered; a repeat of the last is refused', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    await black.follow(PLAY_TOPICS.playerChat(gameId));
    const acks = await flood(white, 'game.chat', 300, (i) => ({ gameId, text: `gl ${i}` }));
    const allowed = SOCKET_RATES.chat.socket;
    expect(acks.filter((a) => a.ok)).toHaveLength(allowed);
    expect(new Set(acks.filter((a) => !a.ok).map((a) => a.error?.code))).toEqual(new Set(['RATE_LIMITED']));
    expect((await black.view(gameId)).chat.map((l) => l.text)).toEqual(
      Array.from({ length: allowed }, (_, i) => `gl ${i}`),
    );
    await black.socket.ping();
    expect(black.socket.messages.filter((m) => m.t === 'ev' && m.type === 'game.chat')).toHaveLength(allowed);
    clock.advance(10_000);
    expect((await white.cmd('game.chat', { gameId, text: ' GL 9 ' })).error).toEqual({
      code: 'CONFLICT',
      message: PLAY_TEXTS.chatRepeat,
    });
    expect((await white.cmd('game.chat', { gameId, text: 'gl 9 again' })).ok).toBe(true);
    white.close();
    black.close();
  });

  it('a game played faster than any bullet player, every move sent three times, is never refused a move', async () => {
    clock.advance(10_000 - (clock.now().getTime() % 10_000)); // all in one window
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const moves = longGame(100);
    for (const [i, uci] of moves.entries()) {
      const ply = i + 1;
      const mover = ply % 2 === 1 ? white : black;
      // The move and two resends at once (a client resends unacknowledged moves after a reconnect).
      const acks = await flood(mover, 'game.move', 3, () => ({ gameId, ply, uci }));
      for (const a of acks) expect(a.ok, `ply ${ply}: ${JSON.stringify(a.error)}`).toBe(true);
    }
    // 150 move commands per player in one 10 s window, all played.
    expect((await white.view(gameId)).ply).toBe(100);
    white.close();
    black.close();
  });

  it('60 sockets of one user: the 10 newest stay open, the oldest are closed with 4009', async () => {
    const user = await register(server);
    const sockets = [];
    for (let i = 0; i < 60; i++) sockets.push(await openSocket(server.baseUrl, user.client));
    // PGlite is enough: the sockets opened one after another; this only waits for their closes
    const closes = await Promise.all(sockets.slice(0, 50).map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual(Array(50).fill(CLOSE_CODES.tooManySockets));
    for (const s of sockets.slice(50)) await s.ping();
    expect(sockets.slice(50).map((s) => s.closeCode)).toEqual(Array(10).fill(null));
    for (const s of sockets.slice(50)) s.close();
  });
});

/** Two instances on one PostgreSQL and one Redis: one user's budget and sockets are counted once. */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('socket limits on two instances (PostgreSQL + Redis)', () => {
  let A: TestServer;
  let B: TestServer;
  let stop: (() => Promise<void>) | undefined;
  const clock = new ManualClock();
  beforeAll(async () => {
    ({ A, B, stop } = await startTwoInstances({ env: PRODUCT_LIMITS, clock }));
  });
  afterAll(() => stop?.());

  it("one user's chat on both instances at once shares one budget", async () => {
    const { gameId, white, black } = await startGame(await Player.join(A), await Player.join(A));
    const u = await register(A);
    const onA = await Player.join(A, u);
    const onB = await Player.join(B, { ...u, client: clientOn(u.client, B) });
    await onA.watch(gameId);
    await onB.watch(gameId);
    const [a, b] = await Promise.all([
      flood(onA, 'spectator.chat', 8, (i) => ({ gameId, text: `a ${i}` })),
      flood(onB, 'spectator.chat', 8, (i) => ({ gameId, text: `b ${i}` })),
    ]);
    const ok = [...a, ...b].filter((x) => x.ok).length;
    expect(ok).toBe(SOCKET_RATES.chat.user);
    expect((await white.view(gameId)).spectatorChat).toHaveLength(SOCKET_RATES.chat.user);
    for (const p of [white, black, onA, onB]) p.close();
  });

  it("one user's sockets on both instances count together: the oldest, on A, close for the newest on B", async () => {
    const u = await register(A);
    const onB = clientOn(u.client, B);
    const sockets = [];
    for (let i = 0; i < 6; i++) sockets.push(await openSocket(A.baseUrl, u.client));
    for (let i = 0; i < 6; i++) sockets.push(await openSocket(B.baseUrl, onB));
    // PGlite is enough: the sockets opened one after another; this only waits for their closes
    const closes = await Promise.all(sockets.slice(0, 2).map((s) => s.closed));
    expect(closes.map((c) => c.code)).toEqual([CLOSE_CODES.tooManySockets, CLOSE_CODES.tooManySockets]);
    for (const s of sockets.slice(2)) await s.ping();
    expect(sockets.slice(2).map((s) => s.closeCode)).toEqual(Array(10).fill(null));
    // A closed socket leaves the count: one more on B closes only the next oldest (on A).
    sockets[11]!.close();
    await sockets[11]!.closed;
    const redis = new Redis(TEST_REDIS_URL!);
    try {
      const key = `${USER_SOCKETS_REDIS_PREFIX}${u.uid}`;
      for (let tries = 0; (await redis.zcard(key)) !== 9; tries++) {
        if (tries > 500) throw new Error('the closed socket was never forgotten');
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      redis.disconnect();
    }
    sockets.push(await openSocket(B.baseUrl, onB));
    for (const s of sockets.slice(2, 11)) await s.ping();
    expect(sockets.slice(2, 11).map((s) => s.closeCode)).toEqual(Array(9).fill(null));
    for (const s of sockets.slice(2)) s.close();
  });
});
