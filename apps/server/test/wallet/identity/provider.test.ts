import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_TEXTS, ONBOARDING_TEXTS, TEXTS } from '@rush/domain';
import { WALLET_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../../support/database.ts';
import { startIdentityEmulator, type IdentityEmulator } from '../../support/identity-emulator/emulator.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { gpsAt, identityPhone, submitProfile } from '../support/wallet.ts';
import { bornYearsAgo, image, photoForm, uploadPhoto, walletVerifiedUser } from './support.ts';

const API_KEY = 'identity-test-key';

/** IDENTITY=provider: the HTTP client against the local emulator, every reason code (issue 16). */
describe.each(DB_KINDS)('identity step through the provider client, on %s', (kind) => {
  let server: TestServer;
  let emu: IdentityEmulator;
  beforeAll(async () => {
    emu = await startIdentityEmulator({ apiKey: API_KEY });
    server = await startTestServer({
      kind,
      http: 'inject',
      env: { IDENTITY: 'provider', IDENTITY_URL: emu.url, IDENTITY_API_KEY: API_KEY },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await emu?.close();
  });
  afterEach(() => {
    emu.setDefault('sessions', { ReasonCodes: ['LL-OK'], Region: 'US-NY' });
    emu.setDefault('customers', { ReasonCodes: ['ID-VERIFIED'] });
    emu.setDefault('documents', { ReasonCodes: ['ID-VERIFIED'] });
    emu.hang('customers', false);
  });

  const calls = (call: string) => emu.log.filter((e) => e.call === call).length;

  it('the whole onboarding: session, profile (ID-DOC-REQ), the photo ID re-encoded to the provider, verified, deposits', async () => {
    const { user, digits } = await walletVerifiedUser(server);
    emu.answer('customers', { ReasonCodes: ['ID-DOC-REQ'] });
    const res = await submitProfile(server, user, {
      salutation: 'Dr.',
      phone: identityPhone(digits),
      citizenshipCountryCode: 'CA',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.step).toBe('photo');
    const sent = emu.log.filter((e) => e.call === 'customers').at(-1)!;
    expect(sent.body).toMatchObject({
      MerchantCustomerID: user.uid,
      Salutation: 'Dr.',
      FirstName: 'Test',
      LastName: 'Player',
      DateOfBirth: '1990-04-05',
      EmailAddress: user.email,
      CitizenshipCountryCode: 'CA',
      PhoneNumber: digits,
      DeviceGPS: { Latitude: 40.7128, Longitude: -74.006, Radius: 10 },
    });
    const session = emu.log.filter((e) => e.call === 'sessions').at(-1)!;
    expect(session.body).toMatchObject({ MerchantCustomerID: user.uid, Type: 'PAY' });

    const png = await image('png');
    const up = await uploadPhoto(user, photoForm(png, 'id.png', 'image/png'));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.step).toBe('verified');
    const doc = emu.log.filter((e) => e.call === 'documents').at(-1)!;
    expect(doc.path).toMatch(/^\/v1\/customers\/cus_\d+\/documents\?type=photo-id$/);
    expect(doc.contentType).toBe('image/png');
    expect(doc.bytes).toBeGreaterThan(0);

    const deposit = await user.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'us',
      deviceGps: gpsAt(server),
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  });

  it.each([
    ['ID-VERIFIED', 200, { step: 'verified', flag: null, message: null }],
    ['ID-FAIL', 200, { step: 'refused', flag: null, message: ONBOARDING_TEXTS.photoNeeded }],
    ['ID-EX', 200, { step: 'flagged', flag: 'id-ex', message: TEXTS.walletIdEx }],
  ])('profile reason code %s -> %j', async (code, status, view) => {
    const { user } = await walletVerifiedUser(server);
    emu.answer('customers', { ReasonCodes: [code] });
    const res = await submitProfile(server, user);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(view);
    expect((await user.client.get(WALLET_ROUTES.identity)).body).toEqual(view);
  });

  it.each([
    ['ID-BLOCK', 'IDENTITY_BLOCKED', TEXTS.walletIdBlocked],
    ['LL-BLOCK', 'LOCATION_BLOCKED', TEXTS.walletLlBlocked],
  ])('profile reason code %s -> %s with its text; the form may be submitted again', async (code, errorCode, text) => {
    const { user } = await walletVerifiedUser(server);
    emu.answer('customers', { ReasonCodes: [code] });
    const res = await submitProfile(server, user);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: errorCode, message: text });
    expect((await user.client.get(WALLET_ROUTES.identity)).body.step).toBe('profile');
    expect((await submitProfile(server, user)).body.step).toBe('verified');
  });

  it.each([
    [{ ReasonCodes: ['LL-BLOCK'] }, 403, TEXTS.walletLlBlocked],
    [{ ReasonCodes: ['ID-BLOCK'] }, 403, TEXTS.walletIdBlocked],
    [
      { ReasonCodes: ['LL-FAIL'], Message: 'Location could not be determined' },
      422,
      'Location could not be determined',
    ],
    [{ ReasonCodes: [] }, 422, TEXTS.walletUnableToProcess],
  ])('session answer %j -> %i with its text, no profile sent', async (answer, status, text) => {
    const { user } = await walletVerifiedUser(server);
    const before = calls('customers');
    emu.answer('sessions', answer);
    const res = await submitProfile(server, user);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toBe(text);
    expect(calls('customers')).toBe(before);
  });

  it('session ID-EX: flagged id-ex, kept', async () => {
    const { user } = await walletVerifiedUser(server);
    emu.answer('sessions', { ReasonCodes: ['ID-EX'] });
    expect((await submitProfile(server, user)).body).toEqual({
      step: 'flagged',
      flag: 'id-ex',
      message: TEXTS.walletIdEx,
    });
  });

  it('the region the provider names decides the age of majority (21 in Mississippi)', async () => {
    const { user } = await walletVerifiedUser(server);
    emu.answer('sessions', { ReasonCodes: ['LL-OK'], Region: 'US-MS' });
    const before = calls('customers');
    const res = await submitProfile(server, user, { dateOfBirth: bornYearsAgo(server, 20) });
    expect(res.body).toEqual({ step: 'minor', flag: null, message: MATCH_TEXTS.underMajority });
    expect(calls('customers')).toBe(before);
  });

  it('photo ID reason codes: ID-FAIL refused; ID-BLOCK answered and the photo step stays', async () => {
    const { user } = await walletVerifiedUser(server);
    emu.answer('customers', { ReasonCodes: ['ID-DOC-REQ'] });
    expect((await submitProfile(server, user)).body.step).toBe('photo');
    emu.answer('documents', { ReasonCodes: ['ID-BLOCK'] }, { ReasonCodes: ['ID-FAIL'] });
    const jpeg = photoForm(await image('jpeg'), 'id.jpg', 'image/jpeg');
    const blocked = await uploadPhoto(user, jpeg);
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe(TEXTS.walletIdBlocked);
    expect((await user.client.get(WALLET_ROUTES.identity)).body.step).toBe('photo');
    const refused = await uploadPhoto(user, photoForm(await image('jpeg'), 'id.jpg', 'image/jpeg'));
    expect(refused.body).toEqual({ step: 'refused', flag: null, message: ONBOARDING_TEXTS.photoNeeded });
  });

  it('a provider error is one call, never retried: 500 -> 503, 400 -> 422; the form may be submitted again', async () => {
    const { user } = await walletVerifiedUser(server);
    const before = calls('customers');
    emu.failWith('customers', 500);
    const down = await submitProfile(server, user);
    expect(down.status).toBe(503);
    expect(down.body.error.message).toBe(TEXTS.walletUnableToProcess);
    expect(calls('customers')).toBe(before + 1);
    expect((await user.client.get(WALLET_ROUTES.identity)).body.step).toBe('profile');
    emu.failWith('customers', 400);
    const refused = await submitProfile(server, user);
    expect(refused.status).toBe(422);
    expect(calls('customers')).toBe(before + 2);
    expect((await submitProfile(server, user)).body.step).toBe('verified');
  });

  it('a hanging provider times out (6 s) with a clear 503, never a 500; the form may be submitted again', async () => {
    const { user } = await walletVerifiedUser(server);
    emu.hang('customers', true);
    const before = calls('customers');
    const res = await submitProfile(server, user);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(TEXTS.walletUnableToProcess);
    expect(calls('customers')).toBe(before + 1);
    emu.hang('customers', false);
    expect((await user.client.get(WALLET_ROUTES.identity)).body.step).toBe('profile');
    expect((await submitProfile(server, user)).body.step).toBe('verified');
  });

  it('one person one account holds with the provider too: our hash answers id-ex before the provider is asked', async () => {
    const a = await walletVerifiedUser(server);
    const same = { firstName: 'Mary', lastName: 'Shelley', dateOfBirth: '08/30/1987', phone: '(555) 404-0404' };
    expect((await submitProfile(server, a.user, same)).body.step).toBe('verified');
    const before = calls('customers');
    const b = await walletVerifiedUser(server);
    expect((await submitProfile(server, b.user, same)).body.flag).toBe('id-ex');
    expect(calls('customers')).toBe(before);
  });
});

describe('identity provider settings', () => {
  it('IDENTITY=provider without its URL and key, or over plain http to another host, refuses to start', async () => {
    const { parseConfig } = await import('../../../src/config.ts');
    expect(() => parseConfig({ IDENTITY: 'provider' })).toThrow(/IDENTITY_URL and IDENTITY_API_KEY/);
    expect(() =>
      parseConfig({ IDENTITY: 'provider', IDENTITY_URL: 'http://id.example.com', IDENTITY_API_KEY: 'k' }),
    ).toThrow(/https/);
    expect(() => parseConfig({ IDENTITY_HASH_KEY: 'short' })).toThrow(/32 bytes/);
    expect(parseConfig({}).identity).toEqual({ mode: 'builtin', provider: null, hashKey: null });
  });
});
