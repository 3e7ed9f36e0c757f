import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStore } from '../../src/modules/fairplay/jobs.store.ts';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Registered } from '../accounts/support.ts';
import { matchPlayer, startMatch, usdSeek } from '../matchmaking/support.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { colours, jobRow, playGame, startFairplayServer } from './support.ts';

/** The analysis queue's lease (issue 14): one worker per job however many lease at once; a lost lease cannot complete. */
describe.each(POSTGRES_TOO)('fair-play analysis queue (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  beforeAll(async () => {
    // No worker here: the test leases by hand, as several instances would.
    ({ server, admin, clock } = await startFairplayServer(kind, { env: { FAIRPLAY_WORKER: 'false' } }));
  });
  afterAll(() => server.stop());

  it('workers racing for one job: exactly one gets it; after its lease runs out another takes over and the first cannot complete', async () => {
    const a = await matchPlayer(server, admin, { usd: 5_000 });
    const b = await matchPlayer(server, admin, { usd: 5_000 });
    const gameId = await startMatch(server, a, b, usdSeek(server, 5));
    const { white, black } = await colours(a, b, gameId);
    await playGame(clock, gameId, white, black, { white: 'human', black: 'human' }, 6);
    expect((await black.cmd('game.resign', { gameId })).ok).toBe(true);
    await expect.poll(async () => (await jobRow(server, gameId))?.state).toBe('queued');
    expect((await jobRow(server, gameId))?.priority).toBe(0);

    const store = new JobStore(server.ctx.db);
    const now = clock.now();
    const until = new Date(now.getTime() + 60_000);
    const leased = await Promise.all(['w1', 'w2', 'w3', 'w4'].map((owner) => store.lease(owner, now, until)));
    const winners = leased.filter((j) => j !== null);
    expect(winners).toHaveLength(1);
    const first = (await jobRow(server, gameId))!.leaseOwner!;
    expect(await store.lease('w5', now, until)).toBeNull();

    // The first worker dies: after its lease another one takes the job.
    const later = new Date(until.getTime() + 1);
    const taken = await store.lease('w5', later, new Date(later.getTime() + 60_000));
    expect(taken?.gameId).toBe(gameId);
    expect(taken?.attempts).toBe(2);
    expect(await store.complete(gameId, first, later)).toBe(false);
    expect(await store.renew(gameId, first, later)).toBe(false);
    expect(await store.complete(gameId, 'w5', later)).toBe(true);
    expect((await jobRow(server, gameId))?.state).toBe('done');
    expect(await store.lease('w6', new Date(later.getTime() + 3_600_000), later)).toBeNull();
  });
});
