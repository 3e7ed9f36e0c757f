import { expect, test, type Page } from '../support/test.ts';
import { adminPage } from '../support/admin.ts';
import { A11yAudit, boardControls, expectClean, visit } from '../support/a11y.ts';
import { apiPost, boardColor, clickMove, currentGameId, typeMove } from '../support/play.ts';
import {
  playSolution,
  puzzleById,
  puzzleIdOf,
  waitForBattleStart,
  waitForCatalogue,
  waitForMove,
  wrongFirstMove,
  clickUci,
} from '../support/puzzles.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';
import { verifiedPerson } from '../support/wallet.ts';
import { choose, findMatch } from '../support/wizard.ts';

/**
 * Issue 19, the journeys of several people (a11y.spec.ts has the ones of one): every route and
 * state, as a visitor and as a player, scanned by axe-core at 1440 px
 * and 390 px (no serious or critical violation) and checked for horizontal scroll at 390 px and
 * 360 px; the game's controls are 44 px touch targets on a phone. Each state is set up once and
 * looked at at every width by resizing the viewport.
 */

test.describe.configure({ timeout: 240_000 });

test('social, matchmaking and a live game: both players, a visitor and a player spectating, the result', async ({
  browser,
  baseURL,
}) => {
  const audit = new A11yAudit();
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext()));
  const [pageA, pageB, watcher, visitor] = (await Promise.all(contexts.map((c) => c.newPage()))) as [
    Page,
    Page,
    Page,
    Page,
  ];
  const userA = await verifiedPerson(pageA, baseURL!, { wallet: false });
  const userB = await verifiedPerson(pageB, baseURL!, { wallet: false });
  await dismissOnboarding(watcher);
  await signedInPerson(watcher);
  await dismissOnboarding(visitor);
  for (const p of [pageA, pageB]) await apiPost(p, '/api/play/link', {}, baseURL!);

  // Friends: an invitation sent and received, then a friend, and a chat window with a message.
  const friendsA = pageA.getByRole('dialog', { name: /friends/i });
  await visit(pageA, '/?friendslist', friendsA);
  await friendsA.getByLabel('Username').fill(userB.username);
  await friendsA.getByRole('button', { name: 'Send Invite' }).click();
  await expect(friendsA.getByRole('button', { name: 'Cancel Invite' })).toBeVisible();
  await audit.check(pageA, 'friends, invitation sent');
  const friendsB = pageB.getByRole('dialog', { name: /friends/i });
  await visit(pageB, '/?friendslist', friendsB);
  await expect(friendsB.getByRole('button', { name: 'Accept Invite' })).toBeVisible();
  await audit.check(pageB, 'friends, invitation received');
  await friendsB.getByRole('button', { name: 'Accept Invite' }).click();
  await expect(friendsB.getByRole('link', { name: 'Challenge' })).toBeVisible();
  await audit.check(pageB, 'friends, a friend');
  await friendsA.getByRole('button', { name: userB.username, exact: true }).click();
  const chatA = pageA.getByRole('region', { name: `Chat with ${userB.username}` });
  await chatA.getByLabel('New Message').fill('hello there');
  await chatA.getByLabel('New Message').press('Enter');
  await expect(chatA.getByText('hello there')).toBeVisible();
  await audit.check(pageA, 'chat window');
  await visit(pageB, '/?showmessagespopup', pageB.getByText('hello there').first());
  await audit.check(pageB, 'messages popup with a message');

  // Matchmaking: both search the same game; matched, each accepts.
  await findMatch(pageA, 'Rapid 10+0', '100 RushCoins');
  await findMatch(pageB, 'Rapid 10+0', '100 RushCoins');
  await expect(pageA.getByText(userB.username).first()).toBeVisible();
  await expect(pageA.getByRole('button', { name: 'Accept' })).toBeVisible();
  await audit.check(pageA, 'match found');
  for (const p of [pageA, pageB]) await p.getByRole('button', { name: 'Accept' }).click();
  for (const p of [pageA, pageB]) await expect(p.getByRole('group', { name: 'Chess board' })).toBeVisible();
  const [white, black] = (await boardColor(pageA)) === 'white' ? [pageA, pageB] : [pageB, pageA];
  await audit.check(white, 'game, first move');
  await audit.targets(white, 'game controls', boardControls(white));
  // P on a square reads the whole position through the board's live region.
  await white.getByRole('button', { name: 'e2 white pawn' }).focus();
  await white.keyboard.press('p');
  await expect(white.getByTestId('board-announcer')).toHaveText(/^White: King e1, Queen d1, .* Black: King e8, /);
  await expect(white.getByRole('button', { name: 'e2 white pawn' })).toBeFocused();

  await clickMove(white, 'e2', 'e4');
  await expect(black.getByRole('button', { name: 'e4 white pawn' })).toBeVisible();
  await typeMove(black, 'e5');
  await expect(white.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'Resign' })).toBeVisible();
  await audit.check(white, 'game, after two plies');
  await audit.targets(white, 'game controls after two plies', boardControls(white));
  await white.getByRole('button', { name: 'Offer draw' }).click();
  const drawOffer = black.getByRole('dialog', { name: /draw/i });
  await expect(drawOffer).toBeVisible();
  await audit.check(black, 'game, draw offered');
  await drawOffer.getByRole('button', { name: /Decline/ }).click();
  await black.getByRole('button', { name: 'Report opponent' }).click();
  await expect(black.getByRole('dialog', { name: 'Report opponent' })).toBeVisible();
  await audit.check(black, 'report opponent');
  await black.keyboard.press('Escape');
  await expect(black.getByRole('dialog', { name: 'Report opponent' })).toHaveCount(0);

  // Spectators: a visitor, a player with the chat; the landing lists the ongoing game.
  const gameId = await currentGameId(white);
  await visit(visitor, `/tv/${gameId}`, visitor.getByRole('group', { name: 'Chess board' }));
  await audit.check(visitor, 'spectating, visitor');
  await visit(watcher, '/', watcher.getByRole('link', { name: /Watch/ }).first());
  await audit.check(watcher, 'landing with an ongoing game');
  await visit(watcher, `/tv/${gameId}`, watcher.getByRole('group', { name: 'Chess board' }));
  const chat = watcher.getByRole('region', { name: 'Spectator chat' });
  await chat.getByLabel('Message').fill('good luck');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByRole('log')).toContainText('good luck');
  await audit.check(watcher, 'spectating, player with chat');

  await white.getByRole('button', { name: 'Resign' }).click();
  const confirm = white.getByRole('dialog', { name: 'Resign' });
  await expect(confirm).toBeVisible();
  await audit.check(white, 'game, confirm resign');
  await confirm.getByRole('button', { name: 'Resign' }).click();
  await expect(black.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible();
  await expect(white.getByRole('dialog', { name: 'Unlucky' })).toBeVisible();
  await expect(watcher.getByRole('dialog', { name: 'GAME ENDED' })).toBeVisible();
  await audit.check(black, 'game over, winner');
  await audit.check(watcher, 'spectating, game ended');
  await watcher.getByRole('dialog', { name: 'GAME ENDED' }).getByRole('button', { name: 'Close' }).click();
  await audit.targets(watcher, 'replay controls', boardControls(watcher));
  // Done clears the finished match on the server, then opens /start: leaving before that aborted it.
  await black.getByRole('dialog', { name: 'CONGRATS' }).getByRole('button', { name: 'Done' }).click();
  await expect(black).toHaveURL(/\/start/);
  await visit(black, '/?history', black.getByRole('dialog', { name: 'History' }).getByRole('row').nth(1));
  await audit.check(black, 'history with a game');

  // A friendly game invitation waiting on the other player's screen.
  await apiPost(
    white,
    '/api/play/invitations',
    { username: black === pageA ? userA.username : userB.username, mode: 'wmgt_000001' },
    baseURL!,
  );
  const invitation = black.getByRole('region', { name: 'Game invitation' });
  await visit(black, '/about', invitation);
  await audit.check(black, 'game invitation card');
  await invitation.getByRole('button', { name: 'Decline' }).click();
  // The card goes once the server has the decline; black's next page load would abort it.
  await expect(invitation).toHaveCount(0);

  // A challenge from the winner: the incoming challenge card, declined, and what the challenger is told.
  const [winnerName, loserName] = black === pageA ? [userA.username, userB.username] : [userB.username, userA.username];
  await white.getByRole('dialog', { name: 'Unlucky' }).getByRole('button', { name: 'Done' }).click();
  await expect(white).toHaveURL(/\/start/);
  const loserUid = ((await (await white.request.get('/api/session')).json()) as { user: { uid: string } }).user.uid;
  await visit(white, '/about');
  await visit(black, `/start?challengeid=${loserUid}&step=1`);
  await expect(black.getByRole('heading', { level: 1 })).toHaveText(`Challenging ${loserName}`);
  await choose(black, 'Rapid 10+0');
  await black.getByRole('button', { name: 'Next' }).click();
  await black.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'RushCoins' }).click();
  await choose(black, '100 RushCoins');
  await black.getByRole('button', { name: 'Next' }).click();
  await black.getByRole('button', { name: 'Play Now' }).click();
  const challenge = white.getByRole('region').filter({ hasText: winnerName }).filter({ hasText: 'RushCoins' });
  await expect(challenge.getByRole('button', { name: 'Decline' })).toBeVisible();
  await audit.check(white, 'incoming challenge card');
  await challenge.getByRole('button', { name: 'Decline' }).click();
  await expect(black.getByText('Opponent declined the challenge')).toBeVisible();
  await audit.check(black, 'challenge declined');

  for (const context of contexts) await context.close();
  expectClean(audit);
});

