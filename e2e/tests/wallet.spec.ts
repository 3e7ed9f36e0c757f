import { expect, test, type Page } from '../support/test.ts';
import { adminDepositTo, adminPage } from '../support/admin.ts';
import { aYearFromNow, contextWithLocation, verifiedPerson } from '../support/wallet.ts';

const CONFIRM_LIMIT =
  'Are you sure you want to limit your betting? This action cannot be undone until the timer expires.';
const CONFIRM_CLOSE =
  'Are you sure you want to close your account? Your account will be closed permanently and this action cannot be undone.';
const CLOSED = 'You account has been permanently closed.';

/** A 1x1 PNG: the photo ID the journey uploads (the server decodes and re-encodes it). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function openGamingPane(page: Page) {
  await page.goto('/?settings');
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByRole('tab', { name: 'Gaming' }).click();
  return settings;
}

async function applyLimit(
  page: Page,
  section: string,
  max: string,
  maxLabel: string,
  dateLabel: string,
  apply: string,
) {
  const settings = await openGamingPane(page);
  const form = settings.getByRole('region', { name: section });
  await expect(form.getByText('No active limit.')).toBeVisible();
  await form.getByLabel(maxLabel).fill(max);
  await form.getByLabel(dateLabel).fill(aYearFromNow());
  await form.getByRole('button', { name: apply }).click();
  const confirm = page.getByRole('dialog', {
    name: section === 'Self-limit betting' ? 'Limit your betting' : 'Limit your deposits',
  });
  await expect(confirm.getByText(CONFIRM_LIMIT, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, apply the limit' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(form.getByText(`Active limit: $${max}`)).toBeVisible();
  return form;
}

test('wallet: deposit through the provider iframe, withdraw refused, self-limits with their confirmation', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  const user = await verifiedPerson(page, baseURL!, { wallet: false });

  // SPEC 4 wallet flow: the create form (the account's e-mail, the phone formatted as typed), then the SMS code.
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your wallet' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await page.getByLabel('Phone number').pressSequentially('5558675309');
  await expect(page.getByLabel('Phone number')).toHaveValue('+1 (555) 867-5309');
  await page.getByLabel('First name').fill('Ada');
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await expect(page.getByText('Last name is required.')).toBeVisible();
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your wallet' })).toBeVisible();
  await expect(page.getByText(/ending in 5309/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();
  await page.getByLabel('Verification code').fill('12ab');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The verification code is incorrect.')).toBeVisible();
  await page.getByLabel('Verification code').fill('424242');
  await page.getByRole('button', { name: 'Verify' }).click();

  // SPEC 2, 4: the identity start form, the processing notice, then the photo ID step (the
  // built-in rules ask for one when the profile's phone is not the wallet's).
  await expect(page.getByRole('heading', { name: 'Submit your profile to start' })).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue(user.email);
  await expect(page.getByLabel('Email Address')).not.toBeEditable();
  await expect(page.getByLabel('Citizenship Country').locator('option').first()).toHaveText('United States');
  await expect(page.getByLabel('Citizenship Country')).toHaveValue('US');
  await page.getByLabel('Salutation').selectOption('Ms.');
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Date Of Birth').pressSequentially('12101985');
  await expect(page.getByLabel('Date Of Birth')).toHaveValue('12/10/1985');
  // A phone of this run only (one person, one account), not the wallet's.
  const digits = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await page.getByLabel('Phone Number').pressSequentially(digits);
  await expect(page.getByLabel('Phone Number')).toHaveValue(
    `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
  );
  // The answers are held until the notices were seen (no timing involved).
  const profileSeen = deferred();
  await page.route('**/api/wallet/identity/profile', async (route) => {
    await profileSeen.promise;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit My Profile' }).click();
  await expect(page.getByText('We are processing your profile. Please wait.', { exact: true })).toBeVisible();
  profileSeen.resolve();
  await expect(page.getByRole('heading', { name: 'Upload a photo ID' })).toBeVisible();
  await expect(
    page.getByText('We were unable to verify your identity based on the information provided.', { exact: true }),
  ).toBeVisible();
  // SPEC 5: a file of another type is ignored without a word.
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload My Photo ID' }).click();
  await (await chooser).setFiles({ name: 'id.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a', 'latin1') });
  await expect(page.getByRole('button', { name: 'Upload My Photo ID' })).toBeVisible();
  await expect(page.getByText('Uploading your photo...')).toHaveCount(0);
  const photoSeen = deferred();
  await page.route('**/api/wallet/identity/photo', async (route) => {
    await photoSeen.promise;
    await route.continue();
  });
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload My Photo ID' }).click();
  await (await chooser).setFiles({ name: 'id.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') });
  await expect(page.getByText('Uploading your photo...', { exact: true })).toBeVisible();
  photoSeen.resolve();

  // The transactions view, empty.
  await expect(page.getByText('There is no transactions.', { exact: true })).toBeVisible();
  const summary = page.locator('dl.wallet-balances');
  await expect(summary).toContainText('$0.00');

  // Withdraw above the balance: the server's refusal, as sent.
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw).toContainText('Withdrawable now: $0.00');
  await withdraw.getByLabel('Amount (USD)').fill('100');
  await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(withdraw.getByText('You do not have sufficient funds to withdraw this amount.')).toBeVisible();
  await withdraw.getByRole('button', { name: 'Close' }).click();
  await expect(withdraw).toHaveCount(0);

  // Deposit $50: the browser's location goes with it, then the provider's page in the iframe.
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await expect(page).toHaveURL(/[?&]wallet=deposit/);
  await deposit.getByRole('button', { name: 'Deposit $50' }).click();
  const frameElement = deposit.locator('iframe[title="Payment provider"]');
  await expect(frameElement).toHaveAttribute('height', '480');
  expect((await frameElement.boundingBox())?.height).toBeCloseTo(480, 0);
  const provider = page.frameLocator('iframe[title="Payment provider"]');
  await expect(provider.getByText('$50.00')).toBeVisible();
  await provider.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(provider.getByText('Payment received. You can close this window.')).toBeVisible();

  // Credited from the provider's confirmation; the header follows live (balances.changed).
  const usdBalance = page.getByRole('group', { name: 'USD balance' });
  await expect(usdBalance).toContainText('50.00');
  // npm start runs the sandbox payment provider: the USD balance says it is test money (issue 10).
  const mark = usdBalance.getByRole('note', { name: 'Sandbox: test money, not real dollars' });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveText('Sandbox');
  await expect(page.getByRole('group', { name: 'RC balance' }).getByRole('note')).toHaveCount(0);
  await deposit.getByRole('button', { name: 'Close' }).click();
  await expect(deposit).toHaveCount(0);
  await expect(page).not.toHaveURL(/wallet=/);
  await expect(summary).toContainText('$50.00');
  // The wallet's USD balance and withdrawable amount carry the mark too; RushCoins do not.
  await expect(summary.getByRole('note', { name: /^Sandbox/ })).toHaveCount(2);
  const table = page.getByRole('table', { name: 'Transactions' });
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Deposit');
  await expect(firstRow).toContainText('$50.00');
  await expect(firstRow).toContainText('Completed');
  await expect(page.getByText('There is no transactions.')).toHaveCount(0);

  // Withdrawals wait 48 hours after a deposit: Withdraw is disabled and says why.
  const withdrawButton = page.getByRole('button', { name: 'Withdraw', exact: true });
  await expect(withdrawButton).toBeDisabled();
  await expect(page.getByText('Withdrawals are blocked for 48 hours after your last deposit.')).toBeVisible();

  // Self-limits, each behind the SPEC's confirmation.
  await applyLimit(
    page,
    'Self-limit betting',
    '5.00',
    'Maximum bet (USD)',
    'Bet limit expiration date',
    'Apply bet limit',
  );
  await applyLimit(
    page,
    'Self-limit deposits',
    '30.00',
    'Maximum deposit (USD)',
    'Deposit limit expiration date',
    'Apply deposit limit',
  );

  // The deposit limit hides the presets at or above it.
  await page.goto('/wallet?wallet=deposit');
  const limited = page.getByRole('dialog', { name: 'Deposit' });
  await expect(limited.getByRole('button', { name: 'Deposit $20' })).toBeVisible();
  // Each preset's name goes on with its Sandbox mark ("Deposit $20 Sandbox: ..."), hence no "$" anchor.
  await expect(limited.getByRole('button', { name: /^Deposit \$(50|100|200)(?!\d)/ })).toHaveCount(0);

  await context.close();
});

