import pg from 'pg';
import { expect, test, type Page } from '../support/test.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { E2E } from '../support/ports.ts';
import { contextWithLocation } from '../support/wallet.ts';
import { csrfHeaders, dismissOnboarding, newUser, registerViaApi, type TestUser } from '../support/users.ts';
import { startDotsEmulator, type DotsEmulator } from '../../apps/server/test/support/dots-emulator/emulator.ts';

/**
 * Issue 32: real money through Dots as a player sees it, in Chromium. The product runs as
 * `npm start` would with PAYMENTS=dots (on PostgreSQL, which real money needs) against the Dots
 * emulator: the wallet is created and verified with the code Dots sends, $50 is deposited
 * through Dots' checkout page in the iframe and shows once; another player withdraws $20 and
 * sees it once.
 */
const APP_PORT = E2E.appPort + 6;
/** A PostgreSQL server to make this instance's database on (real money refuses the embedded one). */
const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOTS = {
  clientId: 'e2e-dots-client',
  apiKey: 'e2e-dots-key',
  webhookSecret: `whsec_${Buffer.from('the e2e Svix secret of 32 bytes!').toString('base64')}`,
};
const ADMIN = newUser();

let app: AppProcess;
let emu: DotsEmulator;
let database: string;

// One instance for the file, on a fixed port: never two workers at once.
test.describe.configure({ mode: 'default' });

async function sql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  emu = await startDotsEmulator(DOTS);
  database = `e2e_dots_${Date.now().toString(36)}`;
  await sql(`create database ${database}`);
  app = await startAppProcess(APP_PORT, {
    PAYMENTS: 'dots',
    DATABASE_URL: POSTGRES.replace(/\/[^/]*$/, `/${database}`),
    DOTS_URL: emu.url,
    DOTS_CLIENT_ID: DOTS.clientId,
    DOTS_API_KEY: DOTS.apiKey,
    DOTS_WEBHOOK_SECRET: DOTS.webhookSecret,
    TAX_INFO_KEY: Buffer.alloc(32, 9).toString('base64'),
    ADMIN_EMAILS: ADMIN.email,
  });
  emu.setWebhookUrl(`${app.url}/webhooks/payments/dots`);
});

test.afterAll(async () => {
  await app?.stop();
  await emu?.close();
  if (database) await sql(`drop database if exists ${database}`);
});

/** A new user of this instance, registered, e-mail verified by the mailed link, signed in on `page`. */
async function verifiedHere(page: Page, user: TestUser = newUser()): Promise<TestUser> {
  await dismissOnboarding(page);
  await page.goto(`${app.url}/`);
  await registerViaApi(page, user, app.url);
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = app
        .outbox()
        .filter((m) => m.includes(user.email) && /verif/i.test(m))
        .at(-1);
      link = mail?.match(/https?:\/\/\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  await page.goto(link!);
  await expect(page).toHaveURL(/emailVerified=1/);
  return user;
}

/** The wallet's create and verify forms, with the code Dots texts to the phone; then the identity profile. */
async function walletThroughDots(page: Page): Promise<void> {
  const digits = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await page.goto(`${app.url}/wallet`);
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
  await page.getByLabel('Phone number').pressSequentially(digits);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your wallet' })).toBeVisible();
  const code = emu.userByPhone(digits)?.smsCode;
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Submit your profile to start' })).toBeVisible();
  const headers = await csrfHeaders(page.request, app.url);
  const profile = await page.request.post(`${app.url}/api/wallet/identity/profile`, {
    data: {
      salutation: 'Ms.',
      firstName: 'Ada',
      lastName: 'Lovelace',
      dateOfBirth: '12/10/1985',
      phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
      citizenshipCountryCode: 'US',
      deviceGps: { latitude: 40.7128, longitude: -74.006, radius: 10, dateTime: new Date().toISOString() },
    },
    headers,
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  await page.reload();
  await expect(page.getByText('There is no transactions.', { exact: true })).toBeVisible();
}

test('wallet through Dots: verified with the texted code, $50 deposited once through the checkout page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  await verifiedHere(page);
  await walletThroughDots(page);

  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByRole('button', { name: 'Deposit $50' }).click();
  const provider = page.frameLocator('iframe[title="Payment provider"]');
  await expect(provider.getByText('Pay $50.00')).toBeVisible();
  await provider.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(provider.getByText('Payment of $50.00 received.')).toBeVisible();

  // Credited when Dots says the money reached the platform; the header follows live.
  await expect(page.getByRole('group', { name: 'USD balance' })).toContainText('50.00');
  // Dots' page navigated inside the iframe (the form posted): Close still closes, not Back in the frame.
  await deposit.getByRole('button', { name: 'Close' }).click();
  await expect(deposit).toHaveCount(0);
  await expect(page).not.toHaveURL(/wallet=/);
  const summary = page.locator('dl.wallet-balances');
  await expect(summary).toContainText('$50.00');
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Deposit');
  await expect(rows.nth(1)).toContainText('$50.00');
  await expect(rows.nth(1)).toContainText('Completed');
  // Seen once: a reload (and Dots' webhooks delivered again) change nothing.
  for (const d of [...emu.deliveries]) await emu.redeliver(d);
  await page.reload();
  await expect(summary).toContainText('$50.00');
  await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row')).toHaveCount(2);
  await context.close();
});

test('wallet through Dots: $20 withdrawn, paid out by Dots once', async ({ browser }) => {
  test.setTimeout(180_000);
  // An admin puts $30 on the player's wallet (a deposit would block withdrawals for 48 hours).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await verifiedHere(adminPage, ADMIN);

  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  await verifiedHere(page);
  await walletThroughDots(page);
  const uid = ((await (await page.request.get(`${app.url}/api/session`)).json()) as { user: { uid: string } }).user.uid;
  const funded = await adminPage.request.post(`${app.url}/api/admin/users/${uid}/deposit`, {
    data: { amount: 3000 },
    headers: { ...(await csrfHeaders(adminPage.request, app.url)), 'idempotency-key': crypto.randomUUID() },
  });
  expect(funded.ok(), await funded.text()).toBe(true);
  await page.reload();
  const summary = page.locator('dl.wallet-balances');
  await expect(summary).toContainText('$30.00');

  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await withdraw.getByLabel('Amount (USD)').fill('20');
  await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(withdraw.getByRole('status')).toContainText('Your withdrawal of $20.00 was received.');
  await withdraw.getByRole('button', { name: 'Close' }).click();
  await expect(summary).toContainText('$10.00');
  await expect.poll(() => emu.payouts().map((p) => [p.amount, p.status])).toEqual([[2000, 'completed']]);
  await page.reload();
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Withdraw');
  await expect(rows.nth(1)).toContainText('$20.00');
  await expect(rows.nth(1)).toContainText('Completed');
  await expect(summary).toContainText('$10.00');
  expect(emu.payouts()).toHaveLength(1);
  await context.close();
  await adminContext.close();
});
