import { expect, test } from '../support/test.ts';
import { dismissOnboarding, logInViaUi, signedInPerson } from '../support/users.ts';

test('a second browser logging in signs the first one out, live', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  const a = await first.newPage();
  const b = await second.newPage();
  await dismissOnboarding(a);
  await dismissOnboarding(b);

  const user = await signedInPerson(a);
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
