import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, createTestDatabase } from '../support/database.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { EscrowClosedError, holdAllKey, Ledger } from '../../src/modules/wallet/ledger.ts';
import { applyMovement, InsufficientFundsError, movementByKey, readBalance, sumPerCurrency } from '../../src/modules/wallet/ledger.store.ts';

/** `holdAll`: every player's stake into one escrow in one movement, all or nothing. */
describe.each(DB_KINDS)('ledger holdAll on %s', (kind) => {
  let db: Database;
  let ledger: Ledger;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    ledger = new Ledger(db.db);
  });
  afterAll(async () => {
    await db?.close();
  });

  const fund = (uid: string, amount: bigint) => {
    const from = accountOf.clearing('usd');
    const to = accountOf.user(uid, 'usd');
    return applyMovement(db.db, { key: `fund:${uid}:${Math.random()}`, kind: 'deposit', currency: 'usd', accounts: [from, to], legs: () => [{ from, to, amount }] });
  };
  const bal = (uid: string) => readBalance(db.db, accountOf.user(uid, 'usd').id);
  const escrow = (ref: string) => readBalance(db.db, accountOf.escrow(ref, 'usd').id);

  it('takes both stakes in one movement, once per ref however often it is called', async () => {
    await fund('h1', 1000n);
    await fund('h2', 1000n);
    const stakes = [
      { uid: 'h1', amount: 500n },
      { uid: 'h2', amount: 500n },
    ];
    const outcomes = await Promise.all([1, 2, 3].map(() => ledger.holdAll({ ref: 'match:one', currency: 'usd', stakes })));
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    const applied = outcomes.find((o) => o.status === 'applied');
    expect(applied?.status === 'applied' && applied.legs).toHaveLength(2);
    expect((await movementByKey(db.db, holdAllKey('match:one', 'usd')))?.kind).toBe('stake');
    expect(await bal('h1')).toBe(500n);
    expect(await bal('h2')).toBe(500n);
    expect(await escrow('match:one')).toBe(1000n);
    // A refund returns each stake to its owner.
    await ledger.refund({ ref: 'match:one', currency: 'usd', reason: 'refund' });
    expect(await bal('h1')).toBe(1000n);
    expect(await bal('h2')).toBe(1000n);
    // A replay after the close changes nothing; a closed escrow takes no new stakes.
    expect((await ledger.holdAll({ ref: 'match:one', currency: 'usd', stakes })).status).toBe('replayed');
    expect(await bal('h1')).toBe(1000n);
    await ledger.settle({ ref: 'match:closed', currency: 'usd', winners: ['h1'] });
    const closed = await ledger.holdAll({ ref: 'match:closed', currency: 'usd', stakes }).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(EscrowClosedError);
    expect(await bal('h1')).toBe(1000n);
  });

  it('one player short: nobody is charged and the key stays free', async () => {
    await fund('s1', 1000n);
    await fund('s2', 100n);
    const err = await ledger
      .holdAll({ ref: 'match:two', currency: 'usd', stakes: [{ uid: 's1', amount: 500n }, { uid: 's2', amount: 500n }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect((err as InsufficientFundsError).accountId).toBe(accountOf.user('s2', 'usd').id);
    expect(await bal('s1')).toBe(1000n);
    expect(await bal('s2')).toBe(100n);
    expect(await escrow('match:two')).toBe(0n);
    expect(await movementByKey(db.db, holdAllKey('match:two', 'usd'))).toBeNull();
    expect(await sumPerCurrency(db.db)).toEqual({ usd: 0n, wbx: 0n });
  });
});
