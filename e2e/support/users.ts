import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { claim, signIn } from './people/claim.ts';
import type { Person, PersonKind } from './people/claim.ts';
import { honouringRetryAfter } from './retry-after.ts';

let counter = 0;

export interface TestUser {
  username: string;
  email: string;
  password: string;
}

/** A fresh user: usernames are 3-10 letters/digits/hyphens starting with a letter. */
export function newUser(): TestUser {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  return { username: `u${tag}`.slice(0, 10), email: `u${tag}@e2e.test`, password: 'Str0ng!pass' };
}

export async function csrfHeaders(request: APIRequestContext, baseURL: string): Promise<Record<string, string>> {
  await request.get(`${baseURL}/api/session`);
  const state = await request.storageState();
  const csrf = state.cookies.find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': csrf, origin: baseURL };
}

/**
 * A person of the journey's own, made before the server started (journey-people/seed.ts) and signed in
 * on `page`: as a sign-up and a login through the API would leave them (`player`), or with the
 * mailed link opened too (`verified`). `origin`: an instance other than the suite's.
 */
export async function signedInPerson(page: Page, kind: PersonKind = 'player', origin?: string): Promise<Person> {
  const person = claim(kind);
  await signIn(page, person, origin);
  return person;
}

/** Registers and logs in through the API of the app at `baseURL` with the page's cookies (so the page is signed in afterwards). */
export async function registerViaApi(page: Page, user: TestUser, baseURL: string): Promise<void> {
  const headers = await csrfHeaders(page.request, baseURL);
  const res = await honouringRetryAfter(() =>
    page.request.post(`${baseURL}/api/auth/register`, {
      headers,
      data: {
        username: user.username,
        email: user.email,
        dob: { year: 1990, month: 6, day: 15 },
        password: user.password,
        confirmPassword: user.password,
        acceptTerms: true,
      },
    }),
  );
  expect(res.ok(), await res.text()).toBe(true);
  // Registration signs nobody in (it answers a taken address like a new one): log in.
  const login = await honouringRetryAfter(() =>
    page.request.post(`${baseURL}/api/auth/login`, {
      headers,
      data: { identifier: user.username, password: user.password },
    }),
  );
  expect(login.ok(), await login.text()).toBe(true);
}

/** Logs in through the UI, the way a person does. */
export async function logInViaUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
}

export async function dismissOnboarding(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // The onboarding popup is tested on its own; elsewhere it would sit over the page.
    try {
      localStorage.setItem('rush.onboarding.dismissed', '1');
    } catch {
      /* storage unavailable */
    }
  });
}
