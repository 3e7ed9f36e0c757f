import { expect, test, type Browser, type Page } from '../support/test.ts';
import { MATCH_TEXTS, TEXTS } from '@rush/domain';
import { adminApi, adminPage } from '../support/admin.ts';
import { claimReported, signIn, type Person } from '../support/people/claim.ts';
import { apiPost, startGameViaApi } from '../support/play.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';
import { onboardWalletViaApi, verifiedPerson } from '../support/wallet.ts';

/**
 * Issue 12: the operator console, each journey with an admin of its own and the player(s) it
 * touches in their own browsers. Every action here also lands in the audit log, checked at the
 * end of each. The journeys that change the catalogue or the whole app are tagged @serial: they
 * run alone (playwright.config.ts), so no other journey meets a changed wager or a pause.
 */

test.describe.configure({ timeout: 150_000 });

interface Player {
  page: Page;
  user: Person;
  uid: string;
}

async function uidOf(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/session')).json()) as { user: { uid: string } | null };
  expect(session.user, 'signed in').not.toBeNull();
  return session.user!.uid;
}

/** A signed-in player of the journey's own, with a linked chess account (500 RC) and verified (with a wallet) when asked. */
async function player(
  browser: Browser,
  baseURL: string,
  opts: { verified?: boolean; linked?: boolean } = {},
): Promise<Player> {
  const page = await (await browser.newContext()).newPage();
  await dismissOnboarding(page);
  const user = opts.verified ? await verifiedPerson(page, baseURL) : await signedInPerson(page);
  if (opts.linked) await apiPost(page, '/api/play/link', {}, baseURL);
  return { page, user, uid: await uidOf(page) };
}

/**
 * The audit actions recorded on `target`, newest first; the newest `ours` of them (all by
 * default) by this journey's admin. (The whole app's target also holds other journeys' entries.)
 */
async function auditActions(admin: Page, target: string, baseURL: string, ours?: number): Promise<string[]> {
  const me = (await (await admin.request.get('/api/session')).json()) as { user: { username: string } };
  const res = (await adminApi(admin, 'get', `/api/admin/audit?target=${encodeURIComponent(target)}`, baseURL)) as {
    entries: { action: string; admin: { username: string } }[];
  };
  for (const e of res.entries.slice(0, ours)) expect(e.admin.username).toBe(me.user.username);
  return res.entries.map((e) => e.action);
}

test('a player opening /admin lands on /, a visitor on the login page', async ({ browser, baseURL }) => {
  const { page } = await player(browser, baseURL!);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/report');
  await expect(page).toHaveURL(/\/$/);

  const visitor = await (await browser.newContext()).newPage();
  await dismissOnboarding(visitor);
  await visitor.goto('/admin');
  await expect(visitor).toHaveURL(/\/login$/);
});

test('a ban reaches the player on the landing page without a reload, and unbanning restores it', async ({
  browser,
  baseURL,
}) => {
  // Verified and linked: no popup on the landing page stands between the player and Play.
  const p = await player(browser, baseURL!, { verified: true, linked: true });
  await p.page.goto('/');
  const rc = p.page.getByRole('group', { name: 'RC balance' });
  await expect(rc).toContainText('500.00');
  // Set on this document only: still there at the end means the page was never reloaded.
  await p.page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });

  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin#bans');
  const form = admin.getByRole('form', { name: 'Ban or unban' });
  await form.getByLabel('User uid').fill(p.uid);
  await form.getByLabel('Reason').fill('Abusive chat in games');
  await form.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(form.getByText(`${p.user.username} is banned.`)).toBeVisible();

  // The player's screen: the ban notice, 0 RC, and Play refused.
  await expect(p.page.getByRole('alert').filter({ hasText: 'banned for Terms violation' })).toBeVisible();
  await expect(rc).toContainText('0.00');
  await expect(rc).not.toContainText('500.00');
  await p.page.getByRole('link', { name: 'Play 1 vs 1' }).click();
  await expect(p.page).toHaveURL(/\/start/);
  for (let i = 0; i < 2 && !(await p.page.getByText(MATCH_TEXTS.banned).isVisible()); i++) {
    await p.page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(p.page.getByText(MATCH_TEXTS.banned).first()).toBeVisible();

  // The banned list names the player and the reason; Unban from there.
  const banned = admin.getByRole('table', { name: 'Banned players' });
  await expect(banned.getByRole('row').filter({ hasText: p.user.username })).toContainText('Abusive chat in games');
  await banned.getByRole('button', { name: `Unban ${p.user.username}` }).click();
  await expect(banned.getByRole('row').filter({ hasText: p.user.username })).toHaveCount(0);

  await expect(rc).toContainText('500.00');
  await expect(p.page.getByText(MATCH_TEXTS.banned)).toHaveCount(0);
  expect(await p.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  expect(await auditActions(admin, p.uid, baseURL!)).toEqual(['user.unban', 'user.ban']);
});

