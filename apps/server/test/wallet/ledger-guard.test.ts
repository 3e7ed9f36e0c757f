import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/database.ts';
import { rowsOf } from '../../src/platform/db/database.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { applyMovement, readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { useLedgerDb } from './support/ledger-db.ts';

/** Issue 10, 13: the database lets a balance change only as the effect of inserting transfers. */
describe.each(DB_KINDS)('ledger balance guard on %s', (kind) => {
  const { t, fund, bal } = useLedgerDb(kind);
  const exec = (q: ReturnType<typeof sql>) => t.db.db.execute(q);

  it('refuses a direct UPDATE of a balance, even one the CHECK would allow, and changes nothing', async () => {
    await fund('g-alice', 500n);
    await expect(
      exec(sql`update ledger_accounts set balance = balance + 100 where id = 'user:g-alice:usd'`),
    ).rejects.toThrow();
    await expect(exec(sql`update ledger_accounts set balance = 0`)).rejects.toThrow();
    // Setting the trigger's flag by hand does not help: the change must come from the transfers trigger.
    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('rush.ledger_applying', 'on', true)`);
        await tx.execute(sql`update ledger_accounts set balance = 1 where id = 'user:g-alice:usd'`);
      }),
    ).rejects.toThrow();
    expect(await bal('g-alice')).toBe(500n);
  });

  it('refuses an account created with money in it, and a change of an account kind or currency', async () => {
    await expect(
      exec(
        sql`insert into ledger_accounts (id, kind, owner_id, currency, balance) values ('user:g-bob:usd', 'user', 'g-bob', 'usd', 100)`,
      ),
    ).rejects.toThrow();
    await fund('g-carl', 10n);
    await expect(
      exec(sql`update ledger_accounts set kind = 'clearing' where id = 'user:g-carl:usd'`),
    ).rejects.toThrow();
    await expect(exec(sql`update ledger_accounts set currency = 'wbx' where id = 'user:g-carl:usd'`)).rejects.toThrow();
    expect(await bal('g-bob')).toBe(0n);
  });

  it('an inserted transfer moves the balances, and one across currencies is refused', async () => {
    await fund('g-dora', 300n);
    await fund('g-ed', 0n);
    const movement = await exec(
      sql`insert into ledger_movements (idempotency_key, kind, currency) values ('guard:raw', 'transfer', 'usd') returning id`,
    );
    const rows = rowsOf<{ id: string }>(movement);
    await exec(sql`insert into ledger_transfers (movement_id, from_account, to_account, amount, currency)
      values (${rows[0]!.id}, 'user:g-dora:usd', 'user:g-ed:usd', 120, 'usd')`);
    expect(await bal('g-dora')).toBe(180n);
    expect(await bal('g-ed')).toBe(120n);
    await expect(
      exec(sql`insert into ledger_transfers (movement_id, from_account, to_account, amount, currency)
        values (${rows[0]!.id}, 'user:g-dora:usd', 'user:g-ed:usd', 1, 'wbx')`),
    ).rejects.toThrow();
    expect(await bal('g-dora')).toBe(180n);
  });

  it('applies a movement by its net: a leg out of an empty account before the leg into it is fine', async () => {
    await fund('g-fay', 50n);
    const [fay, gus, hal] = ['g-fay', 'g-gus', 'g-hal'].map((u) => accountOf.user(u, 'usd'));
    const out = await applyMovement(t.db.db, {
      key: 'guard:chain',
      kind: 'transfer',
      currency: 'usd',
      accounts: [fay!, gus!, hal!],
      legs: () => [
        { from: gus!, to: hal!, amount: 50n },
        { from: fay!, to: gus!, amount: 50n },
      ],
    });
    expect(out.status).toBe('applied');
    expect([await bal('g-fay'), await bal('g-gus'), await bal('g-hal')]).toEqual([0n, 0n, 50n]);
    expect(await readBalance(t.db.db, accountOf.clearing('usd').id)).toBeLessThan(0n);
  });
});
