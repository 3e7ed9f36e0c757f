import { expect, type Page } from '@playwright/test';

/** Picks a wizard choice: the radio is controlled by the URL, so wait for it to read back checked. */
export async function choose(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name });
  await expect(async () => {
    await radio.click();
    await expect(radio).toBeChecked({ timeout: 1_000 });
  }).toPass();
}

/**
 * Through the wizard: game type, RushCoins amount, then Find Match (lands on /match). `origin`:
 * an instance other than the suite's (a spec that starts its own).
 *
 * Journeys run at the same time on one server, and the queue pairs any two searches of one game
 * type and amount: each journey that searches uses a pair of its own, or it could be matched with
 * another journey's player. Blitz 5+0 for 50: matchmaking.spec; Blitz 3+0 for 50:
 * charts-and-sound.spec; Rapid 10+0 for 50: fairplay.spec; Blitz 5+0 for 100 and Rapid 10+0 for
 * 100: a11y.spec's player and a11y-together.spec's live game. (lichess-link.spec runs a server of its own.)
 */
export async function findMatch(page: Page, gameType: string, amount: string, origin = ''): Promise<void> {
  await page.goto(`${origin}/start`);
  await choose(page, gameType);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'RushCoins' }).click();
  await choose(page, amount);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Ready to play' })).toBeVisible();
  await page.getByRole('button', { name: 'Find Match' }).click();
  await expect(page).toHaveURL(/\/match$/);
}

/** The RC balance shown in the header ("1,190.00"). */
export async function rcBalance(page: Page): Promise<string> {
  return ((await page.getByRole('group', { name: 'RC balance' }).textContent()) ?? '').replace(/[^\d.,]/g, '');
}
