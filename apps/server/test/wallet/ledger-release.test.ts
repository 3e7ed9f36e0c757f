import { describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/database.ts';
import { useLedgerDb } from './support/ledger-db.ts';
import { EscrowClosedError } from '../../src/modules/wallet/ledger.ts';
import { sumPerCurrency } from '../../src/modules/wallet/ledger.store.ts';

/** Per-seat holds and `release`: one user's stake back from an escrow that stays open (lobbies). */
describe.each(DB_KINDS)('ledger seats and release on %s', (kind) => {
  const { t, fund, bal, escrow } = useLedgerDb(kind);

  it('a seat per join; a release gives back only that user money, once per id, capped by what they hold', async () => {
    await fund('r1', 1000n);
    await fund('r2', 1000n);
    const ref = 'lobby:rel';
    await t.ledger.hold({ ref, uid: 'r1', currency: 'usd', amount: 300n, seat: 'a' });
    expect((await t.ledger.hold({ ref, uid: 'r1', currency: 'usd', amount: 300n, seat: 'a' })).status).toBe('replayed');
    await t.ledger.hold({ ref, uid: 'r1', currency: 'usd', amount: 300n, seat: 'b' });
    await t.ledger.hold({ ref, uid: 'r2', currency: 'usd', amount: 300n, seat: 'c' });
    expect(await bal('r1')).toBe(400n);
    expect(await escrow(ref)).toBe(900n);

    // One seat back (the second stake of a racing double join): capped at the amount.
    await t.ledger.release({ ref, uid: 'r1', currency: 'usd', id: 'seat:b', amount: 300n });
    expect((await t.ledger.release({ ref, uid: 'r1', currency: 'usd', id: 'seat:b', amount: 300n })).status).toBe(
      'replayed',
    );
    expect(await bal('r1')).toBe(700n);
    // A leave: all of r1's stake, never r2's, whatever amount is asked.
    await t.ledger.release({ ref, uid: 'r1', currency: 'usd', id: 'leave:1', amount: 10_000n });
    expect(await bal('r1')).toBe(1000n);
    expect(await escrow(ref)).toBe(300n);
    // Nothing left for r1: a further release moves nothing.
    const empty = await t.ledger.release({ ref, uid: 'r1', currency: 'usd', id: 'leave:2' });
    expect(empty.status === 'applied' && empty.legs).toEqual([]);
    expect(await bal('r2')).toBe(700n);

    // The refund returns what is left to its owner only; after the close no release moves money.
    await t.ledger.refund({ ref, currency: 'usd', reason: 'refund' });
    expect(await bal('r2')).toBe(1000n);
    expect(await bal('r1')).toBe(1000n);
    const late = await t.ledger.release({ ref, uid: 'r2', currency: 'usd', id: 'leave:3' }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(EscrowClosedError);
    expect(await escrow(ref)).toBe(0n);
    expect((await sumPerCurrency(t.db.db)).usd).toBe(0n);
  });

  it('a release after a settle is refused (the pot was decided)', async () => {
    await fund('s1', 500n);
    await fund('s2', 500n);
    const ref = 'lobby:set';
    await t.ledger.hold({ ref, uid: 's1', currency: 'usd', amount: 500n, seat: 'x' });
    await t.ledger.hold({ ref, uid: 's2', currency: 'usd', amount: 500n, seat: 'y' });
    await t.ledger.settle({ ref, currency: 'usd', winners: ['s1'] });
    expect(await bal('s1')).toBe(900n);
    const late = await t.ledger.release({ ref, uid: 's2', currency: 'usd', id: 'leave' }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(EscrowClosedError);
    expect(await bal('s2')).toBe(0n);
  });
});
