import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TAX_TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { taxProfiles, withdrawals } from '../../src/modules/wallet/schema.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import {
  expectLedgerInvariants,
  startManualWalletServer,
  usd,
  verifiedUser,
  withdrawalsOf,
  type WalletCore,
  withdrawalVerbs,
} from './support/wallet.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const DETAILS = {
  legalName: 'Jane Q. Public',
  street: '1 Main St',
  city: 'Albany',
  state: 'NY',
  zip: '12207',
  tin: '123-45-6780',
};

/**
 * SPEC 9 "Tax information needed above $600 for US withdrawals" (issue 16): a US withdrawal that
 * takes the calendar year's withdrawals above $600.00 is refused with TAX_INFO_REQUIRED until the
 * player's tax details are on file, stored AES-256-GCM encrypted; only the TIN's last four digits
 * are ever answered.
 */
describe.each(POSTGRES_TOO)('US tax information (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let clock: ManualClock;
  let admin: Registered;
  let core: WalletCore;
  suiteSetUp(async () => ({ server, clock, admin, core } = await startManualWalletServer(kind, { http: 'inject' })));

  const { funded, withdraw, held } = withdrawalVerbs(() => ({ server, admin }));

  itOnPglite('$600.00 in the year passes; $600.01 asks for tax details, and holds nothing', async () => {
    const exact = await funded(100_000);
    expect((await withdraw(exact, 60_000)).status).toBe(200);

    const over = await funded(100_000);
    const res = await withdraw(over, 60_001);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'TAX_INFO_REQUIRED', message: TAX_TEXTS.required('600.01') });
    expect(await usd(server, over.uid)).toBe(100_000n);
    expect(await held(over.uid)).toBe(0n);
    expect(await withdrawalsOf(server, over.uid)).toEqual([]);
    expect((await over.client.get(WALLET_ROUTES.tax)).body).toEqual({ saved: false, tinLast4: null });

    // The year adds up: $500 then $100.01 more prompts; a Canadian withdrawal never does.
    const stepwise = await funded(100_000);
    expect((await withdraw(stepwise, 50_000)).status).toBe(200);
    expect((await withdraw(stepwise, 10_000)).status).toBe(200);
    const third = await withdraw(stepwise, 1);
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe('TAX_INFO_REQUIRED');
    expect((await withdraw(stepwise, 1, 'ca')).status).toBe(400); // below the US$2.00 fee, not a tax question
    expect((await withdraw(stepwise, 10_000, 'ca')).status).toBe(200);
  });

  itOnPglite(
    'the form is validated, stored encrypted (only the last 4 of the TIN readable), then the withdrawal goes through',
    async () => {
      const u = await funded(100_000);
      expect((await withdraw(u, 60_001)).body.error.code).toBe('TAX_INFO_REQUIRED');

      const bad = await u.client.put(WALLET_ROUTES.tax, { ...DETAILS, tin: '12345', zip: '1', state: 'ZZ' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({
        state: TAX_TEXTS.stateInvalid,
        zip: TAX_TEXTS.zipInvalid,
        tin: TAX_TEXTS.tinInvalid,
      });
      expect(await server.ctx.db.select().from(taxProfiles).where(eq(taxProfiles.userId, u.uid))).toEqual([]);

      const saved = await u.client.put(WALLET_ROUTES.tax, DETAILS);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toEqual({ saved: true, tinLast4: '6780' });
      expect((await u.client.get(WALLET_ROUTES.tax)).body).toEqual({ saved: true, tinLast4: '6780' });

      // The raw row: a versioned AES-GCM ciphertext; neither the TIN nor the name nor the address in clear.
      const [raw] = await server.ctx.db.select().from(taxProfiles).where(eq(taxProfiles.userId, u.uid));
      expect(raw!.tinLast4).toBe('6780');
      expect(raw!.details).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      for (const clear of ['123456780', '123-45-6780', 'Jane', 'Public', 'Main St', 'Albany', '12207']) {
        expect(raw!.details).not.toContain(clear);
      }
      const blob = JSON.stringify(raw);
      expect(blob).not.toContain('123456780');
      expect(await core.tax.details(u.uid)).toEqual({ ...DETAILS, tin: '123456780' });

      // Bound to the user: the same ciphertext on another user's row does not decrypt.
      const other = await verifiedUser(server);
      await server.ctx.db.insert(taxProfiles).values({
        userId: other.uid,
        details: raw!.details,
        tinLast4: '6780',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      await expect(core.tax.details(other.uid)).rejects.toThrow();

      const res = await withdraw(u, 60_001);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.transaction).toMatchObject({ amount: 60_001, status: 'pending' });
      expect(await held(u.uid)).toBe(60_001n);
      await expectLedgerInvariants(server.ctx.db);
    },
  );

  it('two requests at once that together pass $600.00 are added up: one is held, one asks', async () => {
    const u = await funded(100_000);
    const answers = await Promise.all([withdraw(u, 40_000), withdraw(u, 40_000)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe('TAX_INFO_REQUIRED');
    expect(await held(u.uid)).toBe(40_000n);
  });

  itOnPglite("only the calendar year (UTC) counts: last year's withdrawals do not", async () => {
    // The manual clock stands in January 2026: a withdrawal of the last second of 2025 and
    // one of the first second of 2026 (rows as the wallet writes them).
    expect(clock.now().getUTCFullYear()).toBe(2026);
    const u = await funded(100_000);
    const row = (id: string, requestedAt: string) => ({
      id,
      uid: u.uid,
      amount: 50_000n,
      fee: 0n,
      region: 'us' as const,
      status: 'completed' as const,
      requestedAt: new Date(requestedAt),
      resolvedAt: new Date(requestedAt),
    });
    await server.ctx.db.insert(withdrawals).values(row(crypto.randomUUID(), '2025-12-31T23:59:59.999Z'));
    expect((await withdraw(u, 60_000)).status).toBe(200);
    const v = await funded(100_000);
    await server.ctx.db
      .insert(withdrawals)
      .values({ ...row(crypto.randomUUID(), '2026-01-01T00:00:00.000Z'), uid: v.uid });
    expect((await withdraw(v, 10_000)).status).toBe(200);
    expect((await withdraw(v, 1)).body.error.code).toBe('TAX_INFO_REQUIRED');
  });
});
