import crypto from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../src/platform/clock.ts';
import { matchRecords } from '../../src/modules/matchmaking/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerAccounts } from '../../src/modules/wallet/schema.ts';
import { SESSION_COOKIE, seededAccount } from '../../src/modules/accounts/index.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { startTwoInstances } from '../support/two-instances.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants } from '../wallet/support/wallet.ts';
import { eventually, grantRc } from './support.ts';

/**
 * Scale-out (issue 5): 200 seekers over two instances on one PostgreSQL and one Redis, in
 * several buckets at once. Everyone is paired once, within their bucket; after all accept, every
 * match's escrow holds exactly both stakes. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('200 seekers on two instances (PostgreSQL + Redis)', () => {
  let A: TestServer;
  let B: TestServer;
  let stop: (() => Promise<void>) | undefined;
  const clock = new ManualClock();
  beforeAll(async () => {
    ({ A, B, stop } = await startTwoInstances({ clock }));
  });
  afterAll(() => stop?.());

  it(
    'all paired validly: no one twice, never across buckets; escrow balanced after all accept',
    { timeout: 180_000 },
    async () => {
      const bets = [50, 100, 200];
      const users = [];
      for (let i = 0; i < 200; i++) {
        // Seeded by the stores (accounts' seeded.ts): 200 sign-ups through the API took most of the test.
        const name = `seeker${i}${crypto.randomBytes(3).toString('hex')}`;
        const u = await seededAccount(A.ctx.db, clock, {
          username: name,
          email: `${name}@example.com`,
          verified: false,
          passwordHash: null,
          userAgent: 'test seed',
        });
        await grantRc(A, u.uid, 1_000_000n);
        const client = new TestClient((i % 2 === 0 ? A : B).baseUrl);
        client.cookies.set(SESSION_COOKIE, u.session);
        // An even number per bucket so everyone can be paired.
        users.push({ uid: u.uid, client, bet: bets[Math.floor(i / 2) % 3]! });
      }
      const answers = await Promise.all(
        users.map((u) => u.client.post(MATCH_ROUTES.seek, { gameType: 'wmgt_000001', c: 'wbx', bet: u.bet })),
      );
      for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);

      const open = () => A.ctx.db.select().from(matchRecords).where(eq(matchRecords.cleared, false));
      await eventually(async () => (await open()).every((r) => r.state === 'matched'), 60_000);
      const records = await open();
      expect(records).toHaveLength(200);
      const byMatch = new Map<string, typeof records>();
      for (const r of records) byMatch.set(r.matchId!, [...(byMatch.get(r.matchId!) ?? []), r]);
      expect(byMatch.size).toBe(100);
      for (const [, pair] of byMatch) {
        expect(pair).toHaveLength(2);
        const [x, y] = pair as [(typeof records)[0], (typeof records)[0]];
        expect(x.uid).not.toBe(y.uid);
        expect([x.mode, x.currency, x.value]).toEqual([y.mode, y.currency, y.value]);
        expect(x.opponentUid).toBe(y.uid);
        expect(y.opponentUid).toBe(x.uid);
      }
      // Everyone's bucket is the one they asked for.
      for (const u of users) expect(records.find((r) => r.uid === u.uid)?.value).toBe(u.bet);

      const accepts = await Promise.all(users.map((u) => u.client.post(MATCH_ROUTES.accept, {})));
      for (const r of accepts) expect(r.status, JSON.stringify(r.body)).toBe(200);
      await eventually(async () => (await open()).every((r) => r.state === 'playing'), 60_000);
      for (const [matchId, pair] of byMatch) {
        expect(await readBalance(A.ctx.db, accountOf.escrow(`match:${matchId}`, 'wbx').id)).toBe(pair[0]!.amount * 2n);
      }
      const escrows = await A.ctx.db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, 'escrow'), like(ledgerAccounts.id, 'escrow:match:%')));
      expect(escrows).toHaveLength(100);
      await expectLedgerInvariants(A.ctx.db);
    },
  );
});
