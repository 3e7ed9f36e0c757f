import fs from 'node:fs';
import { expect, test, type Page } from '../support/test.ts';
import { adminApi, adminPage } from '../support/admin.ts';
import { honouringRetryAfter } from '../support/retry-after.ts';
import { csrfHeaders, dismissOnboarding, signedInPerson } from '../support/users.ts';
import { verifiedPerson } from '../support/wallet.ts';

/**
 * Issue 37 (operators): the console's responsible-gaming review. A player deposits three times
 * within a day (through the sandbox provider, as the deposit modal does) and another excludes
 * themselves; the admin finds both with their evidence, records having contacted one (the audit
 * log shows it) and downloads the CSV for a regulator.
 */

test.describe.configure({ timeout: 150_000 });

const NEW_YORK_GPS = () => ({ latitude: 40.7128, longitude: -74.006, radius: 10, dateTime: new Date().toISOString() });

/** A deposit of `cents` started and paid as the modal and the provider's page do. */
async function depositViaSandbox(page: Page, cents: number, baseURL: string): Promise<void> {
  const headers = await csrfHeaders(page.request, baseURL);
  const started = await honouringRetryAfter(() =>
    page.request.post('/api/wallet/deposits', {
      data: { amount: cents, region: 'us', deviceGps: NEW_YORK_GPS() },
      headers,
    }),
  );
  expect(started.ok(), await started.text()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const checkout = url.split('/').pop()!;
  const paid = await honouringRetryAfter(() =>
    page.request.post(`/api/sandbox-pay/checkout/${checkout}/pay`, { headers }),
  );
  expect(paid.ok(), await paid.text()).toBe(true);
}

async function uidOf(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/session')).json()) as { user: { uid: string } | null };
  return session.user!.uid;
}

test('the admin sees deposit after deposit and a self-exclusion with their evidence, records an action and downloads the CSV', async ({
  browser,
  baseURL,
}) => {
  // A player deposits three times within minutes: "deposit after deposit within a day".
  const depositor = await (await browser.newContext()).newPage();
  await dismissOnboarding(depositor);
  const depositorPerson = await verifiedPerson(depositor, baseURL!);
  const depositorUid = await uidOf(depositor);
  for (const cents of [2000, 5000, 2000]) await depositViaSandbox(depositor, cents, baseURL!);

  // Another player closes their account for good (SPEC self-exclusion).
  const excluded = await (await browser.newContext()).newPage();
  await dismissOnboarding(excluded);
  const excludedPerson = await signedInPerson(excluded);
  const excludedUid = await uidOf(excluded);
  const closed = await excluded.request.post('/api/account/close', {
    data: { confirm: true },
    headers: await csrfHeaders(excluded.request, baseURL!),
  });
  expect(closed.ok(), await closed.text()).toBe(true);

  const admin = await adminPage(browser, baseURL!);
  // The provider confirms each payment on its own schedule (its notification sweep).
  await expect
    .poll(
      async () => {
        const res = (await adminApi(
          admin,
          'get',
          `/api/admin/responsible-gaming?kind=pattern&uid=${depositorUid}`,
          baseURL!,
        )) as { findings: unknown[] };
        return res.findings.length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await admin.goto('/admin#responsible-gaming');
  await expect(admin.getByRole('heading', { name: 'Responsible gaming', level: 2 })).toBeVisible();
  const filters = admin.getByRole('form', { name: 'Review filters' });
  await filters.getByLabel('Player uid').fill(depositorUid);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const burst = admin.getByRole('listitem', { name: `Deposit after deposit: ${depositorPerson.username}` });
  await expect(burst).toBeVisible();
  await expect(burst).toContainText('3 deposits within 24 hours, $90.00 in all');
  const evidence = burst.getByRole('list', {
    name: `Evidence of Deposit after deposit of ${depositorPerson.username}`,
  });
  await expect(evidence.getByRole('listitem')).toHaveCount(3);
  await expect(evidence).toContainText('$50.00');

  // The self-excluded player, under the kind filter.
  await filters.getByLabel('Kind').selectOption('exclusion');
  await filters.getByLabel('Player uid').fill(excludedUid);
  await filters.getByRole('button', { name: 'Filter' }).click();
  const exclusion = admin.getByRole('listitem', { name: `Self-exclusion: ${excludedPerson.username}` });
  await expect(exclusion).toContainText('Self-excluded: the account is closed for good');
  await expect(exclusion).toContainText('No action yet.');

  // At 390 px the cards, their evidence and the form fit: nothing scrolls sideways.
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(exclusion).toBeVisible();
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await admin.setViewportSize({ width: 1366, height: 900 });

  // Act on it: contacted, with a note; the card shows it as the last action.
  const form = exclusion.getByRole('form', { name: `Action on Self-exclusion of ${excludedPerson.username}` });
  await form.getByLabel('Action', { exact: true }).selectOption('contacted');
  await form.getByLabel('Note', { exact: true }).fill('Sent the support line and the withdrawal steps');
  await form.getByRole('button', { name: `Record action on Self-exclusion of ${excludedPerson.username}` }).click();
  await expect(form.getByText('Recorded in the audit log.')).toBeVisible();
  await expect(exclusion).toContainText(
    /Last action: Contacted the player by ad\d{3}, .*: Sent the support line and the withdrawal steps/,
  );

  // The audit log shows it.
  await admin.goto('/admin#audit');
  const auditFilters = admin.getByRole('form', { name: 'Audit filters' });
  await auditFilters.getByLabel('Target').fill(excludedUid);
  await auditFilters.getByRole('button', { name: 'Filter' }).click();
  const audit = admin.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').nth(1)).toContainText('review.contacted');

  // The CSV for a regulator: the whole review of this player, the action in its row.
  await admin.goto('/admin#responsible-gaming');
  await admin.getByLabel('Player uid').fill(excludedUid);
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin.getByRole('listitem', { name: `Self-exclusion: ${excludedPerson.username}` })).toBeVisible();
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^responsible-gaming-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe(
    'player_id,username,kind,finding,evidence,from,to,last_action,last_action_by,last_action_at,last_action_note',
  );
  const row = csv.find((line) => line.startsWith(`${excludedUid},`));
  expect(row).toContain(`${excludedUid},${excludedPerson.username},exclusion,Self-exclusion,`);
  expect(row).toContain(',contacted,');
  expect(row).toContain('Sent the support line and the withdrawal steps');
});
