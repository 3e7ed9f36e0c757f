import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import type { EscrowState } from '../../src/modules/wallet/escrow-resolvers.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements } from '../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import {
  adminDeposit,
  expectLedgerInvariants,
  startWalletServer,
  usd,
  verifiedUser,
  walletCore,
} from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(POSTGRES_TOO)('escrow sweeper (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startWalletServer(kind, { http: 'inject' })));

  /** A core (an instance) whose `game:` and `lobby:` owners answer from a table. */
  const coreWith = (states: Record<string, EscrowState | 'throws'>) => {
    const core = walletCore(server);
    const resolver = {
      resolve: (ref: string) => {
        const s = states[ref];
        return s === 'throws'
          ? Promise.reject(new Error('owner down'))
          : Promise.resolve(s ?? { state: 'live' as const });
      },
    };
    core.escrowResolvers.register('game:', resolver);
    core.escrowResolvers.register('lobby:', resolver);
    return core;
  };
  const escrow = (ref: string) => readBalance(server.ctx.db, accountOf.escrow(ref, 'usd').id);
  const closeKinds = async (ref: string) =>
    (await server.ctx.db.select().from(ledgerMovements).where(eq(ledgerMovements.ref, ref)))
      .map((m) => m.kind)
      .filter((k) => ['settle', 'refund', 'void'].includes(k));

  it('settles finished games, refunds abandoned ones, leaves live and unknown ones, once across instances', async () => {
    const [a, b] = [await verifiedUser(server), await verifiedUser(server)];
    await adminDeposit(admin, a.uid, 10_000);
    await adminDeposit(admin, b.uid, 10_000);
    const states: Record<string, EscrowState | 'throws'> = {
      'game:won': { state: 'finished', winners: [a.uid] },
      'game:gone': { state: 'abandoned' },
      'game:going': { state: 'live' },
      'game:noresult': { state: 'finished', winners: [] },
      'game:broken': 'throws',
      'lobby:tie': { state: 'finished', winners: [a.uid, b.uid] },
    };
    const core = coreWith(states);
    for (const ref of [...Object.keys(states), 'other:unknown']) {
      await core.escrow.hold({ ref, uid: a.uid, currency: 'usd', amount: 1000n });
      await core.escrow.hold({ ref, uid: b.uid, currency: 'usd', amount: 500n });
    }
    expect(await usd(server, a.uid)).toBe(3000n);

    const instances = [core, coreWith(states), coreWith(states)];
    const results = await Promise.all(instances.map((c) => c.escrowSweeper.sweep()));
    const total = results.reduce((t, r) => ({ settled: t.settled + r.settled, refunded: t.refunded + r.refunded }), {
      settled: 0,
      refunded: 0,
    });
    // Every instance reports what it did; the ledger did each close once.
    expect(total.settled).toBeGreaterThanOrEqual(2);
    for (const r of results) expect(r).toMatchObject({ live: 1, unknown: 1, failed: 1 });

    for (const ref of ['game:won', 'game:gone', 'game:noresult', 'lobby:tie']) expect(await escrow(ref), ref).toBe(0n);
    for (const ref of ['game:going', 'game:broken', 'other:unknown']) expect(await escrow(ref), ref).toBe(1500n);
    // a: won 1500 - 150 fee; refunds of 1000 twice; tie: (1500 - 150) / 2 = 675.
    expect(await usd(server, a.uid)).toBe(3000n + 1350n + 2000n + 675n);
    expect(await usd(server, b.uid)).toBe(10_000n - 7n * 500n + 1000n + 675n);
    // A finished game without winners closes as the game's own code closes it (refund), so the
    // ledger reads the same whichever closer won; only an abandoned one is void.
    expect(await closeKinds('game:noresult')).toEqual(['refund']);
    expect(await closeKinds('game:gone')).toEqual(['void']);

    // Nothing left to do for a second sweep; the broken one is tried again and works now.
    states['game:broken'] = { state: 'abandoned' };
    const again = await core.escrowSweeper.sweep();
    expect(again).toEqual({ settled: 0, refunded: 1, live: 1, unknown: 1, failed: 0 });
    expect(await escrow('game:broken')).toBe(0n);
    await expectLedgerInvariants(server.ctx.db);
  });
});