// The catalogue is the whole app's: another journey's wizard would meet the raised minimum.
test("raising a wager's minimum games shows in a player's wizard", { tag: '@serial' }, async ({ browser, baseURL }) => {
  const p = await player(browser, baseURL!, { linked: true });
  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin#wagers');
  const minimum = admin.getByRole('spinbutton', { name: 'Min requirement of 100 RushCoins' });
  const before = await minimum.inputValue();
  const save = admin.getByRole('button', { name: 'Save 100 RushCoins' });
  // The player's wizard reads the catalogue once per page: each save's answer comes before the
  // player looks, and before the audit log is read. The row then says it was saved.
  const saveAndWait = async () => {
    const answered = admin.waitForResponse(
      (r) => r.url().endsWith('/min-requirement') && r.request().method() === 'PUT',
    );
    await save.click();
    expect((await answered).ok()).toBe(true);
    await expect(admin.getByRole('status').filter({ hasText: '100 RushCoins saved.' })).toBeVisible();
  };
  await minimum.fill('7');
  await saveAndWait();
  try {
    await p.page.goto('/start?step=2&gameType=wmgt_000001&c=wbx&bet=100');
    await expect(p.page.getByText('Play 7 more games at 50 RushCoins to unlock this wager.')).toBeVisible();
  } finally {
    await minimum.fill(before);
    await saveAndWait();
    await expect(minimum).toHaveValue(before);
  }
  await p.page.reload();
  await expect(p.page.getByText(/more games? at 50 RushCoins/)).toHaveCount(before === '0' ? 0 : 1);
  // The catalogue's wbx 100 is its second RushCoins wager.
  expect((await auditActions(admin, 'wbx/wbx_2', baseURL!, 2)).slice(0, 2)).toEqual([
    'catalog.minRequirement',
    'catalog.minRequirement',
  ]);
});

// A pause stops every journey's new games.
test(
  'pausing new games from the console shows the announcement to a player who presses Find Match',
  { tag: '@serial' },
  async ({ browser, baseURL }) => {
    const p = await player(browser, baseURL!, { linked: true });
    const admin = await adminPage(browser, baseURL!);
    await admin.goto('/admin#app');
    const announcement = admin.getByRole('form', { name: 'Announcement' });
    await announcement.getByLabel('Show announcement').check();
    await announcement.getByLabel('Title').fill('Back soon');
    await announcement.getByLabel('Text', { exact: true }).fill('New games resume at noon.');
    await announcement.getByRole('button', { name: 'Save announcement' }).click();
    await expect(announcement.getByText('Announcement saved.')).toBeVisible();
    // Every page shows it live, the console's too: the banner that the save below takes away.
    const banner = admin.getByRole('status', { name: 'Back soon' });
    await expect(banner).toBeVisible();
    await admin.getByRole('button', { name: 'Pause new games' }).click();
    await expect(admin.getByText('New games are paused.')).toBeVisible();
    try {
      await p.page.goto('/start?step=3&gameType=wmgt_000001&c=wbx&bet=50');
      await p.page.getByRole('button', { name: 'Find Match' }).click();
      await expect(p.page.getByText('Back soon').first()).toBeVisible();
      await expect(p.page.getByText('New games resume at noon.').first()).toBeVisible();
      await expect(p.page).toHaveURL(/\/start/);
    } finally {
      await admin.getByRole('button', { name: 'Resume new games' }).click();
      await expect(admin.getByText('New games are running.')).toBeVisible();
      await announcement.getByLabel('Show announcement').uncheck();
      await announcement.getByRole('button', { name: 'Save announcement' }).click();
      // "Announcement saved." already stood for the first save: the banner going is this save's
      // answer. Without it, the audit log was read (and the journey ended) before the save landed.
      await expect(banner).toHaveCount(0);
    }
    const actions = await auditActions(admin, 'app', baseURL!, 4);
    expect(actions.slice(0, 4)).toEqual(['app.announcement', 'app.pause', 'app.pause', 'app.announcement']);
  },
);

