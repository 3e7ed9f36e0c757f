import { describe, expect, it } from 'vitest';
import { POSTGRES_TOO } from '../support/database.ts';
import { useLedgerDb } from './support/ledger-db.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { EscrowClosedError, holdAllKey } from '../../src/modules/wallet/ledger.ts';
import { InsufficientFundsError, movementByKey, sumPerCurrency } from '../../src/modules/wallet/ledger.store.ts';

/** `holdAll`: every player's stake into one escrow in one movement, all or nothing. */
describe.each(POSTGRES_TOO)('ledger holdAll on %s', (kind) => {
  const { t, fund, bal, escrow } = useLedgerDb(kind);

  it('takes both stakes in one movement, once per ref however often it is called', async () => {
    await fund('h1', 1000n);
    await fund('h2', 1000n);
    const stakes = [
      { uid: 'h1', amount: 500n },
      { uid: 'h2', amount: 500n },
    ];
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => t.ledger.holdAll({ ref: 'match:one', currency: 'usd', stakes })),
    );
    expect(outcomes.filter((o) => o.status === 'applied')).toHaveLength(1);
    const applied = outcomes.find((o) => o.status === 'applied');
    expect(applied?.status === 'applied' && applied.legs).toHaveLength(2);
    expect((await movementByKey(t.db.db, holdAllKey('match:one', 'usd')))?.kind).toBe('stake');
    expect(await bal('h1')).toBe(500n);
    expect(await bal('h2')).toBe(500n);
    expect(await escrow('match:one')).toBe(1000n);
    // A refund returns each stake to its owner.
    await t.ledger.refund({ ref: 'match:one', currency: 'usd', reason: 'refund' });
    expect(await bal('h1')).toBe(1000n);
    expect(await bal('h2')).toBe(1000n);
    // A replay after the close changes nothing; a closed escrow takes no new stakes.
    expect((await t.ledger.holdAll({ ref: 'match:one', currency: 'usd', stakes })).status).toBe('replayed');
    expect(await bal('h1')).toBe(1000n);
    await t.ledger.settle({ ref: 'match:closed', currency: 'usd', winners: ['h1'] });
    const closed = await t.ledger.holdAll({ ref: 'match:closed', currency: 'usd', stakes }).catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(EscrowClosedError);
    expect(await bal('h1')).toBe(1000n);
  });

  it('one player short: nobody is charged and the key stays free', async () => {
    await fund('s1', 1000n);
    await fund('s2', 100n);
    const err = await t.ledger
      .holdAll({
        ref: 'match:two',
        currency: 'usd',
        stakes: [
          { uid: 's1', amount: 500n },
          { uid: 's2', amount: 500n },
        ],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect((err as InsufficientFundsError).accountId).toBe(accountOf.user('s2', 'usd').id);
    expect(await bal('s1')).toBe(1000n);
    expect(await bal('s2')).toBe(100n);
    expect(await escrow('match:two')).toBe(0n);
    expect(await movementByKey(t.db.db, holdAllKey('match:two', 'usd'))).toBeNull();
    expect(await sumPerCurrency(t.db.db)).toEqual({ usd: 0n, wbx: 0n });
  });
});
