import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { settlePot } from '@rush/domain';
import { FAIRPLAY_ROUTES, type HeldGamesResponse } from '@rush/protocol';
import { fairplayJobs } from '../../src/modules/fairplay/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { matchPlayer, startMatch, usdSeek } from '../matchmaking/support.ts';
import { createTestDatabase, DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, usd } from '../wallet/support/wallet.ts';
import { analysed, colours, gameRow, jobRow, playGame, startFairplayServer } from './support.ts';

const POT = 1000n;

describe.each(DB_KINDS)('fair play across restarts (%s)', (kind) => {
  let database: Database | undefined;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it("a queued analysis waits for a worker (no payout meanwhile), a dead worker's lease is taken over, and the held pot survives restarts", async () => {
    database = await createTestDatabase(kind);
    // 1. An instance without the worker: the game ends, its analysis is queued, nobody is paid.
    let started = await startFairplayServer(kind, { database, env: { FAIRPLAY_WORKER: 'false' } });
    server = started.server;
    const admin = started.admin;
    const a = await matchPlayer(server, admin, { usd: 5_000 });
    const b = await matchPlayer(server, admin, { usd: 5_000 });
    const gameId = await startMatch(server, a, b, usdSeek(server, 5));
    const { white, black } = await colours(a, b, gameId);
    await playGame(started.clock, gameId, white, black, { white: 'engine', black: 'human' }, 44);
    const before = await usd(server, white.uid);
    expect((await black.cmd('game.resign', { gameId })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const ref = (await gameRow(server, gameId)).source!;
    const escrow = () => readBalance(database!.db, accountOf.escrow(ref, 'usd').id);
    expect((await jobRow(server, gameId))?.state).toBe('queued');
    expect(await escrow()).toBe(POT);
    expect(await usd(server, white.uid)).toBe(before);
    // A worker took the job and died holding it: its lease is still good for 10 minutes.
    const leaseUntil = new Date(started.clock.now().getTime() + 600_000);
    await database.db
      .update(fairplayJobs)
      .set({ state: 'running', leaseOwner: 'crashed-worker', leaseUntil, attempts: 1 })
      .where(eq(fairplayJobs.gameId, gameId));
    a.close();
    b.close();
    await server.stop();

    // 2. An instance with the worker: it leaves the job alone while the lease holds, then takes it.
    started = await startFairplayServer(kind, { database, admin });
    server = started.server;
    started.clock.set(new Date(leaseUntil.getTime() - 60_000));
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await jobRow(server, gameId))?.leaseOwner).toBe('crashed-worker');
    started.clock.set(new Date(leaseUntil.getTime() + 1_000));
    await analysed(server, gameId);
    expect((await jobRow(server, gameId))?.state).toBe('done');
    expect((await gameRow(server, gameId)).review).toBe('held');
    expect(await escrow()).toBe(POT);
    await server.stop();

    // 3. Another restart: still held, nothing paid by any sweep; the admin clears it, paid once.
    started = await startFairplayServer(kind, { database, admin });
    server = started.server;
    const again = started.admin;
    await new Promise((r) => setTimeout(r, 1_000));
    const held = (await again.client.get(FAIRPLAY_ROUTES.held)).body as HeldGamesResponse;
    expect(held.games.map((g) => g.gameId)).toContain(gameId);
    expect(await escrow()).toBe(POT);
    expect(await usd(server, white.uid)).toBe(before);
    expect((await again.client.post(FAIRPLAY_ROUTES.clear(gameId), {})).status).toBe(200);
    expect((await again.client.post(FAIRPLAY_ROUTES.clear(gameId), {})).status).toBe(409);
    expect(await usd(server, white.uid)).toBe(before + POT - settlePot(POT, [white.uid]).fee);
    expect(await escrow()).toBe(0n);
    await expectLedgerInvariants(database.db);
  });
});
