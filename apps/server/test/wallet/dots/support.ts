import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import type { Clock } from '../../../src/platform/clock.ts';
import type { DatabaseKind } from '../../../src/platform/db/database.ts';
import { createWalletCore, DEFAULT_WALLET_OPTIONS } from '../../../src/modules/wallet/module.ts';
import { walletOnboarding } from '../../../src/modules/wallet/schema.ts';
import type { DotsClientOptions } from '../../../src/modules/wallet/payments/dots/adapter.ts';
import { DOTS_WEBHOOK_PATH } from '../../../src/modules/wallet/payments/webhook.routes.ts';
import { startDotsEmulator, type DotsEmulator } from '../../support/dots-emulator/emulator.ts';
import { startTestServer, type TestServer } from '../../support/server.ts';
import type { Registered } from '../../accounts/support.ts';
import { ADMIN_ENV, adminUser, gpsAt, identityPhone, submitProfile, testWalletLinks } from '../support/wallet.ts';

export const CLIENT_ID = 'rush-test-client';
export const API_KEY = 'dots-test-api-key';
export const APP_ID = 'rush-test-app';
export const WEBHOOK_SECRET = `whsec_${Buffer.from('a shared Svix test secret, 32 b!').toString('base64')}`;

export const dotsEnv = (emu: DotsEmulator) => ({
  ...ADMIN_ENV,
  PAYMENTS: 'dots',
  DOTS_URL: emu.url,
  DOTS_CLIENT_ID: CLIENT_ID,
  DOTS_API_KEY: API_KEY,
  DOTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
  DOTS_APP_ID: APP_ID,
  // Real payments need a real key for US tax details (issue 16).
  TAX_INFO_KEY: Buffer.alloc(32, 7).toString('base64'),
});

export const startEmulator = () =>
  startDotsEmulator({ appId: APP_ID, clientId: CLIENT_ID, apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });

/** The server in dots mode against a fresh emulator whose webhooks go to the server's endpoint. */
export async function startDotsServer(kind: DatabaseKind, clock?: Clock) {
  const emu = await startEmulator();
  const server = await startTestServer({ kind, env: dotsEnv(emu), ...(clock ? { clock } : {}) });
  emu.setWebhookUrl(server.baseUrl + DOTS_WEBHOOK_PATH);
  const admin = await adminUser(server);
  return {
    emu,
    server,
    admin,
    stop: async () => {
      await server.stop();
      await emu.close();
    },
  };
}

/** The wallet's services on the server's database, as another instance would build them (options: the client's timeouts). */
export function dotsCore(server: TestServer, dots?: DotsClientOptions) {
  return createWalletCore(server.ctx, testWalletLinks(), { ...DEFAULT_WALLET_OPTIONS, ...(dots ? { dots } : {}) });
}
export type DotsCore = ReturnType<typeof dotsCore>;

/** A ten-digit phone no other test user has. */
export const phone = () => `555${String(crypto.randomInt(0, 10_000_000)).padStart(7, '0')}`;

/**
 * Onboards a signed-up user at Dots as the wallet screen does: the create form, the SMS code
 * the emulator shows, the verify form. Answers the Dots user id.
 */
export async function onboard(server: TestServer, emu: DotsEmulator, user: Registered): Promise<string> {
  const p = phone();
  const created = await user.client.post(WALLET_ROUTES.onboardingCreate, {
    phone: `+1 (${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}`,
    firstName: 'Ada',
    lastName: 'Lovelace',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const [row] = await server.ctx.db.select().from(walletOnboarding).where(eq(walletOnboarding.userId, user.uid));
  const verified = await user.client.post(WALLET_ROUTES.onboardingVerify, { code: emu.smsCode(row!.verificationId)! });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const [after] = await server.ctx.db.select().from(walletOnboarding).where(eq(walletOnboarding.userId, user.uid));
  // The identity step with the same phone: the built-in rules verify it at once.
  const identity = await submitProfile(server, user, { phone: identityPhone(p) });
  expect(identity.body.step, JSON.stringify(identity.body)).toBe('verified');
  return after!.providerUserId!;
}

/** Starts a deposit as the wallet modal does; the iframe URL is the emulator's checkout session page. */
export async function startDotsDeposit(server: TestServer, emu: DotsEmulator, user: Registered, amount: number) {
  const res = await user.client.post(WALLET_ROUTES.deposits, { amount, region: 'us', deviceGps: gpsAt(server) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.url as string);
  expect(url.origin).toBe(emu.url);
  expect(url.searchParams.get('iframe')).toBe('true');
  return { sessionId: res.body.sessionId as string, url };
}
