import { expect, test, type Page } from '../support/test.ts';
import { adminApi, adminPage } from '../support/admin.ts';
import { apiPost, boardColor, linkChessAccount } from '../support/play.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';
import { verifiedPerson } from '../support/wallet.ts';
import { choose, findMatch, rcBalance } from '../support/wizard.ts';

test.describe.configure({ timeout: 120_000 });

/** The page user's uid (GET /api/session with the page's cookies). */
async function uidOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/session');
  const body = (await res.json()) as { user: { uid: string } };
  return body.user.uid;
}

test('two players go through the wizard, are matched, accept, play; one resigns and the result is paid once', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  const userA = await verifiedPerson(pageA, baseURL!);
  const userB = await verifiedPerson(pageB, baseURL!);
  await linkChessAccount(pageA, userA.username);
  await linkChessAccount(pageB, userB.username);

  // A searches first (the wait timer runs), then B with the same game type and stake.
  await findMatch(pageA, 'Blitz 5+0', '50 RushCoins');
  await expect(pageA.getByRole('timer', { name: 'Waiting time' })).toHaveText(/^\d+:\d\d$/);
  // SPEC 2: while searching, any other page sends the player back to /match.
  await pageA.goto('/leaderboard');
  await expect(pageA).toHaveURL(/\/match$/);
  await expect(pageA.getByRole('timer', { name: 'Waiting time' })).toBeVisible();
  await findMatch(pageB, 'Blitz 5+0', '50 RushCoins');

  // Matched: each sees the other and accepts.
  for (const [page, other] of [
    [pageA, userB],
    [pageB, userA],
  ] as const) {
    await expect(page.getByText(other.username).first()).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
  }

  // Both stakes are in escrow and the game is on.
  for (const page of [pageA, pageB]) {
    await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('450.00');
  }
  const [white, black] = (await boardColor(pageA)) === 'white' ? [pageA, pageB] : [pageB, pageA];
  const [winner, loser] = white === pageA ? [userB, userA] : [userA, userB];
  await white.getByLabel('Enter move').fill('e4');
  await white.getByLabel('Enter move').press('Enter');
  // Black moves once white's move is on its board: before, the page refuses it as not its turn.
  await expect(black.getByRole('button', { name: 'e4 white pawn' })).toBeVisible();
  await black.getByLabel('Enter move').fill('e5');
  await black.getByLabel('Enter move').press('Enter');
  await expect(white.getByRole('button', { name: 'Resign' })).toBeVisible();
  await white.getByRole('button', { name: 'Resign' }).click();
  await white.getByRole('dialog', { name: 'Resign' }).getByRole('button', { name: 'Resign' }).click();

  // Winner: 450 + pot 100 - 10% fee = 540; loser 450. A game of one move each earns no RushCoin
  // reward (issue 33: fewer than 10 moves each). The popups offer Done, Rematch and Find New Match.
  await expect(black.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible();
  await expect(white.getByRole('dialog', { name: 'Unlucky' })).toBeVisible();
  await expect.poll(() => rcBalance(black)).toBe('540.00');
  await expect.poll(() => rcBalance(white)).toBe('450.00');
  for (const page of [white, black]) {
    for (const name of ['Done', 'Rematch', 'Find New Match']) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
  }

  // The wallet shows the stake lost and the payout won.
  await white.goto('/wallet');
  const loserRow = white.getByRole('row').filter({ hasText: 'stake' }).first();
  await expect(loserRow).toContainText('50.00');
  await black.goto('/wallet');
  await expect(black.getByRole('row').filter({ hasText: 'payout' }).first()).toContainText('90.00');

  // History: a win for the winner with the wager.
  await black.goto('/?history');
  const history = black.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: loser.username })).toContainText('W: ');
  await expect(history.getByRole('row').filter({ hasText: loser.username })).toContainText('50.00');
  // SPEC 7's cash and RushCoin lists: the RushCoin game is under RushCoins, not under Cash.
  const filters = history.getByRole('tablist', { name: 'Games by currency' });
  await filters.getByRole('tab', { name: 'Cash' }).click();
  await expect(history.getByText('You have not played any cash games yet.')).toBeVisible();
  await filters.getByRole('tab', { name: 'RushCoins' }).click();
  await expect(history.getByRole('row').filter({ hasText: loser.username })).toContainText('W: ');

  // The leaderboard counts the win (the wager) under Total RushCoins Won.
  await black.goto('/leaderboard');
  await black.getByRole('button', { name: 'Total RushCoins Won' }).click();
  await expect(black.getByRole('row').filter({ hasText: winner.username })).toContainText('50.00');

  // Done clears the record: /match goes back to the wizard.
  await white.goto('/match');
  await white.getByRole('button', { name: 'Done' }).click();
  await expect(white).toHaveURL(/\/start/);
});

test('a challenge sent from the wizard is accepted from the card and starts the game', async ({ browser, baseURL }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  for (const page of [pageA, pageB]) await dismissOnboarding(page);
  const users = [await signedInPerson(pageA), await signedInPerson(pageB)] as const;
  await apiPost(pageA, '/api/play/link', {}, baseURL!);
  await apiPost(pageB, '/api/play/link', {}, baseURL!);
  const uidB = await uidOf(pageB);

  await pageB.goto('/about');
  await pageA.goto(`/start?challengeid=${uidB}&step=1`);
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(`Challenging ${users[1].username}`);
  await choose(pageA, 'Rapid 10+0');
  await pageA.getByRole('button', { name: 'Next' }).click();
  await pageA.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'RushCoins' }).click();
  await choose(pageA, '100 RushCoins');
  await pageA.getByRole('button', { name: 'Next' }).click();
  await pageA.getByRole('button', { name: 'Play Now' }).click();

  const card = pageB.getByRole('region').filter({ hasText: users[0].username });
  await expect(card).toContainText('Rapid 10+0');
  await expect(card).toContainText('100 RushCoins');
  await card.getByRole('button', { name: 'Accept' }).click();

  for (const page of [pageA, pageB]) {
    await expect(page).toHaveURL(/\/match$/);
    await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('400.00');
  }
});

// A pause stops every journey's new games: @serial runs it alone (playwright.config.ts).
test(
  'while new games are paused, Find Match shows the announcement instead of searching',
  { tag: '@serial' },
  async ({ browser, baseURL }) => {
    const admin = await adminPage(browser, baseURL!);

    const context = await browser.newContext();
    const page = await context.newPage();
    await dismissOnboarding(page);
    await signedInPerson(page);
    await apiPost(page, '/api/play/link', {}, baseURL!);

    const put = (path: string, data: unknown) => adminApi(admin, 'put', path, baseURL!, data);
    await put('/api/admin/app/announcement', {
      show: true,
      title: 'Scheduled maintenance',
      text: 'New games are back in an hour.',
      returnTime: null,
    });
    await put('/api/admin/app/pause', { paused: true });
    try {
      await page.goto('/start?step=3&gameType=wmgt_000001&c=wbx&bet=50');
      await page.getByRole('button', { name: 'Find Match' }).click();
      await expect(page.getByText('Scheduled maintenance').first()).toBeVisible();
      await expect(page.getByText('New games are back in an hour.').first()).toBeVisible();
      await expect(page).toHaveURL(/\/start/);
      const current = (await (await page.request.get('/api/matchmaking/current')).json()) as { matchmaking: unknown };
      expect(current.matchmaking).toBeNull();
    } finally {
      await put('/api/admin/app/pause', { paused: false });
      await put('/api/admin/app/announcement', { show: false, title: '', text: '', returnTime: null });
    }
  },
);
