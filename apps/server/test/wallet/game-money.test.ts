import { describe, expect, it } from 'vitest';
import { gameMoneyTotals, netLoss, netResult } from '@rush/domain';
import { useLedgerDb } from './support/ledger-db.ts';
import { gameMoneyFlows } from '../../src/modules/wallet/game-money.store.ts';

/** Issue 37: a player's game money read from the ledger: stakes, stakes given back and winnings. */
describe('game money from the ledger', () => {
  // PGlite is enough: reads of committed movements, no race.
  const { t, fund } = useLedgerDb('pglite');

  it('counts stakes, refunds and payouts of the player only, deposits not', async () => {
    await fund('g1', 1000n);
    await fund('g2', 1000n);
    const stakes = [
      { uid: 'g1', amount: 300n },
      { uid: 'g2', amount: 300n },
    ];
    await t.ledger.holdAll({ ref: 'game:won', currency: 'usd', stakes });
    await t.ledger.settle({ ref: 'game:won', currency: 'usd', winners: ['g1'] });
    await t.ledger.holdAll({ ref: 'game:void', currency: 'usd', stakes });
    await t.ledger.refund({ ref: 'game:void', currency: 'usd', reason: 'void' });
    await t.ledger.hold({ ref: 'lobby:l', uid: 'g2', currency: 'usd', amount: 200n });

    const winner = gameMoneyTotals(await gameMoneyFlows(t.db.db, 'g1', 'usd'));
    // The pot of 600 less the 10 % fee.
    expect(winner).toEqual({ staked: 600n, returned: 300n, won: 540n });
    expect(netResult(winner)).toBe(240n);
    const loser = gameMoneyTotals(await gameMoneyFlows(t.db.db, 'g2', 'usd'));
    expect(loser).toEqual({ staked: 800n, returned: 300n, won: 0n });
    expect(netLoss(loser)).toBe(500n);
    expect(await gameMoneyFlows(t.db.db, 'g1', 'wbx')).toEqual([]);
    const future = new Date(Date.now() + 3_600_000);
    expect(await gameMoneyFlows(t.db.db, 'g2', 'usd', future)).toEqual([]);
  });
});
