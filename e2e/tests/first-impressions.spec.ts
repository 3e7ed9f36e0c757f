import { expect, test, type Page } from '../support/test.ts';
import { E2E_COMMUNITY_URL } from '../support/ports.ts';
import { startGameViaApi } from '../support/play.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';

/**
 * Issue 19: what a person meets first. The header of a signed-in user never offers Login or Sign
 * up, not even on the first paint; the landing's hero shows a real position with its players.
 */

/** Records, from before the app's first script runs, whether the header ever held a Login link. */
async function watchHeaderForLogin(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { sawLogin: boolean; sawHeader: boolean };
    w.sawLogin = false;
    w.sawHeader = false;
    const look = () => {
      const header = document.querySelector('header');
      if (header) w.sawHeader = true;
      if (header?.querySelector('a[href="/login"], a[href="/signup"]')) w.sawLogin = true;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}

test('a signed-in user never sees Login or Sign up in the header, even while the session is slow', async ({ page }) => {
  await dismissOnboarding(page);
  await page.goto('/about');
  await signedInPerson(page);
  await watchHeaderForLogin(page);
  // The session answer held back until the header has painted (the logo, nothing in place of
  // the actions) instead of a bare loading screen, up to 10 s: an app that waited for the session
  // would not paint it in that time. (A fixed second was too short for a loaded machine.)
  const paintedWhileHeld: boolean[] = [];
  await page.route('**/api/session', async (route) => {
    const painted = await page
      .waitForFunction(() => document.querySelector('header a.logo') !== null, null, { timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    paintedWhileHeld.push(painted);
    await route.continue();
  });
  for (const path of ['/', '/leaderboard', '/about']) {
    paintedWhileHeld.length = 0;
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    // (A late answer of the previous page's read may land on the new document before it paints.)
    expect(paintedWhileHeld, `the header was not painted while the session loaded on ${path}`).toContain(true);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { sawLogin: boolean; sawHeader: boolean };
      return { sawLogin: w.sawLogin, sawHeader: w.sawHeader };
    });
    expect(seen.sawHeader).toBe(true);
    expect(seen.sawLogin, `Login or Sign up flashed on ${path}`).toBe(false);
  }
  // A visitor does get them (the watch itself works).
  await page.context().clearCookies();
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawLogin: boolean }).sawLogin)).toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

interface Featured {
  gameId: string;
  live: boolean;
  white: { username: string; rating: number };
  black: { username: string; rating: number };
  result: string | null;
}

test('the hero board shows the live game the server features, with its players and Watch', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [white, black, visitor] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page, Page];
  for (const page of [white, black]) await dismissOnboarding(page);
  await signedInPerson(white);
  const b = await signedInPerson(black);
  // A game is live now (ours at least), so the hero shows a live one.
  await startGameViaApi(white, black, b.username, baseURL!);
  await dismissOnboarding(visitor);
  const landing = visitor.waitForResponse((r) => r.url().endsWith('/api/landing') && r.ok());
  await visitor.goto('/');
  const f = ((await (await landing).json()) as { featured: Featured | null }).featured!;
  expect(f.live).toBe(true);
  const players = `${f.white.username} (${f.white.rating}) vs ${f.black.username} (${f.black.rating})`;
  const board = visitor.getByRole('img', { name: `Live game: ${players}` });
  await expect(board).toBeVisible();
  await expect(visitor.getByText(f.white.username, { exact: true }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: `Watch ${f.white.username} vs ${f.black.username}` })).toHaveAttribute(
    'href',
    `/tv/${f.gameId}`,
  );
  // A real position: pieces on the board, both kings among them.
  expect(await board.locator('[data-piece]').count()).toBeGreaterThan(2);
  await expect(board.locator('[data-piece="white king"]')).toHaveCount(1);
  await expect(board.locator('[data-piece="black king"]')).toHaveCount(1);
  await Promise.all(contexts.map((c) => c.close()));
});

test('the landing promos: cheat detection, feedback and the community link (issue 20)', async ({ page }) => {
  await dismissOnboarding(page);
  await page.goto('/');
  const promos = page.getByRole('region', { name: 'More from us' });
  await expect(promos.getByRole('link', { name: 'Community (opens in a new tab)' })).toHaveAttribute(
    'href',
    E2E_COMMUNITY_URL,
  );
  await promos.getByRole('link', { name: 'Send feedback' }).click();
  await expect(page.getByRole('dialog', { name: 'Report a Bug' })).toBeVisible();
  await page.keyboard.press('Escape');
  await promos.getByRole('link', { name: 'Combatting Cheating' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Combatting Cheating');
});
