import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TEXTS } from '@rush/domain';
import { IDEMPOTENCY_HEADER, WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { PaymentsPort } from '../../src/modules/wallet/payments/port.ts';
import type { SuspicionCheck } from '../../src/modules/wallet/ports.ts';
import { ledgerMovements } from '../../src/modules/wallet/schema.ts';
import { WithdrawalService, withdrawalIdFor } from '../../src/modules/wallet/withdrawals.service.ts';
import { createTestDatabase, TEST_DATABASE_URL, TEST_REDIS_URL, POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import {
  ADMIN_ENV,
  adminUser,
  eventually,
  expectLedgerInvariants,
  fundedUser,
  gpsAt,
  heldUsd,
  startManualWalletServer,
  TORONTO,
  usd,
  walletCore,
  withdrawalRow,
  withdrawalsOf,
  type WalletCore,
} from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const PAYOUT_DELAY_MS = 5_000;

/** A withdrawal as the wallet's Withdraw form sends it, with its Idempotency-Key (none: an old client). */
function postKeyed(
  server: TestServer,
  client: TestClient,
  body: { amount: number; region?: 'us' | 'ca' },
  key: string | undefined,
) {
  const region = body.region ?? 'us';
  const deviceGps = region === 'ca' ? gpsAt(server, ...TORONTO) : gpsAt(server);
  return client.request(
    'POST',
    WALLET_ROUTES.withdrawals,
    { deviceGps, ...body, region },
    key === undefined ? {} : { headers: { [IDEMPOTENCY_HEADER]: key } },
  );
}

/** How many ledger movements a withdrawal made (its hold). */
async function holds(server: TestServer, id: string): Promise<number> {
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(ledgerMovements)
    .where(eq(ledgerMovements.idempotencyKey, `withdraw:${id}`));
  return row!.n;
}

describe.each(POSTGRES_TOO)('withdrawal Idempotency-Key (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, admin, core } = await startManualWalletServer(kind)));

  const funded = (cents: number) => fundedUser(server, admin, cents);
  /** Another instance's withdrawals, on the server's database, with `payments` of its own. */
  const serviceWith = (
    payments: PaymentsPort = core.payments,
    suspicion: SuspicionCheck = () => Promise.resolve(false),
  ) =>
    new WithdrawalService({
      db: server.ctx.db,
      clock,
      wallet: core.movements,
      payments,
      identity: core.identity,
      suspicion,
      supportEmail: server.config.supportEmail,
      log: server.ctx.log,
      mailer: server.mailer,
      appUrl: server.config.appUrl,
      productName: server.config.productName,
    });
  const withdraw = (u: Registered, amount: number, key: string | undefined, region: 'us' | 'ca' = 'us') =>
    postKeyed(server, u.client, { amount, region }, key);

  itOnPglite('a resend answers the same transaction, as it stands now, and moves the money once', async () => {
    const u = await funded(3000);
    const key = crypto.randomUUID();
    const first = await withdraw(u, 2000, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.transaction).toMatchObject({ type: 'withdraw', amount: 2000, status: 'pending' });
    const id = withdrawalIdFor(u.uid, key);
    const [w] = await withdrawalsOf(server, u.uid);
    expect(w!.id).toBe(id);
    const providerRef = w!.providerRef;
    expect(providerRef).not.toBeNull();

    // The balance (1000) no longer covers 2000: a resend is not a new request, so it is not refused.
    for (let i = 0; i < 3; i++) {
      const again = await withdraw(u, 2000, key);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.transaction).toEqual(first.body.transaction);
    }
    expect(await usd(server, u.uid)).toBe(1000n);
    expect(await heldUsd(server, u.uid)).toBe(2000n);
    expect(await withdrawalsOf(server, u.uid)).toHaveLength(1);
    expect(await holds(server, id)).toBe(1);
    // The payout was asked for once: the provider reference is the first one.
    expect((await withdrawalRow(server, id))!.providerRef).toBe(providerRef);
    expect((await u.client.get(`${WALLET_ROUTES.transactions}?page=1`)).body.transactions[0]).toEqual(
      first.body.transaction,
    );

    // Paid out since: the resend answers the transaction as it is now.
    clock.advance(PAYOUT_DELAY_MS + 1);
    await eventually(async () => (await withdrawalRow(server, id))?.status === 'completed', 10_000);
    const later = await withdraw(u, 2000, key);
    expect(later.status).toBe(200);
    expect(later.body.transaction).toEqual({ ...first.body.transaction, status: 'completed', completed: true });
    expect(await usd(server, u.uid)).toBe(1000n);
    expect(await heldUsd(server, u.uid)).toBe(0n);

    // Another user's key is theirs: the same string names a different withdrawal.
    const other = await funded(500);
    const theirs = await withdraw(other, 500, key);
    expect(theirs.status).toBe(200);
    expect(theirs.body.transaction.id).not.toBe(first.body.transaction.id);
    expect(withdrawalIdFor(other.uid, key)).not.toBe(id);
    expect(await usd(server, other.uid)).toBe(0n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('the payout is asked for once and the Canadian mails go once, however often the request is resent', async () => {
    const u = await funded(5000);
    const key = crypto.randomUUID();
    let payouts = 0;
    const counting: PaymentsPort = Object.create(core.payments, {
      requestPayout: {
        value: (...args: Parameters<PaymentsPort['requestPayout']>) => {
          payouts++;
          return core.payments.requestPayout(...args);
        },
      },
    }) as PaymentsPort;
    const service = serviceWith(counting);
    const me = { id: u.uid, username: u.username, banned: false };
    const input = { amount: 1500, region: 'us' as const, deviceGps: gpsAt(server) };
    const first = await service.request(me, input, null, key);
    expect(await service.request(me, input, null, key)).toEqual(first);
    expect(await Promise.all([service.request(me, input, null, key), service.request(me, input, null, key)])).toEqual([
      first,
      first,
    ]);
    expect(payouts).toBe(1);
    expect(await usd(server, u.uid)).toBe(3500n);

    const mails = () => server.mailer.sent.filter((m) => m.to === server.config.supportEmail).length;
    const before = mails();
    const caKey = crypto.randomUUID();
    const ca = await withdraw(u, 1000, caKey, 'ca');
    expect(ca.status, JSON.stringify(ca.body)).toBe(200);
    expect(ca.body.transaction).toMatchObject({ amount: 1000, fee: 200, status: 'pending' });
    expect((await withdraw(u, 1000, caKey, 'ca')).body.transaction).toEqual(ca.body.transaction);
    expect(mails()).toBe(before + 1);
    expect(await usd(server, u.uid)).toBe(2500n);
    await expectLedgerInvariants(server.ctx.db);
  });

  itOnPglite(
    'the same key with another amount or region is a 409, a malformed key a 400; neither moves money',
    async () => {
      const u = await funded(5000);
      const key = `withdraw-${crypto.randomUUID()}`;
      const first = await withdraw(u, 1000, key);
      expect(first.status).toBe(200);
      for (const [amount, region] of [
        [1001, 'us'],
        [999, 'us'],
        [1000, 'ca'],
      ] as const) {
        const res = await withdraw(u, amount, key, region);
        expect(res.status, `${amount} ${region}`).toBe(409);
        expect(res.body.error).toEqual({ code: 'CONFLICT', message: TEXTS.withdrawKeyReused });
      }
      for (const bad of ['', 'has space', 'x'.repeat(101), 'ü', 'a/b']) {
        const res = await withdraw(u, 1000, bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: TEXTS.idempotencyKeyInvalid });
      }
      expect(await usd(server, u.uid)).toBe(4000n);
      expect(await withdrawalsOf(server, u.uid)).toHaveLength(1);

      // Without a key (a client older than it), each request is a new withdrawal, as before.
      expect((await withdraw(u, 500, undefined)).status).toBe(200);
      expect((await withdraw(u, 500, undefined)).status).toBe(200);
      expect(await usd(server, u.uid)).toBe(3000n);
      expect(await withdrawalsOf(server, u.uid)).toHaveLength(3);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  it('the same request at once through this instance and another: one withdrawal, every answer is it', async () => {
    const other = walletCore(server);
    // A balance covering one (a late twin is refused by the rules, then finds the withdrawal) and
    // one covering two (a late twin reaches the ledger and finds the key taken).
    for (const cents of [1000, 2000, 1000, 2000, 1000, 2000]) {
      const u = await funded(cents);
      const key = crypto.randomUUID();
      const direct = (instance: WalletCore) =>
        instance.withdrawals.request(
          { id: u.uid, username: u.username, banned: false },
          { amount: 1000, region: 'us', deviceGps: gpsAt(server) },
          null,
          key,
        );
      // Two instances' services started in the same tick (so both find no withdrawal made yet,
      // on PGlite too), and two HTTP requests through the server.
      const [x, y, a, b] = await Promise.all([
        direct(core),
        direct(other),
        withdraw(u, 1000, key),
        withdraw(u, 1000, key),
      ]);
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(b.status, JSON.stringify(b.body)).toBe(200);
      expect([x, y, b.body.transaction]).toEqual([a.body.transaction, a.body.transaction, a.body.transaction]);
      expect(await withdrawalsOf(server, u.uid)).toHaveLength(1);
      expect(await holds(server, withdrawalIdFor(u.uid, key))).toBe(1);
      expect(await usd(server, u.uid)).toBe(BigInt(cents - 1000));
      expect(await heldUsd(server, u.uid)).toBe(1000n);
    }
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a twin held up between its look for the withdrawal and its hold answers what the first made', async () => {
    // Covering one: the twin's rules refuse against the lowered balance. Covering two: its hold finds the key taken.
    for (const cents of [1000, 2000]) {
      const u = await funded(cents);
      const key = crypto.randomUUID();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // Asked while the rules are decided, after the look for a withdrawal already made.
      const slow = serviceWith(core.payments, () => gate.then(() => false));
      const twin = slow.request(
        { id: u.uid, username: u.username, banned: false },
        { amount: 1000, region: 'us', deviceGps: gpsAt(server) },
        null,
        key,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const first = await withdraw(u, 1000, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      release();
      expect(await twin).toEqual(first.body.transaction);
      expect(await withdrawalsOf(server, u.uid)).toHaveLength(1);
      expect(await usd(server, u.uid)).toBe(BigInt(cents - 1000));
      expect(await heldUsd(server, u.uid)).toBe(1000n);
    }
    await expectLedgerInvariants(server.ctx.db);
  });
});

/**
 * Issue 18's cluster: an instance that dies after the commit, or a lost answer, and the client
 * (or the proxy) sends the withdrawal again to another instance. Runs when TEST_DATABASE_URL and
 * TEST_REDIS_URL are set, as the other multi-instance suites do.
 */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)(
  'a withdrawal resent to another instance (PostgreSQL + Redis)',
  () => {
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let A: TestServer;
    let B: TestServer;
    let admin: Registered;
    beforeAll(async () => {
      db = await createTestDatabase('postgres');
      const env = { ...ADMIN_ENV, REDIS_URL: TEST_REDIS_URL! };
      A = await startTestServer({ databaseUrl: db.url!, env });
      B = await startTestServer({ databaseUrl: db.url!, env });
      admin = await adminUser(A);
    });
    afterAll(async () => {
      await A?.stop();
      await B?.stop();
      await db?.close();
    });

    it('answered by B with the withdrawal A made; sent to both at once, one withdrawal', async () => {
      const u = await fundedUser(A, admin, 3000);
      const key = crypto.randomUUID();
      const onA = await postKeyed(A, u.client, { amount: 1000 }, key);
      expect(onA.status, JSON.stringify(onA.body)).toBe(200);
      const onB = await postKeyed(B, u.client.withBase(B.baseUrl), { amount: 1000 }, key);
      expect(onB.status, JSON.stringify(onB.body)).toBe(200);
      expect(onB.body.transaction).toEqual(onA.body.transaction);
      expect(await usd(A, u.uid)).toBe(2000n);

      for (let round = 0; round < 4; round++) {
        const k = crypto.randomUUID();
        const both = await Promise.all([
          postKeyed(A, u.client, { amount: 1000 }, k),
          postKeyed(B, u.client.withBase(B.baseUrl), { amount: 1000 }, k),
        ]);
        const ok = both.filter((r) => r.status === 200);
        // The balance covers two more; each round makes exactly one.
        if (round < 2) {
          expect(ok, JSON.stringify(both.map((r) => r.body))).toHaveLength(2);
          expect(ok[1]!.body.transaction).toEqual(ok[0]!.body.transaction);
        } else {
          for (const r of both) expect(r.body.error?.code).toBe('INSUFFICIENT_FUNDS');
        }
      }
      expect(await usd(A, u.uid)).toBe(0n);
      expect(await withdrawalsOf(A, u.uid)).toHaveLength(3);
      await expectLedgerInvariants(A.ctx.db);
    });
  },
);
