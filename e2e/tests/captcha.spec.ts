import { expect, test, type Page } from '../support/test.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import {
  CAPTCHA_SECRET,
  CAPTCHA_SITE_KEY,
  startCaptchaStandIn,
  type CaptchaStandIn,
} from '../support/captcha-standin.ts';
import { E2E } from '../support/ports.ts';
import { dismissOnboarding, newUser } from '../support/users.ts';

/**
 * Issue 12: with a captcha configured, the web renders the widget on sign-up, log-in and
 * forgot-password and sends its token; the server verifies it. This spec runs its own instance
 * with captcha settings (and its own ports and data folder) next to a stand-in of the widget
 * script and of the siteverify endpoint.
 */
const APP_PORT = E2E.appPort + 1;
const STANDIN_PORT = E2E.appPort + 2;

let app: AppProcess;
let captcha: CaptchaStandIn;

// One instance for the file, on fixed ports: never two workers at once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  captcha = await startCaptchaStandIn(STANDIN_PORT);
  app = await startAppProcess(APP_PORT, {
    CAPTCHA_SITE_KEY,
    CAPTCHA_SECRET,
    CAPTCHA_VERIFY_URL: captcha.verifyUrl,
    CAPTCHA_SCRIPT_URL: captcha.scriptUrl,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await captcha?.close();
});

/** The first link of the newest outbox mail whose subject matches. */
async function mailLink(subject: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = app
        .outbox()
        .filter((m) => subject.test(m.match(/^Subject: (.*)$/m)?.[1] ?? ''))
        .at(-1);
      link = mail?.match(/https?:\/\/\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link!;
}

async function solve(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I am human' }).check();
}

async function logOut(page: Page): Promise<void> {
  await page.goto(`${app.url}/?settings`);
  await page.getByRole('dialog', { name: 'Account Settings' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
}

test('sign up, log in and request a reset through the configured captcha widget', async ({ page }) => {
  const user = newUser();
  await dismissOnboarding(page);
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });

  // Sign up: the widget (with its frame, allowed by the CSP) is there; unsolved, nothing is sent.
  await page.goto(`${app.url}/signup`);
  await expect(page.frameLocator('iframe[title="captcha frame"]').getByText('stand-in widget')).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(user.username);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Month').selectOption({ index: 6 });
  await page.getByLabel('Day').selectOption({ label: '15' });
  await page.getByLabel('Year').selectOption({ label: '1990' });
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByRole('checkbox', { name: /I accept the Terms/ }).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Please complete the captcha')).toBeVisible();
  expect(captcha.verifications).toHaveLength(0);

  await solve(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText(`Almost done! We sent a link to ${user.email} to finish signing up.`)).toBeVisible();
  expect(captcha.verifications.at(-1)).toMatchObject({
    success: true,
    form: { secret: CAPTCHA_SECRET, sitekey: CAPTCHA_SITE_KEY, response: expect.stringMatching(/^e2e-good-token-/) },
  });

  // The mailed link finishes the sign-up: verified and signed in.
  await page.goto(await mailLink(/Verify your email/));
  await expect(page).toHaveURL(/emailVerified=1/);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // Log in through the form with the widget on it.
  await logOut(page);
  await page.goto(`${app.url}/login`);
  await page.getByLabel('Email or username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await solve(page);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();

  // Forgot password: unsolved is refused in the page; solved, the server verifies and mails.
  await logOut(page);
  await page.goto(`${app.url}/forgot-password`);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Please complete the captcha')).toBeVisible();
  const verifiedBefore = captcha.verifications.length;
  await solve(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(
    page.getByText('Password reset successful, please check your email, including Spam folder'),
  ).toBeVisible();
  expect(captcha.verifications.length).toBe(verifiedBefore + 1);
  expect(captcha.verifications.at(-1)?.success).toBe(true);
  expect(await mailLink(/Reset your RushChess password/)).toContain('/forgot-password?token=');

  expect(cspViolations).toEqual([]);
});
