import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './global-setup.ts';
import { waitForMailLink } from './mailbox.ts';
import { honouringRetryAfter } from './retry-after.ts';
import { dismissOnboarding, registerViaApi } from './users.ts';

/** The one admin of the browser tests: the address on the server's ADMIN_EMAILS. */
const ADMIN = { username: 'e2eadmin', email: E2E_ADMIN_EMAIL, password: 'Str0ng!pass' };

async function csrfHeaders(page: Page, baseURL: string): Promise<Record<string, string>> {
  await page.request.get('/api/session');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': csrf, origin: baseURL };
}

/**
 * A page signed in as the admin. The account is made (and its mailbox proven, which the role
 * needs) by whichever spec asks first; later ones only log in, so specs run in any order.
 */
export async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await dismissOnboarding(page);
  const headers = await csrfHeaders(page, baseURL);
  const login = await honouringRetryAfter(() =>
    page.request.post('/api/auth/login', { headers, data: { identifier: ADMIN.username, password: ADMIN.password } }),
  );
  if (!login.ok()) {
    await registerViaApi(page, ADMIN, baseURL);
    await page.goto(await waitForMailLink(E2E_ADMIN_EMAIL, /verif/i));
  }
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
