import { expect, test } from '../support/test.ts';
import { CANADA_TEXTS, DEFAULT_SUPPORT_EMAIL } from '@rush/domain';
import { adminApi, adminDepositTo, adminPage } from '../support/admin.ts';
import { waitForMailLink } from '../support/mailbox.ts';
import { contextWithLocation, TORONTO, verifiedPerson } from '../support/wallet.ts';

/**
 * SPEC 9 "Canadian withdrawals fee US$2.00, by email request" (issue 16), in two browsers: a
 * player asks for a Canadian withdrawal (the amount is held at once), support gets the e-mail
 * with the console's link, the admin opens it and completes the request, and the player's
 * wallet shows it completed.
 */
test('a Canadian withdrawal by e-mail request, completed by an admin in the console', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  // The withdrawal asks where the browser is: in Toronto, as the Canadian path requires.
  const page = await (await contextWithLocation(browser, TORONTO)).newPage();
  const user = await verifiedPerson(page, baseURL!);
  const session = (await (await page.request.get('/api/session')).json()) as { user: { uid: string } };
  const uid = session.user.uid;

  // Money to withdraw: an admin deposit (no wagering requirement).
  const admin = await adminPage(browser, baseURL!);
  await adminDepositTo(admin, uid, 5000, baseURL!);

  // The player: Deposit/Withdrawals for Canadian Users -> Canadian withdrawal.
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Deposit/Withdrawals for Canadian Users' }).click();
  const chooser = page.getByRole('dialog', { name: 'Deposit/Withdrawals for Canadian Users' });
  await chooser.getByRole('button', { name: 'Canadian withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw for Canadian Users' });
  await dialog.getByLabel('Amount (USD)').fill('30');
  await expect(dialog.getByText(/You receive \$28\.00/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(dialog.getByText(CANADA_TEXTS.withdrawalRequested)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // Held at once: $20.00 left, the request pending in the table.
  await expect(page.locator('dl.wallet-balances')).toContainText('$20.00');
  const table = page.getByRole('table', { name: 'Transactions' });
  const row = table.getByRole('row').filter({ hasText: 'Withdraw' }).first();
  await expect(row).toContainText('$30.00');
  await expect(row).toContainText('Pending');

  // Support's e-mail names the console; the admin opens it and completes the request.
  const link = await waitForMailLink(
    DEFAULT_SUPPORT_EMAIL,
    new RegExp(`Canadian withdrawal request from ${user.username}`),
  );
  expect(new URL(link).hash).toBe('#withdrawals');
  await admin.goto(link);
  await expect(admin.getByRole('heading', { name: 'Canadian withdrawals', level: 2 })).toBeVisible();
  const requests = admin.getByRole('table', { name: 'Canadian withdrawal requests' });
  const request = requests.getByRole('row').filter({ hasText: user.username });
  await expect(request).toContainText('$30.00');
  await expect(request).toContainText('$28.00');
  await request.getByRole('button', { name: `Complete the withdrawal of ${user.username}` }).click();
  await expect(admin.getByText(`Completed: $28.00 paid out to ${user.username}.`)).toBeVisible();
  await expect(request.getByRole('button', { name: /^Complete/ })).toHaveCount(0);

  // The player sees it completed (the balance event reloads the open wallet), and the balance stays.
  await expect(row).toContainText('Completed');
  await expect(page.locator('dl.wallet-balances')).toContainText('$20.00');

  const audit = (await adminApi(admin, 'get', `/api/admin/audit?action=withdrawal.canada.complete`, baseURL!)) as {
    entries: { action: string; target: string | null }[];
  };
  expect(audit.entries.some((e) => e.action === 'withdrawal.canada.complete')).toBe(true);
});
