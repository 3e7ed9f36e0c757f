import { expect, test } from '../support/test.ts';
import { E2E } from '../support/ports.ts';
import { waitForMailLink } from '../support/mailbox.ts';
import { claim } from '../support/people/claim.ts';
import { dismissOnboarding, logInViaUi, signedInPerson } from '../support/users.ts';

test('sign in with Google through the local OIDC provider', async ({ page }) => {
  await dismissOnboarding(page);
  const email = `g${Date.now().toString(36)}@e2e.test`;
  const res = await fetch(`http://127.0.0.1:${E2E.oidcPort}/_emulator/identity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub: `sub-${email}`, email, emailVerified: true, name: 'G User' }),
  });
  expect(res.ok).toBe(true);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  // SPEC 5: a new account made through Google gives its date of birth before anything else.
  const gate = page.getByRole('alertdialog', { name: 'Date of birth' });
  await expect(gate).toBeVisible();
  await gate.getByLabel('Month').selectOption('1');
  await gate.getByLabel('Day').selectOption('1');
  await gate.getByLabel('Year').selectOption(String(new Date().getFullYear() - 10));
  await gate.getByRole('button', { name: 'Continue' }).click();
  await expect(gate.getByText('You have to be at least 18 years old to register')).toBeVisible();
  await gate.getByLabel('Year').selectOption('1990');
  await gate.getByRole('button', { name: 'Continue' }).click();
  await expect(gate).toHaveCount(0);
  const me = (await (await page.request.get('/api/session')).json()) as {
    user: { email: string; username: string; needsDateOfBirth: boolean };
  };
  expect(me.user.email).toBe(email);
  expect(me.user.needsDateOfBirth).toBe(false);
  expect(me.user.username).toMatch(/^Player\d{1,4}$/); // fits the 10-character limit
});

test('forgot password: the mailed link sets a new password', async ({ page }) => {
  // An account with a password, signed in elsewhere (journey-people/seed.ts).
  const user = claim('player');

  await dismissOnboarding(page);
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Password reset successful, please check your email, including Spam folder'),
  ).toBeVisible();

  const link = await waitForMailLink(user.email, /reset/i);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Fr3sh!pass');
  await page.getByLabel('Confirm password', { exact: true }).fill('Fr3sh!pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByRole('link', { name: 'Log In' }).click();
  await logInViaUi(page, user.username, 'Fr3sh!pass');
});

test('mobile: the header fits at 360 px @mobile', async ({ page }) => {
  await dismissOnboarding(page);
  await signedInPerson(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
