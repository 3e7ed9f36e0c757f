import { expect, test } from '@playwright/test';
import { dismissOnboarding, logInViaUi, newUser, registerViaApi } from '../support/users.ts';

test('a second browser logging in signs the first one out, live', async ({ browser, baseURL }) => {
  const user = newUser();
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await dismissOnboarding(a);
  await dismissOnboarding(b);

  await a.goto('/');
  await registerViaApi(a, user, baseURL!);
  await a.goto('/');
  await expect(a.getByRole('button', { name: 'User menu' })).toBeVisible();

  await logInViaUi(b, user.username, user.password);

  // The first page hears session.replaced, reloads, and is signed out without touching it.
  await expect(a.getByRole('link', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
  await expect(a.getByRole('button', { name: 'User menu' })).toHaveCount(0);
  await expect(b.getByRole('button', { name: 'User menu' })).toBeVisible();

  await first.close();
  await second.close();
});
