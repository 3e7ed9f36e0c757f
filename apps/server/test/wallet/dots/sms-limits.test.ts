import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WALLET_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../../src/platform/clock.ts';
import { walletOnboarding } from '../../../src/modules/wallet/schema.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { POSTGRES_TOO, pgliteIt } from '../../support/database.ts';
import type { DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import { verifiedUser } from '../support/wallet.ts';
import { phone, startDotsServer } from './support.ts';

const form = () => {
  const p = phone();
  return { phone: `+1 (${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`, firstName: 'Ada', lastName: 'Lovelace' };
};

/** Review of issue 16: texts cost money and reach phones, and a double submit must not make two provider users. */
describe.each(POSTGRES_TOO)('wallet SMS limits and one create at a time (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  let emu: DotsEmulator;
  let clock: ManualClock;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    clock = new ManualClock(new Date());
    ({ server, emu, stop } = await startDotsServer(kind, clock));
  });
  afterAll(() => stop?.());

  const verificationOf = async (uid: string) =>
    (await server.ctx.db.select().from(walletOnboarding).where(eq(walletOnboarding.userId, uid)))[0]!.verificationId;

  it('two creates at once: one provider user; the other is told to wait', async () => {
    const u = await verifiedUser(server, {}, { onboard: false });
    const before = emu.count(DOTS_PATHS.createUser, 'POST');
    // Every provider answer takes a moment, so the second submit arrives while the first is out.
    emu.faults.slow(300);
    let answers;
    try {
      answers = await Promise.all([
        u.client.post(WALLET_ROUTES.onboardingCreate, form()),
        u.client.post(WALLET_ROUTES.onboardingCreate, form()),
      ]);
    } finally {
      emu.faults.slow(0);
    }
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(refused.body.error.message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    expect(emu.count(DOTS_PATHS.createUser, 'POST')).toBe(before + 1);
    // Once the first is done, a corrected form may go through.
    expect((await u.client.post(WALLET_ROUTES.onboardingCreate, form())).status).toBe(200);
    expect(emu.count(DOTS_PATHS.createUser, 'POST')).toBe(before + 2);
  });

  itOnPglite('three texts back to back, then a wait counted before the provider is asked, doubling', async () => {
    const u = await verifiedUser(server, {}, { onboard: false });
    expect((await u.client.post(WALLET_ROUTES.onboardingCreate, form())).status).toBe(200);
    const verificationId = await verificationOf(u.uid);
    const texts = () => emu.user(verificationId)!.smsCount;
    expect(texts()).toBe(1);
    expect((await u.client.post(WALLET_ROUTES.onboardingResend, {})).status).toBe(200);
    // A voice call is the other published channel; it counts against the same budget.
    expect((await u.client.post(WALLET_ROUTES.onboardingResend, { channel: 'voice' })).status).toBe(200);
    expect(texts()).toBe(3);
    expect(emu.user(verificationId)!.codeChannels).toEqual(['sms', 'sms', 'voice']);
    // Anything else is the client's mistake: 400, nothing sent.
    expect((await u.client.post(WALLET_ROUTES.onboardingResend, { channel: 'fax' })).status).toBe(400);

    const fourth = await u.client.post(WALLET_ROUTES.onboardingResend, {});
    expect(fourth.status).toBe(429);
    expect(fourth.body.error.message).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(texts()).toBe(3);

    clock.advance(60_000);
    expect((await u.client.post(WALLET_ROUTES.onboardingResend, {})).status).toBe(200);
    expect(texts()).toBe(4);
    const sixth = await u.client.post(WALLET_ROUTES.onboardingResend, {});
    expect(sixth.body.error.message).toBe('Too many attempts. Please wait 2 minutes and try again.');
    // A new create texts too, so it waits the same.
    expect((await u.client.post(WALLET_ROUTES.onboardingCreate, form())).status).toBe(429);
    expect(texts()).toBe(4);
  });
});
