import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { monthOf, monthTitle } from '@rush/domain';
import { apiPost } from '../support/play.ts';
import { expect, test } from '../support/test.ts';
import { contextWithLocation, NEW_YORK, verifiedPerson } from '../support/wallet.ts';

/** The text of a downloaded PDF as a reader sees it (poppler's pdftotext, which .ci/run installs). */
const pdfText = (file: string): string => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

test('statements: a month of activity shows its figures, and its CSV and PDF download with them', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await contextWithLocation(browser);
  const page = await context.newPage();
  const person = await verifiedPerson(page, baseURL!);

  // This month's activity: a $25.00 deposit through the sandbox provider and the 100 RC top-up.
  const deviceGps = { ...NEW_YORK, radius: 10, dateTime: new Date().toISOString() };
  const started = await apiPost<{ url: string }>(
    page,
    '/api/wallet/deposits',
    { amount: 2500, region: 'us', deviceGps },
    baseURL!,
  );
  const checkout = started.url.split('/').pop()!;
  await apiPost(page, `/api/sandbox-pay/checkout/${checkout}/pay`, {}, baseURL!);
  await apiPost(page, '/api/wallet/top-up', {}, baseURL!);
  const month = monthOf(new Date());

  await page.goto('/wallet');
  await page.getByRole('link', { name: 'Monthly statements' }).click();
  await expect(page).toHaveURL(/\/wallet\/statements$/);
  await expect(page.getByRole('heading', { name: 'Statements', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(month);
  await expect(page.getByRole('heading', { name: `Statement for ${monthTitle(month)}` })).toBeVisible();
  const usd = page.getByRole('table', { name: 'USD' });
  await expect(usd.getByRole('row', { name: /^Deposits/ })).toContainText('$25.00');
  await expect(usd.getByRole('row', { name: /^Withdrawals/ })).toContainText('$0.00');
  await expect(
    page.getByRole('table', { name: 'RushCoins' }).getByRole('row', { name: /^RushCoins earned/ }),
  ).toContainText('100.00 RC');

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Download CSV/ }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`rushchess-statement-${month}.csv`);
  const lines = fs.readFileSync(await csv.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('Month,Figure,Currency,Amount');
  expect(lines).toContain(`${month},Deposits,USD,25.00`);
  expect(lines).toContain(`${month},RushCoins earned,RC,100.00`);

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Download PDF/ }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`rushchess-statement-${month}.pdf`);
  const text = pdfText(await pdf.path());
  expect(text).toContain(`Statement for ${monthTitle(month)}`);
  expect(text).toContain(person.username);
  expect(text).toMatch(/Deposits\s+\$25\.00/);
  expect(text).toMatch(/RushCoins earned\s+100\.00 RC/);

  // At 390 px the page fits the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('link', { name: /^Download PDF/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
