import { battleBeginsAt } from '@rush/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUZZLE_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../src/platform/clock.ts';
import { lobbyPuzzles, puzzleAttempts, puzzleLobbies } from '../../src/modules/puzzles/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { register } from '../realtime/support/accounts.ts';
import { DB_KINDS } from '../support/database.ts';
import { restartHarness } from '../support/restart-harness.ts';
import { TestClient } from '../support/http-client.ts';
import { startServerOn } from '../play/support.ts';
import { expectLedgerInvariants } from '../wallet/support/wallet.ts';
import { eventually, grantRc, seedPuzzles, settings } from './battle-support.ts';

/**
 * Issue 6 item 6: the countdown is a database deadline. The server stops during it; a new one on
 * the same data fires the auto-start once, after the restart.
 */
describe.each(DB_KINDS)('battle lobby restart during the countdown (%s)', () => {
  const { cleanups, durable } = restartHarness('rush-battle-');

  it(
    'the auto-start fires once after the restart, with one sequence and one first attempt per player',
    { timeout: 120_000 },
    async () => {
      const open = await durable();
      const clock1 = new ManualClock();
      let db = await open();
      let srv = await startServerOn({ database: db, clock: clock1 });
      await seedPuzzles(srv.server.ctx.db);
      const a = await register({ baseUrl: srv.baseUrl });
      const b = await register({ baseUrl: srv.baseUrl });
      for (const u of [a, b]) await grantRc(srv.server, u.uid, 100_000n);
      const created = await a.client.post(PUZZLE_ROUTES.lobbies, { settings: settings() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id: string = created.body.lobby.id;
      expect((await b.client.post(PUZZLE_ROUTES.join(id), {})).status).toBe(200);
      clock1.advance(60_000);
      await srv.stop();
      await db.close();

      // 40 s later (past createdAt + 90 s) a new server starts on the same data.
      const clock2 = new ManualClock(new Date(clock1.now().getTime() + 40_000));
      db = await open();
      srv = await startServerOn({ database: db, clock: clock2 });
      cleanups.push(async () => {
        await srv.stop();
        await db.close();
      });
      const lobbyRow = async () => (await db.db.select().from(puzzleLobbies).where(eq(puzzleLobbies.id, id)))[0]!;
      await eventually(async () => (await lobbyRow()).status === 'started', 10_000);
      // Give more sweeps a chance to fire it again: they must not.
      await new Promise((r) => setTimeout(r, 1_000));
      const row = await lobbyRow();
      // Fired at clock2's now; the battle begins after the start countdown (SPEC 9).
      expect(row.startedAt!.getTime()).toBe(battleBeginsAt(clock2.now().getTime()));
      expect(row.version).toBeGreaterThan(0);
      const seq = await db.db.select().from(lobbyPuzzles).where(eq(lobbyPuzzles.lobbyId, id));
      expect(seq.length).toBeGreaterThan(0);
      expect(new Set(seq.map((s) => s.seq)).size).toBe(seq.length);
      const attempts = await db.db.select().from(puzzleAttempts).where(eq(puzzleAttempts.contextId, id));
      expect(attempts.map((x) => [x.uid, x.seq]).sort()).toEqual(
        [
          [a.uid, 0],
          [b.uid, 0],
        ].sort(),
      );
      expect(await readBalance(db.db, accountOf.escrow(`lobby:${id}`, 'wbx').id)).toBe(10_000n);

      // The players carry on against the new server with their old cookies.
      const client = new TestClient(srv.baseUrl);
      for (const [k, v] of b.client.cookies) client.cookies.set(k, v);
      const puzzle = await client.get(PUZZLE_ROUTES.battlePuzzle(id));
      expect(puzzle.status).toBe(200);
      expect(puzzle.body.puzzle.puzzleId).toBe(seq.find((s) => s.seq === 0)!.puzzleId);
      await expectLedgerInvariants(db.db);
    },
  );
});
