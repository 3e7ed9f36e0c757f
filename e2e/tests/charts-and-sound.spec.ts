import { expect, test, type Page } from '../support/test.ts';
import { boardColor, linkChessAccount, typeMove } from '../support/play.ts';
import { verifiedPerson } from '../support/wallet.ts';
import { findMatch } from '../support/wizard.ts';

test.describe.configure({ timeout: 150_000 });

declare global {
  interface Window {
    /** Oscillators started on this page (the init script below counts them). */
    __oscillatorStarts: number;
  }
}

/**
 * Every game sound is WebAudio oscillators (apps/web/src/ui/sound.ts): counting their starts
 * tells whether a page played anything, whatever the machine's audio output.
 */
async function countOscillators(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__oscillatorStarts = 0;
    const proto = OscillatorNode.prototype;
    const start = Object.getOwnPropertyDescriptor(AudioScheduledSourceNode.prototype, 'start')?.value as (
      this: AudioScheduledSourceNode,
      when?: number,
    ) => void;
    proto.start = function (this: OscillatorNode, when?: number) {
      window.__oscillatorStarts += 1;
      start.call(this, when);
    };
  });
}

const oscillatorStarts = (page: Page) => page.evaluate(() => window.__oscillatorStarts);

test('two players play a staked game to mate: sounds only for the one who did not mute; History and profiles chart their games', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  for (const page of [pageA, pageB]) await countOscillators(page);
  const userA = await verifiedPerson(pageA, baseURL!);
  const userB = await verifiedPerson(pageB, baseURL!);
  await linkChessAccount(pageA, userA.username);
  await linkChessAccount(pageB, userB.username);

  // Before any game, B mutes the game sounds in Account Settings; the choice is the account's,
  // so it is still there after a reload.
  await pageB.goto('/?settings');
  const settings = pageB.getByRole('dialog', { name: 'Account Settings' });
  const saved = pageB.waitForResponse(
    (r) => r.url().endsWith('/api/account/settings') && r.request().method() === 'PATCH',
  );
  await settings.getByLabel('Mute game sounds').check();
  expect((await saved).ok()).toBe(true);
  await pageB.reload();
  await expect(pageB.getByRole('dialog', { name: 'Account Settings' }).getByLabel('Mute game sounds')).toBeChecked();

  // Matched on Blitz 3+0 for 50 RushCoins (a queue no other journey searches: support/wizard.ts); both accept.
  await findMatch(pageA, 'Blitz 3+0', '50 RushCoins');
  await findMatch(pageB, 'Blitz 3+0', '50 RushCoins');
  for (const page of [pageA, pageB]) await page.getByRole('button', { name: 'Accept' }).click();
  for (const page of [pageA, pageB]) await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pageA.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'false');

  const [white, black] = (await boardColor(pageA)) === 'white' ? [pageA, pageB] : [pageB, pageA];
  const winner = white === pageA ? userB : userA;
  await typeMove(white, 'f3');
  await expect(black.getByRole('button', { name: 'f3 white pawn' })).toBeVisible();
  await typeMove(black, 'e5');
  await expect(white.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  // A heard the start and the moves; B (muted) heard nothing.
  await expect.poll(() => oscillatorStarts(pageA)).toBeGreaterThan(0);
  expect(await oscillatorStarts(pageB)).toBe(0);

  // A mutes from the game screen mid-game: the rest of the game is silent for A too.
  await pageA.getByRole('button', { name: 'Mute' }).click();
  await expect(pageA.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  const heardByA = await oscillatorStarts(pageA);
  await typeMove(white, 'g4');
  await expect(black.getByRole('button', { name: 'g4 white pawn' })).toBeVisible();
  await typeMove(black, 'Qh4#');
  await expect(black.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible();
  await expect(white.getByRole('dialog', { name: 'Unlucky' })).toBeVisible();
  expect(await oscillatorStarts(pageA)).toBe(heardByA);
  expect(await oscillatorStarts(pageB)).toBe(0);

  // History: A's charts have the game's points (rating after the game, and the wager won or lost).
  await pageA.goto('/?history');
  const history = pageA.getByRole('dialog', { name: 'History' });
  const charts = history.getByRole('region', { name: 'Your charts' });
  const blitz = charts.getByRole('figure', { name: 'Blitz rating' });
  await expect(blitz).toContainText('1 rated game shown');
  await expect(blitz.locator('.series-chart-canvas')).toHaveAttribute('data-points', '1');
  await expect(blitz.locator('.series-chart-canvas canvas').first()).toBeVisible();
  const money = charts.getByRole('figure', { name: 'RushCoins won and lost' });
  const aWon = winner === userA;
  await expect(money).toContainText(aWon ? '50.00 RC won and 0.00 RC lost' : '0.00 RC won and 50.00 RC lost');
  await expect(money.locator('.series-chart-canvas canvas').first()).toBeVisible();
  // The text alternative: the points as a table.
  await blitz.getByText('Table of the Blitz rating points').click();
  await expect(blitz.getByRole('table').getByRole('row')).toHaveCount(2);

  // From the game's row, A opens B's profile: B's card and B's charts, with B's point.
  const other = userB.username;
  await history.getByRole('button', { name: `${other}, profile` }).click();
  const profile = pageA.getByRole('dialog', { name: `Profile of ${other}` });
  await expect(profile.getByRole('list', { name: 'Public figures' })).toContainText(
    `Games 1: ${aWon ? '0 won, 1 lost' : '1 won, 0 lost'}, 0 drawn`,
  );
  const theirs = profile.getByRole('region', { name: `Charts of ${other}` });
  await expect(theirs.getByRole('figure', { name: 'Blitz rating' })).toContainText('1 rated game shown');
  await expect(theirs.getByRole('figure', { name: 'Blitz rating' }).locator('.series-chart-canvas')).toHaveAttribute(
    'data-points',
    '1',
  );
  await expect(theirs.getByRole('figure', { name: 'RushCoins won and lost' })).toContainText(
    aWon ? '0.00 RC won and 50.00 RC lost' : '50.00 RC won and 0.00 RC lost',
  );
  await profile.getByRole('button', { name: 'Close' }).click();
  await expect(profile).toBeHidden();
  await expect(history).toBeVisible();

  // B opens A's profile from the game screen's player bar.
  await pageB
    .getByRole('dialog', { name: winner === userB ? 'CONGRATS' : 'Unlucky' })
    .getByRole('button', { name: 'Close' })
    .click();
  await pageB.getByRole('button', { name: `${userA.username}, profile` }).click();
  const profileOfA = pageB.getByRole('dialog', { name: `Profile of ${userA.username}` });
  await expect(profileOfA.getByRole('figure', { name: 'Blitz rating' })).toContainText('1 rated game shown');

  for (const context of contexts) await context.close();
});
