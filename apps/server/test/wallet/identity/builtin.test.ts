import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_TEXTS, MATCH_TEXTS, ONBOARDING_TEXTS, TEXTS } from '@rush/domain';
import { PHOTO_ID_MAX_BYTES, WALLET_ROUTES } from '@rush/protocol';
import { registerUser } from '../../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../../support/database.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import { identityProfiles } from '../../../src/modules/wallet/schema.ts';
import { gpsAt, identityPhone, PHOENIX, profileBody, submitProfile, postWithdrawal } from '../support/wallet.ts';
import { bornYearsAgo, image, photoForm, uploadPhoto, walletVerifiedUser } from './support.ts';

const JACKSON_MS = [32.2988, -90.1848] as const;

/** SPEC 4 identity step on the built-in rules (the default, offline), issue 16. */
describe.each(POSTGRES_TOO)('identity step, built-in rules, on %s', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, http: 'inject' });
  });
  afterAll(() => server?.stop());

  const rowOf = async (uid: string) =>
    (await server.ctx.db.select().from(identityProfiles).where(eq(identityProfiles.userId, uid)))[0];

  itOnPglite(
    'profile with another phone than the wallet: photo ID, then verified, then deposits; money is refused before',
    async () => {
      const { user } = await walletVerifiedUser(server);
      expect((await user.client.get(WALLET_ROUTES.identity)).body).toEqual({
        step: 'profile',
        flag: null,
        message: null,
      });
      const early = await user.client.post(WALLET_ROUTES.deposits, {
        amount: 2000,
        region: 'us',
        deviceGps: gpsAt(server),
      });
      expect(early.status).toBe(403);
      expect(early.body.error.message).toBe(IDENTITY_TEXTS.notVerified);
      const earlyOut = await postWithdrawal(server, user.client, { amount: 100, region: 'us' });
      expect(earlyOut.status).toBe(403);
      expect(earlyOut.body.error.message).toBe(IDENTITY_TEXTS.notVerified);

      // No photo step yet: an upload is refused.
      expect((await uploadPhoto(user, photoForm(await image('png'), 'id.png', 'image/png'))).status).toBe(409);

      const res = await submitProfile(server, user, { firstName: 'Grace', lastName: 'Hopper' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ step: 'photo', flag: null, message: null });
      // Submitting again changes nothing (the step is decided).
      expect((await submitProfile(server, user)).body.step).toBe('photo');

      // Not an image, a GIF, a text file named .png: refused with the text, still the photo step.
      for (const [bytes, name, type] of [
        [Buffer.from('hello, not a picture'), 'id.png', 'image/png'],
        [await image('gif'), 'id.gif', 'image/gif'],
        [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64)]), 'id.png', 'image/png'],
      ] as const) {
        const bad = await uploadPhoto(user, photoForm(bytes, name, type));
        expect(bad.status, name).toBe(415);
        expect(bad.body.error.message).toBe(IDENTITY_TEXTS.photoType);
      }
      expect((await user.client.get(WALLET_ROUTES.identity)).body.step).toBe('photo');

      const ok = await uploadPhoto(user, photoForm(await image('jpeg'), 'id.jpg', 'image/jpeg'));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body).toEqual({ step: 'verified', flag: null, message: null });

      // Only the hash and the status are kept: no name, birth date, phone or image.
      const row = await rowOf(user.uid);
      expect(row).toMatchObject({ status: 'verified', providerRef: null });
      expect(row!.identityHash).toMatch(/^[0-9a-f]{64}$/);

      const deposit = await user.client.post(WALLET_ROUTES.deposits, {
        amount: 2000,
        region: 'us',
        deviceGps: gpsAt(server),
      });
      expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    },
  );

  itOnPglite('profile with the wallet phone: verified at once', async () => {
    const { user, digits } = await walletVerifiedUser(server);
    const res = await submitProfile(server, user, { phone: identityPhone(digits) });
    expect(res.body).toEqual({ step: 'verified', flag: null, message: null });
  });

  itOnPglite(
    'a second account of the same person is id-ex (names compared without case, accents or spaces); money refused with the text',
    async () => {
      const first = await walletVerifiedUser(server);
      const same = {
        firstName: 'José',
        lastName: "O'Neil",
        dateOfBirth: '07/08/1985',
        phone: identityPhone(first.digits),
      };
      expect((await submitProfile(server, first.user, same)).body.step).toBe('verified');

      const second = await walletVerifiedUser(server);
      const res = await submitProfile(server, second.user, { ...same, firstName: ' jose ', lastName: 'ONEIL' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ step: 'flagged', flag: 'id-ex', message: TEXTS.walletIdEx });
      expect((await second.user.client.get(WALLET_ROUTES.identity)).body.flag).toBe('id-ex');
      const deposit = await second.user.client.post(WALLET_ROUTES.deposits, {
        amount: 2000,
        region: 'us',
        deviceGps: gpsAt(server),
      });
      expect(deposit.status).toBe(409);
      expect(deposit.body.error.message).toBe(TEXTS.walletIdEx);
      // The first account is untouched; the duplicate keeps no hash.
      expect((await first.user.client.get(WALLET_ROUTES.identity)).body.step).toBe('verified');
      expect((await rowOf(second.user.uid))!.identityHash).toBeNull();

      // Another birth date is another person.
      const third = await walletVerifiedUser(server);
      expect((await submitProfile(server, third.user, { ...same, dateOfBirth: '07/09/1985' })).body.step).toBe('photo');
    },
  );

  it('two accounts of one person submitting at once: exactly one wins', async () => {
    const users = await Promise.all([
      walletVerifiedUser(server),
      walletVerifiedUser(server),
      walletVerifiedUser(server),
    ]);
    const same = { firstName: 'Ada', lastName: 'Byron', dateOfBirth: '12/10/1990', phone: '(555) 303-0303' };
    const answers = await Promise.all(users.map(({ user }) => submitProfile(server, user, same)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const steps = answers.map((a) => a.body.step as string).sort();
    expect(steps).toEqual(['flagged', 'flagged', 'photo']);
  });

  itOnPglite('under the age of majority where the device is: RushCoins only (21 in Mississippi)', async () => {
    const { user } = await walletVerifiedUser(server);
    const res = await submitProfile(server, user, {
      dateOfBirth: bornYearsAgo(server, 20),
      deviceGps: gpsAt(server, ...JACKSON_MS),
    });
    expect(res.body).toEqual({ step: 'minor', flag: null, message: MATCH_TEXTS.underMajority });
    const deposit = await user.client.post(WALLET_ROUTES.deposits, {
      amount: 2000,
      region: 'us',
      deviceGps: gpsAt(server),
    });
    expect(deposit.status).toBe(403);
    expect(deposit.body.error.message).toBe(MATCH_TEXTS.underMajority);
    // The same 20-year-old in New York is of age: the form may be submitted again.
    const again = await submitProfile(server, user, { dateOfBirth: bornYearsAgo(server, 20) });
    expect(again.body.step).toBe('photo');
  });

  itOnPglite(
    'from a refused state: ll-blocked with its text, nothing kept; without a location: LOCATION_REQUIRED',
    async () => {
      const { user } = await walletVerifiedUser(server);
      const blocked = await submitProfile(server, user, { deviceGps: gpsAt(server, ...PHOENIX) });
      expect(blocked.status).toBe(403);
      expect(blocked.body.error).toMatchObject({ code: 'LOCATION_BLOCKED', message: TEXTS.walletLlBlocked });
      expect(await rowOf(user.uid)).toBeUndefined();
      const noGps = await user.client.post(WALLET_ROUTES.identityProfile, {
        ...profileBody(server),
        deviceGps: undefined,
      });
      expect(noGps.status).toBe(400);
      expect(noGps.body.error.code).toBe('LOCATION_REQUIRED');
    },
  );

  itOnPglite(
    'each profile and photo attempt is counted before the work: five back to back, then a wait (429)',
    async () => {
      const { user } = await walletVerifiedUser(server);
      const fromPhoenix = () => submitProfile(server, user, { deviceGps: gpsAt(server, ...PHOENIX) });
      for (let i = 0; i < 5; i += 1) expect((await fromPhoenix()).body.error.code).toBe('LOCATION_BLOCKED');
      const waited = await fromPhoenix();
      expect(waited.status).toBe(429);
      expect(waited.body.error.code).toBe('TOO_MANY_ATTEMPTS');
      // About a minute from the fifth attempt (the clock is real: a loaded machine may take seconds off).
      expect(waited.body.error.message).toMatch(
        /^Too many attempts\. Please wait (1 minute|\d+ seconds) and try again\.$/,
      );
      // A good profile now waits too: the location check and the provider are not asked.
      expect((await submitProfile(server, user)).status).toBe(429);
      expect(await rowOf(user.uid)).toBeUndefined();

      const { user: other } = await walletVerifiedUser(server);
      expect((await submitProfile(server, other)).body.step).toBe('photo');
      const junk = () => uploadPhoto(other, photoForm(Buffer.from('not a picture'), 'id.png', 'image/png'));
      for (let i = 0; i < 5; i += 1) expect((await junk()).status).toBe(415);
      const good = await uploadPhoto(other, photoForm(await image('jpeg'), 'id.jpg', 'image/jpeg'));
      expect(good.status).toBe(429);
      expect(good.body.error.code).toBe('TOO_MANY_ATTEMPTS');
      expect((await other.client.get(WALLET_ROUTES.identity)).body.step).toBe('photo');
    },
  );

  itOnPglite.each([
    [{ salutation: 'King' }, 'salutation', IDENTITY_TEXTS.salutationRequired],
    [{ firstName: '' }, 'firstName', ONBOARDING_TEXTS.firstNameRequired],
    [{ lastName: 'x'.repeat(21) }, 'lastName', ONBOARDING_TEXTS.lastNameTooLong],
    [{ dateOfBirth: '02/30/1990' }, 'dateOfBirth', ONBOARDING_TEXTS.dateOfBirthInvalid],
    [{ phone: '555-303-0303' }, 'phone', ONBOARDING_TEXTS.identityPhoneFormat],
    [{ citizenshipCountryCode: 'XX' }, 'citizenshipCountryCode', IDENTITY_TEXTS.citizenshipRequired],
  ])('the profile form refuses %j with its text, nothing kept', async (patch, field, text) => {
    const { user } = await walletVerifiedUser(server);
    const res = await submitProfile(server, user, patch);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(text);
    expect(res.body.error.fields[field]).toBe(text);
    expect(await rowOf(user.uid)).toBeUndefined();
  });

  itOnPglite('before the SMS-verified wallet: refused; hostile bodies and uploads never answer 500', async () => {
    const early = await registerUser(server);
    expect((await early.client.get(WALLET_ROUTES.identity)).status).toBe(403);
    const { user } = await walletVerifiedUser(server);
    for (const body of [
      null,
      [],
      'x',
      { salutation: 5 },
      { ...profileBody(server), firstName: 'a'.repeat(5000) },
      { deviceGps: 'here' },
    ]) {
      const res = await user.client.post(WALLET_ROUTES.identityProfile, body);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await submitProfile(server, user)).body.step).toBe('photo');
    const cases: [FormData | string, Record<string, string>, number][] = [
      ['{"file":"x"}', { 'content-type': 'application/json' }, 415],
      [photoForm(await image('png'), 'id.png', 'image/png', 'other'), {}, 400],
      [
        (() => {
          const f = photoForm(Buffer.alloc(10), 'a.png', 'image/png');
          f.append('file', new Blob([new Uint8Array(10)]), 'b.png');
          return f;
        })(),
        {},
        413,
      ], // a second file is over the plugin's files limit
      [photoForm(Buffer.alloc(PHOTO_ID_MAX_BYTES + 1), 'big.png', 'image/png'), {}, 413],
    ];
    for (const [body, headers, status] of cases) {
      const res = await uploadPhoto(user, body, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    }
    expect((await user.client.get(WALLET_ROUTES.identity)).body.step).toBe('photo');
  });
});

