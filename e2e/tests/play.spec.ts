import { expect, test, type Page } from '../support/test.ts';
import {
  boardColor,
  boardReady,
  clickMove,
  clockSeconds,
  currentGameId,
  linkChessAccount,
  startGameViaApi,
  typeMove,
} from '../support/play.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';

test.describe.configure({ timeout: 120_000 });

test("two players link, start a friendly game, play fool's mate; a spectator watches and chats", async ({
  browser,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [pageA, pageB, pageC] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page, Page];
  for (const page of [pageA, pageB, pageC]) await dismissOnboarding(page);
  const [userA, userB] = [await signedInPerson(pageA), await signedInPerson(pageB)];
  await signedInPerson(pageC);

  // Both players link their chess accounts (500 RC each).
  await linkChessAccount(pageA, userA.username);
  await linkChessAccount(pageB, userB.username);

  // A invites B to a friendly Rapid game from /match; B accepts from the card on whatever page B is.
  await pageB.goto('/about');
  // From the wizard's last step: Play With Friend opens the invitation form.
  await pageA.goto('/start?step=3&gameType=wmgt_000003&c=wbx&bet=50');
  await pageA.getByRole('button', { name: 'Play With Friend' }).click();
  const friend = pageA.getByRole('region', { name: 'Play a friend' });
  await friend.getByLabel("Friend's username").fill(userB.username);
  await friend.getByLabel('Game type').selectOption({ label: 'Rapid 10+0' });
  await friend.getByRole('button', { name: 'Send invitation' }).click();
  await expect(friend.getByText(`Waiting for ${userB.username} to accept`, { exact: false })).toBeVisible();

  const card = pageB.getByRole('region', { name: 'Game invitation' });
  await expect(card).toContainText(userA.username);
  await expect(card).toContainText('Rapid 10+0');
  await card.getByRole('button', { name: 'Accept' }).click();

  // Both land on the game.
  for (const page of [pageA, pageB]) {
    await expect(page).toHaveURL(/\/match$/);
    await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
  }
  const colorA = await boardColor(pageA);
  const [white, black] = colorA === 'white' ? [pageA, pageB] : [pageB, pageA];
  expect(await boardColor(black)).toBe('black');
  const gameId = await currentGameId(white);
  expect(await currentGameId(black)).toBe(gameId);

  // Accessible squares, and the controls before two plies.
  await expect(white.getByRole('button', { name: 'e2 white pawn' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'e4 empty' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'Abort' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'Offer draw' })).toBeDisabled();

  // A spectator watches the game.
  await pageC.goto(`/tv/${gameId}`);
  await expect(pageC.getByRole('group', { name: 'Chess board' })).toBeVisible();
  await expect(pageC.getByTestId('viewer-count')).toHaveText(/[1-9]\d* viewers?/);

  // 1. f3 by clicks, 1... e5 typed.
  await clickMove(white, 'f2', 'f3');
  await expect(black.getByRole('button', { name: 'f3 white pawn' })).toBeVisible();
  await typeMove(black, 'e5');
  await expect(white.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  await expect(pageC.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'Resign' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'Offer draw' })).toBeEnabled();

  // A reload mid-game comes back to the same position and clocks.
  await white.waitForTimeout(1_500);
  const before = { white: await clockSeconds(white, 'White'), black: await clockSeconds(white, 'Black') };
  await white.reload();
  await expect(white.getByRole('button', { name: 'f3 white pawn' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  await expect(white.getByRole('region', { name: 'Moves' })).toContainText('f3');
  await expect(white.getByRole('region', { name: 'Moves' })).toContainText('e5');
  const after = { white: await clockSeconds(white, 'White'), black: await clockSeconds(white, 'Black') };
  expect(after.black).toBe(before.black);
  expect(before.white - after.white).toBeGreaterThanOrEqual(0);
  expect(before.white - after.white).toBeLessThanOrEqual(5);

  // 2. g4 typed in UCI after the reload, 2... Qh4# by clicks.
  await typeMove(white, 'g2g4');
  await expect(black.getByRole('button', { name: 'g4 white pawn' })).toBeVisible();

  // The spectator chats meanwhile.
  const chat = pageC.getByRole('region', { name: 'Spectator chat' });
  await chat.getByLabel('Message').fill('  what a start  ');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('what a start');
  await chat.getByLabel('Message').fill('WHAT A START');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText("Last message is the same, don't spam")).toBeVisible();

  await clickMove(black, 'd8', 'h4');

  // The result: CONGRATS for the winner, Unlucky for the loser, the winner popup for the spectator.
  await expect(black.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible();
  await expect(white.getByRole('dialog', { name: 'Unlucky' })).toBeVisible();
  await expect(white.getByRole('dialog', { name: 'Unlucky' })).toContainText('Checkmate');
  await expect(pageC.getByRole('dialog', { name: 'GAME ENDED' })).toContainText('Black wins');
  await expect(pageC.getByText('Game has ended')).toBeVisible();

  // History lists the game for the winner, with its replay.
  await black.getByRole('dialog', { name: 'CONGRATS' }).getByRole('button', { name: 'Close' }).click();
  await black.goto('/?history');
  const history = black.getByRole('dialog', { name: 'History' });
  const row = history.getByRole('row').nth(1);
  await expect(row).toContainText(colorA === 'white' ? userA.username : userB.username);
  await expect(row).toContainText('W: ');
  await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2}/);
  await expect(row.getByRole('link', { name: /^Analyze/ })).toHaveAttribute(
    'href',
    new RegExp(`/tv/${gameId}.*orientation=black`),
  );

  for (const context of contexts) await context.close();
});

test('@mobile the game fits a 360 px screen and a piece can be dragged', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  for (const p of [page, other]) await dismissOnboarding(p);
  const me = await signedInPerson(page);
  await signedInPerson(other);
  await startGameViaApi(other, page, me.username, baseURL!);

  await page.goto('/match');
  await other.goto('/match');
  const board = page.getByRole('group', { name: 'Chess board' });
  await expect(board).toBeVisible();
  const box = await board.boundingBox();
  expect(box?.width).toBeGreaterThan(300);
  expect(box?.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('timer', { name: 'White clock' })).toHaveText('10:00');

  // Drag a piece on the phone (pointer events), and the opponent sees it.
  await boardReady(page);
  const color = await boardColor(page);
  if (color === 'black') {
    await clickMove(other, 'e2', 'e4');
    await expect(page.getByRole('button', { name: 'e4 white pawn' })).toBeVisible();
  }
  const [from, to, piece] = color === 'white' ? ['e2', 'e4', 'white pawn'] : ['e7', 'e5', 'black pawn'];
  await page
    .getByRole('button', { name: `${from} ${piece}` })
    .dragTo(page.getByRole('button', { name: `${to} empty` }));
  await expect(other.getByRole('button', { name: `${to} ${piece}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `${to} ${piece}` })).toBeVisible();

  await otherContext.close();
});
