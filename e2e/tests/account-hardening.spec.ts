import { expect, test } from '../support/test.ts';
import { waitForMailLink } from '../support/mailbox.ts';
import { claim } from '../support/people/claim.ts';
import { dismissOnboarding, logInViaUi, signedInPerson } from '../support/users.ts';

/** Issue 10 in the browser: the login throttle's answer, and the recovery email's verification. */

test('a burst of wrong logins shows the throttle text with how long to wait', async ({ page }) => {
  // An account with a password, signed in elsewhere (journey-people/seed.ts): this browser is a visitor.
  const user = claim('player');
  await dismissOnboarding(page);

  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(user.username);
  const password = page.getByLabel('Password', { exact: true });
  const logIn = page.getByRole('button', { name: 'Log In', exact: true });
  let beforeFifth = 0;
  for (let i = 0; i < 5; i++) {
    await password.fill(`Wr0ng!pass${i}`);
    beforeFifth = Date.now();
    await logIn.click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email/username or password');
  }
  // Even the right password now waits, and the page says for how long: 30 seconds from the fifth
  // attempt, less the seconds since (on a loaded machine the sixth may come more than one later).
  await password.fill(user.password);
  await logIn.click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  const seconds = Number(/wait (\d+) seconds/.exec((await alert.textContent()) ?? '')![1]);
  expect(seconds).toBeLessThanOrEqual(30);
  expect(seconds).toBeGreaterThanOrEqual(Math.ceil(30 - (Date.now() - beforeFifth) / 1000));
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0);
});

test('a new recovery email needs the password and is pending until its link is opened', async ({ page }) => {
  await dismissOnboarding(page);
  const user = await signedInPerson(page);
  const backup = `backup-${user.email}`;

  await page.goto('/?settings');
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByRole('tab', { name: 'Security' }).click();
  // The Recovery email form is named by its heading (issue 36): its fields are found within it.
  const recovery = settings.getByRole('form', { name: 'Recovery email' });
  await expect(recovery.getByText('No verified recovery email yet.')).toBeVisible();
  await recovery.getByRole('textbox', { name: 'Recovery email', exact: true }).fill(backup);
  await recovery.getByLabel('Your current password', { exact: true }).fill('Wr0ng!pass');
  await recovery.getByRole('button', { name: 'Save recovery email' }).click();
  await expect(recovery.getByText('Current password is incorrect')).toBeVisible();

  await recovery.getByLabel('Your current password', { exact: true }).fill(user.password);
  await recovery.getByRole('button', { name: 'Save recovery email' }).click();
  await expect(recovery.getByText(`${backup} is waiting for verification: open the link we sent to it`)).toBeVisible();
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