describe('identity hash key', () => {
  it('IDENTITY_HASH_KEY keys the hash: the same identity under another key is another hash', async () => {
    const a = await startTestServer({ env: { IDENTITY_HASH_KEY: 'a'.repeat(64) } });
    try {
      const { user, digits } = await walletVerifiedUser(a);
      expect((await submitProfile(a, user, { phone: identityPhone(digits) })).body.step).toBe('verified');
      const [row] = await a.ctx.db.select().from(identityProfiles).where(eq(identityProfiles.userId, user.uid));
      // PGlite is enough: the same data under another key, asked in turn; nothing races
      const b = await startTestServer({ database: a.database, env: { IDENTITY_HASH_KEY: 'b'.repeat(64) } });
      try {
        const { user: other } = await walletVerifiedUser(b);
        // Same person: under key b it is not recognised (keys must stay the same for one database).
        const res = await submitProfile(b, other, {
          firstName: 'Test',
          lastName: 'Player',
          dateOfBirth: '04/05/1990',
          phone: identityPhone(digits),
        });
        expect(res.body.step).toBe('photo');
        const [otherRow] = await b.ctx.db.select().from(identityProfiles).where(eq(identityProfiles.userId, other.uid));
        expect(otherRow!.identityHash).not.toBe(row!.identityHash);
      } finally {
        await b.stop();
      }
    } finally {
      await a.stop();
    }
  });
});
