import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dotsUsers } from '../../../src/modules/wallet/schema.ts';
import { DotsPayments } from '../../../src/modules/wallet/payments/dots/adapter.ts';
import { DotsRefused } from '../../../src/modules/wallet/payments/dots/http.ts';
import { DOTS_PATHS } from '../../../src/modules/wallet/payments/dots/wire.ts';
import { ONBOARDING_TEXTS } from '@rush/domain';
import { DB_KINDS } from '../../support/database.ts';
import { WRONG_CODE_TEXT, type DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import type { TestServer } from '../../support/server.ts';
import { verifiedUser } from '../support/wallet.ts';
import { dotsCore, onboard, phone, startDotsServer, type DotsCore } from './support.ts';

describe.each(DB_KINDS)('Dots onboarding through the client (%s)', (kind) => {
  let server: TestServer;
  let emu: DotsEmulator;
  let core: DotsCore;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, emu, stop } = await startDotsServer(kind));
    core = dotsCore(server);
  });
  afterAll(() => stop?.());

  const rowOf = async (uid: string) => (await server.ctx.db.select().from(dotsUsers).where(eq(dotsUsers.uid, uid)))[0];

  it('create -> SMS code -> verify: the user is verified with their Dots user id', async () => {
    expect(core.payments.name).toBe('dots');
    const u = await verifiedUser(server);
    expect(await core.payments.userState(u.uid)).toEqual({ state: 'none' });
    const tel = phone();
    const { verificationId } = await core.payments.createUser({
      uid: u.uid,
      email: u.email,
      countryCode: 'US',
      phoneNumber: tel,
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'grace',
    });
    // The create call carried SPEC 7's fields in Dots' names.
    const created = emu.log.filter((e) => e.path === DOTS_PATHS.createUser).at(-1)!;
    expect(created.body).toEqual({
      email: u.email,
      country_code: '1',
      phone_number: tel,
      first_name: 'Grace',
      last_name: 'Hopper',
      username: 'grace',
      metadata: { uid: u.uid },
    });
    expect(await core.payments.userState(u.uid)).toEqual({ state: 'verify', verificationId });

    await core.payments.sendVerificationCode(verificationId, 'sms');
    const code = emu.smsCode(verificationId);
    expect(code).toMatch(/^\d{6}$/);
    // The published send-code body: SMS is the default, so nothing is named.
    expect(emu.log.filter((e) => e.path === DOTS_PATHS.sendToken(verificationId)).at(-1)!.body).toEqual({});
    const verified = await core.payments.verifyUser({ verificationId, verificationToken: code! });
    // The published v2 verify: the user's path, {token}; the v1 call is gone.
    const verifyCall = emu.log.filter((e) => e.path === DOTS_PATHS.verifyUser(verificationId)).at(-1)!;
    expect(verifyCall).toMatchObject({ method: 'POST', status: 200, body: { token: code } });
    expect(emu.count('/api/users/verify_user')).toBe(0);
    expect(verified).toEqual({ ok: true, providerUserId: verificationId });
    expect(emu.user(verificationId)!.verified).toBe(true);
    expect(await core.payments.userState(u.uid)).toEqual({ state: 'verified', providerUserId: verificationId });
    const row = await rowOf(u.uid);
    expect(row).toMatchObject({ verificationId, dotsUserId: verificationId });
    expect(row!.verifiedAt).toBeInstanceOf(Date);

    // A later create call (another phone typed) never unlinks a verified account.
    await core.payments.createUser({
      uid: u.uid,
      email: u.email,
      countryCode: '1',
      phoneNumber: phone(),
      firstName: 'Grace',
      lastName: 'Hopper',
      username: null,
    });
    expect((await rowOf(u.uid))!.dotsUserId).toBe(verificationId);
  });

  it('the code by a voice call: the published use_voice option', async () => {
    const u = await verifiedUser(server);
    const { verificationId } = await core.payments.createUser({
      uid: u.uid,
      email: u.email,
      countryCode: 'US',
      phoneNumber: phone(),
      firstName: 'Hedy',
      lastName: 'Lamarr',
      username: null,
    });
    await core.payments.sendVerificationCode(verificationId, 'voice');
    expect(emu.log.filter((e) => e.path === DOTS_PATHS.sendToken(verificationId)).at(-1)).toMatchObject({
      status: 202,
      body: { use_voice: true },
    });
    expect(emu.user(verificationId)!.codeChannels).toEqual(['voice']);
    const code = emu.smsCode(verificationId)!;
    expect(await core.payments.verifyUser({ verificationId, verificationToken: code })).toEqual({
      ok: true,
      providerUserId: verificationId,
    });
  });

  it.each(['message', 'error', 'detail', 'empty'] as const)(
    'a 400 on verify whose body is %s: refused with its text, or ours when it has none',
    async (shape) => {
      emu.setVerifyRefusal(shape);
      try {
        const u = await verifiedUser(server);
        const { verificationId } = await core.payments.createUser({
          uid: u.uid,
          email: u.email,
          countryCode: 'US',
          phoneNumber: phone(),
          firstName: 'Ada',
          lastName: 'Byron',
          username: null,
        });
        await core.payments.sendVerificationCode(verificationId, 'sms');
        const code = emu.smsCode(verificationId)!;
        const wrong = code === '000000' ? '111111' : '000000';
        expect(await core.payments.verifyUser({ verificationId, verificationToken: wrong })).toEqual({
          ok: false,
          error: shape === 'empty' ? ONBOARDING_TEXTS.codeRefused : WRONG_CODE_TEXT,
        });
        expect((await rowOf(u.uid))!.dotsUserId).toBeNull();
      } finally {
        emu.setVerifyRefusal('message');
      }
    },
  );

  it("a wrong code answers the provider's own error text and verifies nothing", async () => {
    const u = await verifiedUser(server);
    const { verificationId } = await core.payments.createUser({
      uid: u.uid,
      email: u.email,
      countryCode: 'US',
      phoneNumber: phone(),
      firstName: 'Alan',
      lastName: 'Turing',
      username: null,
    });
    // username null is left out: Dots generates one.
    expect(emu.log.filter((e) => e.path === DOTS_PATHS.createUser).at(-1)!.body).not.toHaveProperty('username');
    await core.payments.sendVerificationCode(verificationId, 'sms');
    const code = emu.smsCode(verificationId)!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await core.payments.verifyUser({ verificationId, verificationToken: wrong })).toEqual({
      ok: false,
      error: 'The verification code you entered is incorrect.',
    });
    expect(await core.payments.userState(u.uid)).toEqual({ state: 'verify', verificationId });
    expect((await rowOf(u.uid))!.dotsUserId).toBeNull();
    // The right code still works afterwards.
    expect((await core.payments.verifyUser({ verificationId, verificationToken: code })).ok).toBe(true);
  });

  it('our own bad credentials are an error, never shown to the user as a wrong code', async () => {
    const settings = { ...server.config.dots!, apiKey: 'not-our-key' };
    const misconfigured = new DotsPayments(server.ctx.db, server.clock, settings, { retries: 0 });
    const u = await verifiedUser(server);
    const { verificationId } = await core.payments.createUser({
      uid: u.uid,
      email: u.email,
      countryCode: 'US',
      phoneNumber: phone(),
      firstName: 'Alan',
      lastName: 'Kay',
      username: null,
    });
    const err = await misconfigured
      .verifyUser({ verificationId, verificationToken: '123456' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DotsRefused);
    expect((err as DotsRefused).status).toBe(401);
  });

  it('refuses a phone that is not ten digits before calling Dots', async () => {
    const u = await verifiedUser(server);
    const before = emu.count(DOTS_PATHS.createUser);
    const input = { uid: u.uid, email: u.email, countryCode: 'US', firstName: 'A', lastName: 'B', username: null };
    for (const phoneNumber of ['555123456', '55512345678', '(555) 123-4567', '']) {
      await expect(core.payments.createUser({ ...input, phoneNumber })).rejects.toBeInstanceOf(DotsRefused);
    }
    expect(emu.count(DOTS_PATHS.createUser)).toBe(before);
    expect(await rowOf(u.uid)).toBeUndefined();
  });

  it('wallet info in cents; the withdraw-money link opens in the iframe', async () => {
    const u = await verifiedUser(server);
    const dotsUserId = await onboard(server, emu, u);
    emu.setWallet(dotsUserId, 123_456);
    expect(await core.payments.walletInfo(dotsUserId)).toEqual({ amount: 123_456n });
    const link = new URL((await core.payments.withdrawLink(u.uid))!);
    expect(link.origin).toBe(emu.url);
    expect(link.searchParams.get('iframe')).toBe('true');
    expect(emu.log.filter((e) => e.path === DOTS_PATHS.flows).at(-1)!.body).toEqual({
      steps: ['manage-payouts'],
      user_id: dotsUserId,
    });
    // No Dots user yet: no link.
    const stranger = await verifiedUser(server);
    await expect(core.payments.withdrawLink(stranger.uid)).rejects.toBeInstanceOf(DotsRefused);
  });
});
