import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { waitForMailLink } from './mailbox.ts';
import type { Person } from './people/claim.ts';
import { csrfHeaders, dismissOnboarding, registerViaApi, signedInPerson, type TestUser } from './users.ts';
import { honouringRetryAfter } from './retry-after.ts';

/** New York: inside the United States and not a refused state, so cash deposits are allowed. */
export const NEW_YORK = { latitude: 40.71, longitude: -74.0 };
/** Toronto: the Canadian path's deposits and withdrawals are asked from here. */
export const TORONTO = { latitude: 43.65, longitude: -79.38 };

/** A browser context whose pages may read the (fixed) location: deposits and withdrawals ask for it first. */
export function contextWithLocation(browser: Browser, geolocation = NEW_YORK): Promise<BrowserContext> {
  return browser.newContext({ geolocation, permissions: ['geolocation'] });
}

/** Opens the verification link mailed to `user` in `page`; the email is verified afterwards. */
export async function verifyEmailViaMail(page: Page, user: TestUser): Promise<void> {
  const link = await waitForMailLink(user.email, /verif/i);
  await page.goto(link);
  await expect(page).toHaveURL(/emailVerified=1/);
}

/** A new user, registered through the API and verified by mail, signed in on `page`. */
export async function verifiedUser(
  page: Page,
  user: TestUser,
  baseURL: string,
  options: { wallet?: boolean } = {},
): Promise<void> {
  await dismissOnboarding(page);
  await page.goto('/');
  await registerViaApi(page, user, baseURL);
  await verifyEmailViaMail(page, user);
  if (options.wallet ?? true) await onboardWalletViaApi(page, baseURL);
}

/** A verified person of the journey's own, signed in on `page`, with a wallet unless asked not to. */
export async function verifiedPerson(page: Page, baseURL: string, options: { wallet?: boolean } = {}): Promise<Person> {
  await dismissOnboarding(page);
  const person = await signedInPerson(page, 'verified');
  if (options.wallet ?? true) await onboardWalletViaApi(page, baseURL);
  return person;
}

/**
 * The wallet's create and verify forms through the API (the sandbox takes any six digits), then
 * the identity profile with the same phone (verified at once by the built-in rules). Every user
 * gets a phone of its own: one person, one account.
 */
export async function onboardWalletViaApi(page: Page, baseURL: string): Promise<void> {
  const headers = await csrfHeaders(page.request, baseURL);
  const d = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const phone = `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  const created = await honouringRetryAfter(() =>
    page.request.post(`${baseURL}/api/wallet/onboarding/create`, {
      data: { phone: `+1 ${phone}`, firstName: 'Test', lastName: 'Player' },
      headers,
    }),
  );
  expect(created.ok(), await created.text()).toBe(true);
  const verified = await honouringRetryAfter(() =>
    page.request.post(`${baseURL}/api/wallet/onboarding/verify`, { data: { code: '123456' }, headers }),
  );
  expect(verified.ok(), await verified.text()).toBe(true);
  const profile = await honouringRetryAfter(() =>
    page.request.post(`${baseURL}/api/wallet/identity/profile`, {
      data: {
        salutation: 'Mx.',
        firstName: 'Test',
        lastName: 'Player',
        dateOfBirth: '04/05/1990',
        phone,
        citizenshipCountryCode: 'US',
        deviceGps: { latitude: 40.7128, longitude: -74.006, radius: 10, dateTime: new Date().toISOString() },
      },
      headers,
    }),
  );
  expect(profile.ok(), await profile.text()).toBe(true);
  expect(((await profile.json()) as { step: string }).step).toBe('verified');
}

/** The day a year from now, as a date input takes it (YYYY-MM-DD). */
export function aYearFromNow(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}
