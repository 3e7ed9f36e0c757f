import { expect, test, type Page } from '../support/test.ts';
import { boardColor, linkChessAccount, typeMove } from '../support/play.ts';
import { verifiedPerson } from '../support/wallet.ts';
import { choose } from '../support/wizard.ts';

test.describe.configure({ timeout: 180_000 });

/** How many moves the move list shows. */
const moveCount = (page: Page) => page.getByRole('region', { name: 'Moves' }).locator('.move:not(.move-empty)').count();

/** Waits until the move list holds `n` moves (the bot's answers arrive over the game topic). */
async function waitForMoves(page: Page, n: number): Promise<void> {
  await expect.poll(() => moveCount(page), { timeout: 30_000 }).toBe(n);
}

test('a player goes through bot1-bot3, plays the real engine on /bot-match, reloads, resigns, and pays the stake once', async ({
  page,
  baseURL,
}) => {
  const user = await verifiedPerson(page, baseURL!);
  await linkChessAccount(page, user.username);

  // The player wizard leads to the bot flow (SPEC 2: /start?step=bot1&gameType=bot_000001).
  await page.goto('/start');
  await page.getByRole('link', { name: 'Play the Bot' }).click();
  await expect(page).toHaveURL(/step=bot1/);
  await expect(page.getByRole('heading', { name: 'Play the Bot', level: 1 })).toBeVisible();
  await choose(page, '10 Min/Side');
  await page.getByRole('button', { name: 'Next' }).click();

  // bot2: RushCoins only, the wager and the difficulty with its multiplier.
  await expect(page).toHaveURL(/step=bot2/);
  await choose(page, '50 RushCoins');
  await choose(page, 'Mid 2x');
  // 50 RC and the house's 100 RC: a win pays 150 RC minus the 10% fee.
  await expect(page.getByText(/A win pays/)).toContainText('135.00 RC');
  await page.getByRole('button', { name: 'Next' }).click();

  // bot3: the summary and Play vs AI.
  await expect(page).toHaveURL(/step=bot3/);
  await expect(page.getByRole('heading', { name: 'Ready to play' })).toBeVisible();
  await page.getByRole('button', { name: 'Play vs AI' }).click();
  await expect(page).toHaveURL(/\/bot-match$/);
  await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
  await expect(page.getByLabel('Bot game terms')).toContainText('Difficulty: Mid 2x');
  await expect(page.getByTestId('bot-win-pays')).toHaveText('135.00 RC');
  // The stake is in escrow.
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('450.00');
  // No draw or takeback offers to an engine.
  await expect(page.getByRole('button', { name: 'Offer draw' })).toHaveCount(0);

  // Two moves each side; the bot answers every one over the game's topic.
  const white = (await boardColor(page)) === 'white';
  const mine = white ? ['e4', 'Nf3'] : ['Nf6', 'Nc6'];
  let plies = 0;
  if (!white) await waitForMoves(page, ++plies);
  for (const [i, move] of mine.entries()) {
    await typeMove(page, move);
    plies += 1;
    if (white || i < mine.length - 1) await waitForMoves(page, ++plies);
    // A reload in the middle resumes the same game (BOT_ROUTES.current).
    if (i === 0) {
      await page.reload();
      await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
      await waitForMoves(page, plies);
    }
  }

  // The engine never "disconnects" (issue 36: the presence sweep marked it gone, offering a claim).
  await expect(page.getByText(/disconnected/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Claim victory' })).toHaveCount(0);

  // Resign: the stake stays with the house, the balance does not move again.
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog', { name: 'Resign' }).getByRole('button', { name: 'Resign' }).click();
  const result = page.getByRole('dialog', { name: 'Unlucky' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('button', { name: 'Play again' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('450.00');
  await result.getByRole('button', { name: 'Close' }).click();

  // History: the game against AI Mid, lost for the wager.
  await page.goto('/?history');
  const history = page.getByRole('dialog', { name: 'History' });
  const row = history.getByRole('row').filter({ hasText: 'AI Mid' });
  await expect(row).toContainText('L: ');
  await expect(row).toContainText('50.00');
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('450.00');
});
