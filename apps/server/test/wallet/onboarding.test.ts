import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_TEXTS, ONBOARDING_TEXTS, TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import { registerUser } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { gpsAt, submitProfile, verifiedUser, postWithdrawal } from './support/wallet.ts';

const form = { phone: '+1 (555) 867-5309', firstName: 'Ada', lastName: 'Lovelace', nickname: 'ada' };

/** SPEC 4 wallet flow (issue 16): the provider's create form and SMS code before any money moves. */
describe.each(DB_KINDS)('wallet onboarding on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind });
  });
  afterAll(() => server?.stop());

  it('create form, then the code (the sandbox takes any six digits), then deposits; before that money is refused', async () => {
    const u = await verifiedUser(server, {}, { onboard: false });
    expect((await u.client.get(WALLET_ROUTES.onboarding)).body).toEqual({ step: 'create', phoneLast4: null });
    const early = await u.client.post(WALLET_ROUTES.deposits, { amount: 2000, region: 'us', deviceGps: gpsAt(server) });
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe(TEXTS.walletNotVerified);
    const earlyOut = await postWithdrawal(server, u.client, { amount: 100, region: 'us' });
    expect(earlyOut.body.error.message).toBe(TEXTS.walletNotVerified);
    // Verify before create: nothing to verify.
    expect((await u.client.post(WALLET_ROUTES.onboardingVerify, { code: '123456' })).status).toBe(409);

    const created = await u.client.post(WALLET_ROUTES.onboardingCreate, form);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toEqual({ step: 'verify', phoneLast4: '5309' });
    expect((await u.client.post(WALLET_ROUTES.onboardingResend, {})).body.step).toBe('verify');

    const empty = await u.client.post(WALLET_ROUTES.onboardingVerify, { code: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(ONBOARDING_TEXTS.codeRequired);
    // The provider's own refusal text, as is (SPEC 4).
    const wrong = await u.client.post(WALLET_ROUTES.onboardingVerify, { code: '12ab' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('The verification code is incorrect.');

    const ok = await u.client.post(WALLET_ROUTES.onboardingVerify, { code: '424242' });
    expect(ok.body).toEqual({ step: 'verified', phoneLast4: '5309' });
    // Verified for good: the forms again change nothing.
    expect((await u.client.post(WALLET_ROUTES.onboardingCreate, { ...form, phone: '+1 (555) 111-2222' })).body).toEqual(
      {
        step: 'verified',
        phoneLast4: '5309',
      },
    );
    // Then the identity step (test/wallet/identity/): money waits for it.
    const waiting = await u.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'us',
      deviceGps: gpsAt(server),
    });
    expect(waiting.status).toBe(403);
    expect(waiting.body.error.message).toBe(IDENTITY_TEXTS.notVerified);
    expect((await submitProfile(server, u, { phone: '(555) 867-5309' })).body.step).toBe('verified');
    const deposit = await u.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'us',
      deviceGps: gpsAt(server),
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    expect(deposit.body.url).toContain('/sandbox-pay/checkout/');
  });

  it.each([
    [{ phone: '555 867 5309' }, 'phone', ONBOARDING_TEXTS.phoneFormat],
    [{ firstName: '' }, 'firstName', ONBOARDING_TEXTS.firstNameRequired],
    [{ lastName: 'x'.repeat(21) }, 'lastName', ONBOARDING_TEXTS.lastNameTooLong],
  ])('the create form refuses %j with its text, and nothing is started', async (patch, field, text) => {
    const u = await verifiedUser(server, {}, { onboard: false });
    const res = await u.client.post(WALLET_ROUTES.onboardingCreate, { ...form, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(text);
    expect(res.body.error.fields).toEqual({ [field]: text });
    expect((await u.client.get(WALLET_ROUTES.onboarding)).body.step).toBe('create');
  });

  it('hostile bodies never answer 500; an unverified email has no wallet at all', async () => {
    const u = await verifiedUser(server, {}, { onboard: false });
    for (const body of [null, [], 'x', { phone: 5 }, { ...form, firstName: 'a'.repeat(5000) }, { code: {} }]) {
      for (const route of [WALLET_ROUTES.onboardingCreate, WALLET_ROUTES.onboardingVerify]) {
        const res = await u.client.post(route, body);
        expect(res.status, `${route} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
    const fresh = await registerUser(server);
    const res = await fresh.client.get(WALLET_ROUTES.onboarding);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(TEXTS.onlyVerified);
  });
});

describe('wallet onboarding with payments off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', env: { PAYMENTS: 'off' } });
  });
  afterAll(() => server?.stop());

  it('is refused like every money route', async () => {
    const u = await verifiedUser(server);
    const res = await u.client.post(WALLET_ROUTES.onboardingCreate, form);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(TEXTS.paymentsOff);
  });
});
