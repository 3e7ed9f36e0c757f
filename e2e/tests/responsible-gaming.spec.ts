import { expect, test, type Page } from '../support/test.ts';
import { adminDepositTo, adminPage } from '../support/admin.ts';
import { linkChessAccount } from '../support/play.ts';
import { contextWithLocation, verifiedPerson } from '../support/wallet.ts';
import { choose } from '../support/wizard.ts';

test.describe.configure({ timeout: 150_000 });

async function openGamingPane(page: Page) {
  await page.goto('/?settings');
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await settings.getByRole('tab', { name: 'Gaming' }).click();
  return settings;
}

/** Through the bot wizard to its last step (bot3), 50 RushCoins at Low. */
async function toBotStart(page: Page) {
  await page.goto('/start');
  await page.getByRole('link', { name: 'Play the Bot' }).click();
  await expect(page).toHaveURL(/step=bot1/);
  await choose(page, '10 Min/Side');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=bot2/);
  await choose(page, '50 RushCoins');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/step=bot3/);
  await expect(page.getByRole('heading', { name: 'Ready to play' })).toBeVisible();
}

test('a break (cool-off) blocks starting a game, shows its end, and still allows a withdrawal', async ({
  browser,
  baseURL,
}) => {
  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  const user = await verifiedPerson(page, baseURL!);
  await linkChessAccount(page, user.username);
  // $25 on the account (an admin deposit: no wagering requirement, no 48-hour block).
  const uid = ((await (await page.request.get('/api/session')).json()) as { user: { uid: string } }).user.uid;
  const admin = await adminPage(browser, baseURL!);
  await adminDepositTo(admin, uid, 2500, baseURL!);

  // Take a break: the choice, the confirmation in the SPEC's style, then its end.
  const settings = await openGamingPane(page);
  const breakSection = settings.getByRole('region', { name: 'Take a break' });
  await expect(breakSection.getByText(/you can still withdraw/i)).toBeVisible();
  await breakSection.getByRole('button', { name: '24 hours break' }).click();
  const confirm = page.getByRole('dialog', { name: 'Take a break' });
  await expect(
    confirm.getByText(
      'Are you sure you want to take a break for 24 hours? This action cannot be undone until the timer expires.',
      { exact: true },
    ),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, take a break' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(
    breakSection.getByText(/You are taking a break until \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} UTC/),
  ).toBeVisible();
  await settings.getByRole('button', { name: 'Close', exact: true }).click();

  // The header shows it on every page.
  await expect(page.locator('.site-header').getByText(/On a break until \d{4}\/\d{2}\/\d{2}/)).toBeVisible();

  // The screen that would start a game says so and does not let it start.
  await toBotStart(page);
  await expect(
    page
      .getByText(/You are taking a break until .* UTC\. Staked play and deposits are paused; you can still withdraw\./)
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play vs AI' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('500.00');

  // Withdrawals stay open.
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw).toContainText('Withdrawable now: $25.00');
  await withdraw.getByLabel('Amount (USD)').fill('25');
  await withdraw.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(withdraw.getByRole('status')).toContainText('was received');
  await withdraw.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('group', { name: 'USD balance' })).toContainText('0.00');

  await context.close();
});

test('a loss limit refuses a stake that could pass it, with its message', async ({ page, baseURL }) => {
  const user = await verifiedPerson(page, baseURL!);
  await linkChessAccount(page, user.username);

  // A daily RushCoin loss limit of 40 RC, confirmed first; it applies at once.
  const settings = await openGamingPane(page);
  const losses = settings.getByRole('region', { name: 'Loss limits' });
  await losses.getByLabel('Period (RushCoins)').selectOption('day');
  await losses.getByLabel('Loss limit (RushCoins)').fill('40');
  await losses.getByRole('button', { name: 'Set RushCoins loss limit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Limit your daily losses' });
  await confirm.getByRole('button', { name: 'Yes, set the limit' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(losses.getByText('Your loss limit is saved')).toBeVisible();
  await expect(losses.getByRole('listitem').filter({ hasText: 'Daily: 40.00 RC' }).first()).toBeVisible();
  await settings.getByRole('button', { name: 'Close', exact: true }).click();

  // A 50 RC stake counts as a possible 50 RC loss: refused with the limit's words, nothing taken.
  await toBotStart(page);
  await page.getByRole('button', { name: 'Play vs AI' }).click();
  await expect(page.getByText('This stake would take you past your daily loss limit of 40.00 RC.')).toBeVisible();
  await expect(page).toHaveURL(/step=bot3/);
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('500.00');
});
