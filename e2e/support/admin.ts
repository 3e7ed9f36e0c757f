import { expect, type Browser, type Page } from '@playwright/test';
import { claim, signIn } from './people/claim.ts';
import { honouringRetryAfter } from './retry-after.ts';
import { dismissOnboarding } from './users.ts';

async function csrfHeaders(page: Page, baseURL: string): Promise<Record<string, string>> {
  await page.request.get('/api/session');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': csrf, origin: baseURL };
}

/**
 * A page signed in as an admin of its own (a verified address on the server's ADMIN_EMAILS,
 * journey-people/seed.ts): one session per account, so two journeys at once sharing an admin would
 * sign each other out.
 */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await dismissOnboarding(page);
  await signIn(page, claim('admin'), baseURL);
  const session = (await (await page.request.get('/api/session')).json()) as { user: { role: string } | null };
  expect(session.user?.role, 'the e2e admin has the admin role').toBe('admin');
  return page;
}

/** An admin API call from the admin's page (CSRF and origin as the web sends them). */
export async function adminApi(
  page: Page,
  method: 'get' | 'post' | 'put',
  path: string,
  baseURL: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const all = { ...(await csrfHeaders(page, baseURL)), ...headers };
  const res = await honouringRetryAfter(() => page.request[method](path, { headers: all, data }));
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** USD on a player's account by an admin's deposit (no wagering requirement, no 48-hour block). */
export async function adminDepositTo(admin: Page, uid: string, cents: number, baseURL: string): Promise<void> {
  await adminApi(
    admin,
    'post',
    `/api/admin/users/${uid}/deposit`,
    baseURL,
    { amount: cents },
    {
      'idempotency-key': `e2e-deposit-${uid}-${cents}`,
    },
  );
}
