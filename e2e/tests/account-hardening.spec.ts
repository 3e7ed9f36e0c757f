import { expect, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox.ts';
import { dismissOnboarding, logInViaUi, newUser, registerViaApi } from '../support/users.ts';

/** Issue 10 in the browser: the login throttle's answer, and the recovery email's verification. */

test('a burst of wrong logins shows the throttle text with how long to wait', async ({ page, baseURL }) => {
  const user = newUser();
  await dismissOnboarding(page);
  await registerViaApi(page, user, baseURL!);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(user.username);
  const password = page.getByLabel('Password', { exact: true });
  const logIn = page.getByRole('button', { name: 'Log In', exact: true });
  for (let i = 0; i < 5; i++) {
    await password.fill(`Wr0ng!pass${i}`);
    await logIn.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email/username or password');
  }
  // Even the right password now waits, and the page says for how long.
  await password.fill(user.password);
  await logIn.click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait 30 seconds and try again.');
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
});

test('a new recovery email needs the password and is pending until its link is opened', async ({ page, baseURL }) => {
  const user = newUser();
  const backup = `backup-${user.email}`;
  await dismissOnboarding(page);
  await registerViaApi(page, user, baseURL!);

  await page.goto('/?settings');
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByRole('tab', { name: 'Security' }).click();
  await expect(settings.getByText('No verified recovery email yet.')).toBeVisible();
  await settings.getByLabel('Recovery email', { exact: true }).fill(backup);
  await settings.getByLabel('Your current password', { exact: true }).fill('Wr0ng!pass');
  await settings.getByRole('button', { name: 'Save recovery email' }).click();
  await expect(settings.getByText('Current password is incorrect')).toBeVisible();

  await settings.getByLabel('Your current password', { exact: true }).fill(user.password);
  await settings.getByRole('button', { name: 'Save recovery email' }).click();
  await expect(settings.getByText(`${backup} is waiting for verification: open the link we sent to it`)).toBeVisible();
  // The account's own address is told of the change.
  await waitForMailLink(user.email, /recovery email is being changed/);

  await page.goto(await waitForMailLink(backup, /Confirm your RushChess recovery email/));
  await expect(page).toHaveURL(/emailVerified=1/);
  await page.goto('/?settings');
  await page.getByRole('dialog', { name: 'Account Settings' }).getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText(`Verified recovery email: ${backup}`)).toBeVisible();
  await expect(page.getByText(/is waiting for verification/)).toHaveCount(0);

  // The verified recovery address now receives reset links.
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(backup);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(
    page.getByText('Password reset successful, please check your email, including Spam folder'),
  ).toBeVisible();
  expect(await waitForMailLink(backup, /Reset your RushChess password/)).toContain('/forgot-password?token=');
  await logInViaUi(page, user.email, user.password);
});
