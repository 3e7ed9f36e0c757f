import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_MOVE_MS, MATCH_TEXTS } from '@rush/domain';
import { MATCH_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DEFAULT_MATCHMAKING_OPTIONS } from '../../src/modules/matchmaking/module.ts';
import { matchRecords } from '../../src/modules/matchmaking/schema.ts';
import { START_ADOPT_MS, START_STALE_MS } from '../../src/modules/matchmaking/settlement.ts';
import type { Registered } from '../accounts/support.ts';
import { play } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, rc } from '../wallet/support/wallet.ts';
import { changed, current, matchPlayer, pairUp, recordsOf, startMatch, startMatchServer, wbxSeek } from './support.ts';

/** Both records of the match the user is in, put back to `starting` as a lost write would leave them. */
async function backToStarting(server: TestServer, uid: string, clock: ManualClock): Promise<string> {
  const [rec] = (await recordsOf(server, uid)).filter((r) => !r.cleared);
  await server.ctx.db
    .update(matchRecords)
    .set({ state: 'starting', gameId: null, updatedAt: clock.now() })
    .where(eq(matchRecords.matchId, rec!.matchId!));
  return rec!.matchId!;
}

describe.each(DB_KINDS)('a stalled match start (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ server, admin, clock } = await startMatchServer(kind));
  });
  afterAll(() => server?.stop());

  it('is adopted long before the first move is due', () => {
    // The sweep that adopts a game runs at most a sweep period after START_ADOPT_MS.
    expect(START_ADOPT_MS + DEFAULT_MATCHMAKING_OPTIONS.sweepEveryMs).toBeLessThanOrEqual(FIRST_MOVE_MS / 5);
    expect(START_ADOPT_MS).toBeLessThan(START_STALE_MS);
  });

  it('game created, records still starting (the database went away between the writes): playing within seconds, the game still open', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    const gameId = await startMatch(server, a, b, wbxSeek(50));
    await backToStarting(server, a.uid, clock);
    expect((await current(a)).state).toBe('starting');

    clock.advance(START_ADOPT_MS + 1);
    const adopted = await changed(a, (m) => m.state === 'playing');
    expect(adopted.gameId).toBe(gameId);
    expect((await changed(b, (m) => m.state === 'playing')).gameId).toBe(gameId);
    // Still inside the first move's deadline: the game is there to be played, and the stakes stay held.
    const view = await a.view(gameId);
    expect(view.status).toBe('started');
    expect(await rc(server, a.uid)).toBe(95_000n);
    expect(await rc(server, b.uid)).toBe(95_000n);
    const white = view.white.uid === a.uid ? a : b;
    const black = white === a ? b : a;
    await white.watch(gameId);
    await black.watch(gameId);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    expect((await white.cmd('game.resign', { gameId })).ok).toBe(true);
    expect((await changed(black, (m) => m.state === 'finished')).result).toMatchObject({ outcome: 'win' });
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });

  it('no game: left to its own start until START_STALE_MS, then both error and nothing is charged', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    clock.advance(3_000); // past the previous test's seek debounce
    await pairUp(server, a, b, wbxSeek(50));
    // Both accepted on an instance that died before taking the stakes.
    const matchId = await backToStarting(server, a.uid, clock);
    clock.advance(START_ADOPT_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 3 * DEFAULT_MATCHMAKING_OPTIONS.sweepEveryMs));
    expect((await current(a)).state).toBe('starting');

    clock.advance(START_STALE_MS);
    const failed = await changed(a, (m) => m.state === 'error');
    expect(failed.message).toBe(MATCH_TEXTS.couldNotStartGame);
    expect((await changed(b, (m) => m.state === 'error')).message).toBe(MATCH_TEXTS.couldNotStartGame);
    expect(await rc(server, a.uid)).toBe(100_000n);
    expect(await rc(server, b.uid)).toBe(100_000n);
    expect((await recordsOf(server, a.uid)).find((r) => r.matchId === matchId)?.gameId).toBeNull();
    expect((await a.http.post(MATCH_ROUTES.done, {})).status).toBeLessThan(500);
    await expectLedgerInvariants(server.ctx.db);
    a.close();
    b.close();
  });
});
