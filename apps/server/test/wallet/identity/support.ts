import sharp from 'sharp';
import { expect } from 'vitest';
import { WALLET_ROUTES } from '@rush/protocol';
import type { Registered } from '../../accounts/support.ts';
import type { TestServer } from '../../support/server.ts';
import { identityPhone, uniquePhone, verifiedUser } from '../support/wallet.ts';

export const image = (format: 'png' | 'jpeg' | 'gif', width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .toFormat(format)
    .toBuffer();

export function photoForm(bytes: Buffer, filename: string, type: string, field = 'file'): FormData {
  const f = new FormData();
  f.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return f;
}

export const uploadPhoto = (user: Registered, body: FormData | string, headers: Record<string, string> = {}) =>
  user.client.request('POST', WALLET_ROUTES.identityPhoto, undefined, { raw: body, headers });

/**
 * A signed-up user whose wallet is SMS-verified (create + verify forms; the sandbox and the
 * built-in payments take any six digits) but who has not submitted the identity profile.
 * Answers the user and the wallet's phone digits.
 */
export async function walletVerifiedUser(server: TestServer): Promise<{ user: Registered; digits: string }> {
  const user = await verifiedUser(server, {}, { onboard: false });
  const digits = uniquePhone();
  const created = await user.client.post(WALLET_ROUTES.onboardingCreate, {
    phone: `+1 ${identityPhone(digits)}`,
    firstName: 'Grace',
    lastName: 'Hopper',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const verified = await user.client.post(WALLET_ROUTES.onboardingVerify, { code: '123456' });
  expect(verified.body.step).toBe('verified');
  return { user, digits };
}

/** The date of birth `years` years before now, minus a day (so exactly that age), as MM/DD/YYYY. */
export function bornYearsAgo(server: TestServer, years: number, extraDays = 1): string {
  const d = new Date(server.clock.now().getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCMonth() + 1)}/${p(d.getUTCDate())}/${d.getUTCFullYear()}`;
}
