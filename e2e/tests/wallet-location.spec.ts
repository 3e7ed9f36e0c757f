import { expect, test } from '../support/test.ts';
import { contextWithLocation, verifiedPerson } from '../support/wallet.ts';

/** Phoenix, Arizona: a state where cash play is refused (SPEC 1). */
const PHOENIX = { latitude: 33.45, longitude: -112.07 };

test('a deposit from a refused state goes to /wallet?wallet=ll-blocked with its text; the out-of-coins top-up still works', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await contextWithLocation(browser, PHOENIX);
  const page = await context.newPage();
  await verifiedPerson(page, baseURL!);

  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit' });
  await deposit.getByRole('button', { name: /^Deposit \$20(?!\d)/ }).click();

  const notice = page.getByRole('dialog', { name: 'Wallet' });
  await expect(notice.getByRole('alert')).toHaveText('Gaming in this location is restricted.');
  await expect(page).toHaveURL(/\/wallet\?wallet=ll-blocked$/);
  await expect(deposit).toHaveCount(0);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByText('There is no transactions.')).toBeVisible();

  // A new player has no RushCoins: the wallet offers the top-up, which lands in the balance and the history.
  await page.getByRole('button', { name: 'Top up 100 RushCoins' }).click();
  await expect(page.getByText('100 RushCoins added to your balance.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Top up/ })).toHaveCount(0);
  await expect(page.getByRole('table')).toContainText('100');
  await context.close();
});
