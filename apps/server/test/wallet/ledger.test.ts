import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Currency } from '@rush/domain';
import { createTestDatabase, POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { EscrowClosedError, Ledger } from '../../src/modules/wallet/ledger.ts';
import {
  allBalances,
  applyMovement,
  balancesFromTransfers,
  InsufficientFundsError,
  readBalance,
  sumPerCurrency,
} from '../../src/modules/wallet/ledger.store.ts';

/** Money in from outside: clearing -> user (what a confirmed deposit does). */
function fund(
  db: Database,
  uid: string,
  amount: bigint,
  currency: Currency = 'usd',
  key = `test:fund:${uid}:${amount}:${Math.random()}`,
) {
  const from = currency === 'usd' ? accountOf.clearing('usd') : accountOf.issuance();
  const to = accountOf.user(uid, currency);
  return applyMovement(db.db, {
    key,
    kind: 'deposit',
    currency,
    accounts: [from, to],
    legs: () => [{ from, to, amount }],
  });
}

async function expectInvariants(db: Database): Promise<void> {
  const sums = await sumPerCurrency(db.db);
  expect(sums).toEqual({ usd: 0n, wbx: 0n });
  const stored = await allBalances(db.db);
  const derived = await balancesFromTransfers(db.db);
  for (const [id, balance] of stored) {
    expect(derived.get(id) ?? 0n, id).toBe(balance);
    if (/^(user|escrow|system:fee|withdrawal)/.test(id)) expect(balance >= 0n, id).toBe(true);
  }
}

describe.each(POSTGRES_TOO)('ledger on %s', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let db: Database;
  let ledger: Ledger;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    ledger = new Ledger(db.db);
  });
  afterAll(async () => {
    await db?.close();
  });

  itOnPglite('moves money between two accounts and keeps every currency at zero', async () => {
    await fund(db, 'alice', 5000n);
    expect(await readBalance(db.db, accountOf.user('alice', 'usd').id)).toBe(5000n);
    await expectInvariants(db);
  });

  itOnPglite('a replayed idempotency key changes nothing', async () => {
    const first = await fund(db, 'bob', 700n, 'usd', 'deposit:once');
    const again = await fund(db, 'bob', 700n, 'usd', 'deposit:once');
    expect(first.status).toBe('applied');
    expect(again.status).toBe('replayed');
    expect(again.movementId).toBe(first.movementId);
    expect(await readBalance(db.db, accountOf.user('bob', 'usd').id)).toBe(700n);
  });

  itOnPglite('refuses an overdraft and changes nothing, not even the movement record', async () => {
    await fund(db, 'carol', 100n);
    const before = await allBalances(db.db);
    await expect(ledger.hold({ ref: 'g-over', uid: 'carol', currency: 'usd', amount: 101n })).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await allBalances(db.db)).toEqual(before);
    const again = await ledger.hold({ ref: 'g-over', uid: 'carol', currency: 'usd', amount: 100n });
    expect(again.status).toBe('applied');
  });

  it('50 concurrent stakes against a balance that covers one: exactly one succeeds', async () => {
    await fund(db, 'dave', 1000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.hold({ ref: `race-${i}`, uid: 'dave', currency: 'usd', amount: 1000n }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    expect(await readBalance(db.db, accountOf.user('dave', 'usd').id)).toBe(0n);
    await expectInvariants(db);
  });

  it('settle called 8 times at once pays once: pot minus floor(10%), credit + fee = pot', async () => {
    await fund(db, 'p1', 505n);
    await fund(db, 'p2', 505n);
    await ledger.hold({ ref: 'g-settle', uid: 'p1', currency: 'usd', amount: 505n });
    await ledger.hold({ ref: 'g-settle', uid: 'p2', currency: 'usd', amount: 505n });
    const feeBefore = await readBalance(db.db, accountOf.fee('usd').id);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => ledger.settle({ ref: 'g-settle', currency: 'usd', winners: ['p1'] })),
    );
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    expect(await readBalance(db.db, accountOf.user('p1', 'usd').id)).toBe(909n);
    expect((await readBalance(db.db, accountOf.fee('usd').id)) - feeBefore).toBe(101n);
    expect(await readBalance(db.db, accountOf.escrow('g-settle', 'usd').id)).toBe(0n);
    // A refund racing a settle after the fact is the same close: nothing moves.
    const late = await ledger.refund({ ref: 'g-settle', currency: 'usd', reason: 'refund' });
    expect(late.status).toBe('replayed');
    expect(late.kind).toBe('settle');
    await fund(db, 'p3', 10n);
    await expect(ledger.hold({ ref: 'g-settle', uid: 'p3', currency: 'usd', amount: 1n })).rejects.toBeInstanceOf(
      EscrowClosedError,
    );
    expect(await readBalance(db.db, accountOf.user('p3', 'usd').id)).toBe(10n);
    await expectInvariants(db);
  });

  it('a draw splits the net pot; a refund returns every stake without a fee', async () => {
    await fund(db, 'd1', 1000n, 'wbx');
    await fund(db, 'd2', 1000n, 'wbx');
    await ledger.hold({ ref: 'g-draw', uid: 'd1', currency: 'wbx', amount: 1000n });
    await ledger.hold({ ref: 'g-draw', uid: 'd2', currency: 'wbx', amount: 1000n });
    await ledger.settle({ ref: 'g-draw', currency: 'wbx', winners: ['d1', 'd2'] });
    expect(await readBalance(db.db, accountOf.user('d1', 'wbx').id)).toBe(900n);
    expect(await readBalance(db.db, accountOf.user('d2', 'wbx').id)).toBe(900n);

    await fund(db, 'r1', 300n);
    await fund(db, 'r2', 500n);
    await ledger.hold({ ref: 'g-refund', uid: 'r1', currency: 'usd', amount: 300n });
    await ledger.hold({ ref: 'g-refund', uid: 'r2', currency: 'usd', amount: 500n });
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => ledger.refund({ ref: 'g-refund', currency: 'usd', reason: 'refund' })),
    );
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    expect(await readBalance(db.db, accountOf.user('r1', 'usd').id)).toBe(300n);
    expect(await readBalance(db.db, accountOf.user('r2', 'usd').id)).toBe(500n);
    await expectInvariants(db);
  });

  itOnPglite('the database refuses to update or delete transfers and movements', async () => {
    await fund(db, 'erin', 50n);
    await expect(db.db.execute(sql`update ledger_transfers set amount = amount + 1`)).rejects.toThrow();
    await expect(db.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    await expect(db.db.execute(sql`delete from ledger_movements`)).rejects.toThrow();
    await expect(
      db.db.execute(sql`update ledger_accounts set balance = -5 where id = 'user:erin:usd'`),
    ).rejects.toThrow();
    await expectInvariants(db);
  });

  it('random operations from concurrent callers keep the invariants', async () => {
    const users = ['u0', 'u1', 'u2', 'u3'];
    const op = fc.oneof(
      fc.record({
        t: fc.constant('fund' as const),
        u: fc.constantFrom(...users),
        amount: fc.bigInt({ min: 1n, max: 5000n }),
        key: fc.integer({ min: 0, max: 30 }),
      }),
      fc.record({
        t: fc.constant('hold' as const),
        u: fc.constantFrom(...users),
        amount: fc.bigInt({ min: 1n, max: 4000n }),
        game: fc.integer({ min: 0, max: 6 }),
      }),
      fc.record({
        t: fc.constant('settle' as const),
        game: fc.integer({ min: 0, max: 6 }),
        winners: fc.subarray(users, { minLength: 1 }),
      }),
      fc.record({ t: fc.constant('refund' as const), game: fc.integer({ min: 0, max: 6 }) }),
    );
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), async (ops) => {
        round++;
        const tag = `prop${round}`;
        // Run the operations as 4 concurrent "connections".
        const lanes: (typeof ops)[] = [[], [], [], []];
        ops.forEach((o, i) => lanes[i % 4]!.push(o));
        await Promise.all(
          lanes.map(async (lane) => {
            for (const o of lane) {
              const run = async () => {
                if (o.t === 'fund') return fund(db, `${tag}${o.u}`, o.amount, 'usd', `${tag}:fund:${o.key}`);
                if (o.t === 'hold')
                  return ledger.hold({
                    ref: `${tag}g${o.game}`,
                    uid: `${tag}${o.u}`,
                    currency: 'usd',
                    amount: o.amount,
                  });
                if (o.t === 'settle')
                  return ledger.settle({
                    ref: `${tag}g${o.game}`,
                    currency: 'usd',
                    winners: o.winners.map((w) => `${tag}${w}`),
                  });
                return ledger.refund({ ref: `${tag}g${o.game}`, currency: 'usd', reason: 'refund' });
              };
              try {
                await run();
              } catch (e) {
                if (!(e instanceof InsufficientFundsError) && !(e instanceof EscrowClosedError)) throw e;
              }
            }
          }),
        );
        await expectInvariants(db);
      }),
      { numRuns: kind === 'pglite' ? 15 : 25 },
    );
  });
});