test("a deposit from the Balances modal appears in the player's header and transactions", async ({
  browser,
  baseURL,
}) => {
  const p = await player(browser, baseURL!, { verified: true });
  await p.page.goto('/');
  const usd = p.page.getByRole('group', { name: 'USD balance' });
  await expect(usd).toBeVisible();

  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin#balances');
  await admin.getByRole('button', { name: `Deposit ${p.user.username}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Deposit for ${p.user.username}` });
  await dialog.getByLabel('Amount ($)').fill('25');
  await dialog.getByRole('button', { name: 'Deposit', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(usd).toContainText('25.00');
  await p.page.goto('/wallet');
  const history = p.page.getByRole('table').filter({ hasText: 'Admin Deposit' });
  await expect(history).toContainText('25.00');

  expect(await auditActions(admin, p.uid, baseURL!)).toContain('money.deposit');
});

/** What the Wallet page offers: Withdraw disabled with the reported reason, or its form. */
async function withdrawAnswer(page: Page): Promise<'reported' | 'open'> {
  const withdrawButton = page.getByRole('button', { name: 'Withdraw', exact: true });
  await page.goto('/wallet');
  await expect(withdrawButton).toBeVisible();
  if (await withdrawButton.isDisabled()) {
    await expect(page.getByText(TEXTS.withdrawReported)).toBeVisible();
    return 'reported';
  }
  await withdrawButton.click();
  await expect(page.getByRole('dialog', { name: 'Withdraw' }).getByText('Withdrawable now:')).toBeVisible();
  return 'open';
}

test('two players report a third; the admin dismisses the reports and the player can withdraw again', async ({
  browser,
  baseURL,
}) => {
  const [a, b, c] = await Promise.all([
    player(browser, baseURL!, { verified: true }),
    player(browser, baseURL!, { verified: true }),
    player(browser, baseURL!, { verified: true }),
  ]);
  const report = async (reporter: Player, gameId: string) =>
    apiPost(reporter.page, '/api/reports/player', { uid: b.uid, text: 'Plays like an engine', gameId }, baseURL!);

  // A plays B, aborts at once, and reports B; then C plays B and reports B too.
  const first = await startGameViaApi(a.page, b.page, b.user.username, baseURL!);
  await a.page.goto('/match');
  await a.page.getByRole('button', { name: 'Abort' }).click();
  await expect(a.page.getByRole('dialog').filter({ hasText: 'ABORTED' })).toBeVisible();
  await report(a, first);
  await apiPost(c.page, '/api/play/link', {}, baseURL!);
  const invitation = await apiPost<{ id: string }>(
    c.page,
    '/api/play/invitations',
    { username: b.user.username, mode: 'wmgt_000003' },
    baseURL!,
  );
  const { gameId: second } = await apiPost<{ gameId: string }>(
    b.page,
    `/api/play/invitations/${invitation.id}/accept`,
    {},
    baseURL!,
  );
  await report(c, second);

  // Two reporters restrict B's withdrawals, from 5 minutes after the second report (SPEC 4):
  // not yet. While restricted, Withdraw is disabled with the reason beside it; otherwise it
  // opens the form.
  expect(await withdrawAnswer(b.page)).toBe('open');

  // Five minutes on: the rule's minutes are proven with a manual clock in the server's tests
  // (apps/server/test/reports/reports.test.ts); here, another player whom two others reported
  // after a game each, 7 minutes before the run began (journey-people/seed.ts), as B will be then.
  const reported = claimReported();
  const r = await (await browser.newContext()).newPage();
  await dismissOnboarding(r);
  await signIn(r, reported.target, baseURL);
  await onboardWalletViaApi(r, baseURL!);
  expect(await withdrawAnswer(r)).toBe('reported');

  // The admin sees both reports of each and dismisses those of the restricted player.
  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/admin#reports');
  const rowsOfB = admin.getByRole('row').filter({ hasText: b.user.username });
  await expect(rowsOfB).toHaveCount(2);
  await expect(rowsOfB.filter({ hasText: a.user.username })).toContainText('Plays like an engine');
  const rows = admin.getByRole('row').filter({ hasText: reported.target.username });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: reported.reporters[0].username })).toContainText(reported.text);
  await admin
    .getByRole('button', { name: `Dismiss reports of ${reported.target.username}` })
    .first()
    .click();
  await expect(rows).toHaveCount(0);

  expect(await withdrawAnswer(r)).toBe('open');
  // The archived reports stay readable on /report.
  await admin.goto('/report');
  await expect(admin.getByRole('row').filter({ hasText: reported.target.username })).toHaveCount(2);
  expect(await auditActions(admin, reported.target.uid, baseURL!)).toContain('reports.dismiss');
});

test('the console works from the keyboard, at 1365 px and on a tablet', async ({ browser, baseURL }) => {
  const admin = await adminPage(browser, baseURL!);
  for (const width of [1365, 768]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.goto('/admin#users');
    await expect(admin.getByRole('heading', { name: 'Users', level: 2 })).toBeVisible();
    const nav = admin.getByRole('navigation', { name: 'Admin sections' });
    for (const section of ['Ban and unban', 'Balances', 'Audit log', 'Dashboard']) {
      await expect(nav.getByRole('link', { name: section })).toBeVisible();
    }
    // Nothing wider than the window: no sideways scrolling on a tablet.
    const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
  // Keyboard: focus a section link, Enter opens it, and its controls take focus in order.
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Ban and unban' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL(/#bans$/);
  const uid = admin.getByRole('form', { name: 'Ban or unban' }).getByLabel('User uid');
  await uid.focus();
  await admin.keyboard.type('not-a-user');
  await admin.keyboard.press('Tab');
  await expect(admin.getByRole('form', { name: 'Ban or unban' }).getByLabel('Reason')).toBeFocused();
  await admin.keyboard.type('Testing the keyboard');
  await admin.keyboard.press('Enter');
  // An unknown uid: the failure shows (SPEC 8) and the uid field is cleared.
  await expect(admin.getByRole('form', { name: 'Ban or unban' }).getByRole('alert')).toBeVisible();
  await expect(uid).toHaveValue('');
});