test('self-exclusion: the confirmation, then the permanent overlay, also after logging in again; the balance can still be withdrawn', async ({
  browser,
  baseURL,
}) => {
  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  const user = await verifiedPerson(page, baseURL!);
  // $25 on the account (an admin deposit: no wagering requirement, no 48-hour block).
  const uid = ((await (await page.request.get('/api/session')).json()) as { user: { uid: string } }).user.uid;
  const admin = await adminPage(browser, baseURL!);
  await adminDepositTo(admin, uid, 2500, baseURL!);

  // The confirmation, then the permanent overlay over everything.
  const settings = await openGamingPane(page);
  await settings.getByRole('button', { name: 'Close account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close account' });
  await expect(confirm.getByText(CONFIRM_CLOSE, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, close my account' }).click();
  const overlay = page.getByRole('alertdialog', { name: CLOSED });
  await expect(overlay).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await page.keyboard.press('Escape');
  await expect(overlay).toBeVisible();

  // On any page, after a reload too.
  await page.goto('/support');
  await expect(page.getByRole('alertdialog', { name: CLOSED })).toBeVisible();

  // But for the way out with the money (issue 33): the overlay's link opens the wallet, where the
  // whole balance is withdrawn through the normal form, and nothing else is offered.
  await page.getByRole('alertdialog', { name: CLOSED }).getByRole('link', { name: 'Withdraw your balance' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('alertdialog', { name: CLOSED })).toHaveCount(0);
  await expect(page.getByRole('note').filter({ hasText: 'You can still withdraw your balance.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deposit', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw).toContainText('Withdrawable now: $25.00');
  await withdraw.getByLabel('Amount (USD)').fill('25');
  await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(withdraw.getByRole('status')).toContainText('was received');
  await withdraw.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('group', { name: 'USD balance' })).toContainText('0.00');
  await page.goto('/');
  await expect(page.getByRole('alertdialog', { name: CLOSED })).toBeVisible();

  // Logout still works; logging in again shows the overlay again.
  await page.getByRole('alertdialog', { name: CLOSED }).getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: CLOSED })).toHaveCount(0);
  await page.goto('/login');
  await page.getByLabel('Email or username', { exact: true }).fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: CLOSED })).toBeVisible();
  await page.goto('/support');
  await expect(page.getByRole('alertdialog', { name: CLOSED })).toBeVisible();

  await context.close();
});

test('wallet @mobile: at 360 px the history is one stacked card per transaction', async ({ browser, baseURL }) => {
  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await verifiedPerson(page, baseURL!);

  await page.goto('/wallet?wallet=deposit');
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByLabel('Custom amount (USD)').fill('9');
  await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(deposit.getByText('The minimum deposit is $10.00.')).toBeVisible();
  await deposit.getByLabel('Custom amount (USD)').fill('25');
  await deposit.getByRole('button', { name: 'Deposit', exact: true }).click();
  await page.frameLocator('iframe[title="Payment provider"]').getByRole('button', { name: 'Pay', exact: true }).click();
  await deposit.getByRole('button', { name: 'Done' }).click();
  await expect(deposit).toHaveCount(0);

  const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1);
  await expect(row).toContainText('$25.00');
  await expect(row).toHaveCSS('display', 'block');
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