test('puzzles: casual, solo puzzle rush, battle lobby, waiting room, battle game and results', async ({
  browser,
  baseURL,
}) => {
  const audit = new A11yAudit();
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [owner, guest] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  for (const p of [owner, guest]) {
    await dismissOnboarding(p);
    await signedInPerson(p);
    await apiPost(p, '/api/play/link', {}, baseURL!);
  }
  await waitForCatalogue(owner);

  // Casual: the first move, a wrong move, solved.
  const isNext = (r: { url(): string; request(): { method(): string } }) =>
    r.url().includes('/api/puzzles/next') && r.request().method() === 'GET';
  const first = owner.waitForResponse(isNext);
  await owner.goto('/puzzle-game/casual');
  const p = puzzleById(await puzzleIdOf(await first));
  await waitForMove(owner, p, 0);
  await audit.check(owner, 'casual, your move');
  await audit.targets(owner, 'casual controls', boardControls(owner));
  await clickUci(owner, wrongFirstMove(p));
  await expect(owner.getByRole('button', { name: 'Try something else' })).toBeVisible();
  await audit.check(owner, 'casual, wrong move');
  await owner.getByRole('button', { name: 'Try something else' }).click();
  await playSolution(owner, p);
  await expect(owner.getByRole('button', { name: 'Next' })).toBeVisible();
  await audit.check(owner, 'casual, solved');
  await owner.getByRole('button', { name: 'Finish' }).click();

  // Solo puzzle rush: running, then its result.
  const run = owner.waitForResponse((r) => r.url().endsWith('/api/puzzles/solo') && r.request().method() === 'POST');
  await owner.goto('/puzzle-game/solo-rush');
  const q = puzzleById(await puzzleIdOf(await run));
  await playSolution(owner, q);
  await audit.check(owner, 'solo rush, running');
  await audit.targets(owner, 'solo rush controls', boardControls(owner));
  await owner.getByRole('button', { name: 'Finish' }).click();
  const result = owner.getByRole('dialog', { name: 'Puzzle Rush over' });
  await expect(result).toBeVisible();
  await audit.check(owner, 'solo rush, result');
  await result.getByRole('button', { name: 'Close' }).click();

  // Battle: the lobby list, the settings, the private-lobby modal, the waiting room, the game.
  await visit(owner, '/puzzle-game/battle');
  await audit.check(owner, 'battle lobby list');
  await visit(owner, '/puzzle-game/battle?battleStep=2');
  await audit.check(owner, 'battle settings');
  await owner.getByRole('radio', { name: 'Private' }).check();
  await owner.getByRole('group', { name: 'Stakes currency' }).getByRole('button', { name: 'RushCoins' }).click();
  await owner.getByRole('radio', { name: /^50\b/ }).check();
  await owner.getByRole('button', { name: 'Create' }).click();
  const code = (await owner.locator('.lobby-code-value').textContent())!.trim();
  await audit.check(owner, 'battle waiting room, owner alone');

  await visit(guest, '/puzzle-game/battle');
  await guest.getByRole('link', { name: 'Join private lobby' }).click();
  await expect(guest.getByLabel('Lobby code')).toBeVisible();
  await audit.check(guest, 'private lobby modal');
  await guest.getByLabel('Lobby code').fill(code);
  await guest.getByRole('dialog').getByRole('button', { name: 'Join' }).click();
  await expect(guest.getByRole('button', { name: 'Leave the Lobby' })).toBeVisible();
  await audit.check(guest, 'battle waiting room, guest');
  await expect(owner.getByRole('button', { name: 'Start' })).toBeEnabled();
  await audit.check(owner, 'battle waiting room, owner with a guest');

  const ownerPuzzle = owner.waitForResponse((r) => /\/api\/puzzles\/lobbies\/[^/]+\/puzzle$/.test(r.url()));
  await owner.getByRole('button', { name: 'Start' }).click();
  const b = puzzleById(await puzzleIdOf(await ownerPuzzle));
  await waitForMove(owner, b, 0);
  await waitForBattleStart(owner);
  await audit.check(owner, 'battle game');
  await audit.targets(owner, 'battle controls', boardControls(owner));
  await playSolution(owner, b);
  await guest.getByRole('button', { name: 'Forfeit' }).click();
  await expect(guest.getByRole('dialog', { name: 'Forfeit' })).toBeVisible();
  await audit.check(guest, 'battle, confirm forfeit');
  await guest.getByRole('dialog', { name: 'Forfeit' }).getByRole('button', { name: 'Forfeit' }).click();
  await owner.getByRole('button', { name: 'Leave game early' }).click();
  await expect(owner.getByText('1st').first()).toBeVisible();
  await audit.check(owner, 'battle results');

  for (const context of contexts) await context.close();
  expectClean(audit);
});

test('admin: the console and the archived reports', async ({ browser, baseURL }) => {
  const audit = new A11yAudit();
  const admin = await adminPage(browser, baseURL!);
  await visit(admin, '/admin');
  const links = admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');
  const titles = await links.allTextContents();
  expect(titles.length).toBeGreaterThan(5);
  for (const title of titles) {
    const link = links.getByText(title, { exact: true });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(admin.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
    await audit.check(admin, `admin: ${title}`);
  }
  await visit(admin, '/report');
  await audit.check(admin, 'archived reports');
  await admin.context().close();
  expectClean(audit);
});
