import { expect, type Page } from '@playwright/test';
import { escrowOfGame, openAndLocateSocket, socketsPerInstance, test, waitForSockets } from '../support/cluster.ts';
import { apiPost, boardColor, clockSeconds, typeMove } from '../support/play.ts';
import { newUser } from '../support/users.ts';
import { verifiedUser } from '../support/wallet.ts';

/**
 * Issue 18: the product as it is deployed, several instances behind HAProxy (deploy/cluster),
 * driven through the load balancer by two browsers whose sockets sit on different instances.
 */

const RAPID = 'wmgt_000003';
const RAPID_SECONDS = 600;

async function uidOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/session');
  return ((await res.json()) as { user: { uid: string } }).user.uid;
}

async function currentGameIdOrNull(page: Page): Promise<string | null> {
  const res = await page.request.get('/api/play/current');
  if (!res.ok()) return null;
  return ((await res.json()) as { game: { id: string } | null }).game?.id ?? null;
}

/** The mover types a move; both boards then show the piece on its square. */
async function move(mover: Page, other: Page, text: string, square: string, piece: string): Promise<void> {
  await typeMove(mover, text);
  for (const page of [mover, other]) {
    await expect(page.getByRole('button', { name: `${square} ${piece}` })).toBeVisible({ timeout: 30_000 });
  }
}

/** Both clocks, as each page shows them. */
async function clocks(page: Page): Promise<{ white: number; black: number }> {
  return { white: await clockSeconds(page, 'White'), black: await clockSeconds(page, 'Black') };
}

test('two players on different instances play a wagered game while the instance of one is killed; it finishes and settles once', async ({
  browser,
  cluster: c,
}) => {
  test.setTimeout(300_000);
  const url = c.url;
  const contexts = await Promise.all([browser.newContext({ baseURL: url }), browser.newContext({ baseURL: url })]);
  const [pageA, pageB] = (await Promise.all(contexts.map((ctx) => ctx.newPage()))) as [Page, Page];
  const [userA, userB] = [newUser(), newUser()];

  // Two verified players with a wallet, signed up through the load balancer; linking the chess
  // account gives each 500 RushCoins.
  await verifiedUser(pageA, userA, url);
  await verifiedUser(pageB, userB, url);
  await apiPost(pageA, '/api/play/link', {}, url);
  await apiPost(pageB, '/api/play/link', {}, url);

  // A challenges B to Rapid 10+0 for 50 RushCoins; B accepts: both stakes go to escrow.
  const [uidA, uidB] = [await uidOf(pageA), await uidOf(pageB)];
  const challenge = await apiPost<{ id: string }>(
    pageA,
    '/api/challenges',
    { uid: uidB, gameType: RAPID, c: 'wbx', bet: 50 },
    url,
  );
  await apiPost(pageB, `/api/challenges/${challenge.id}/accept`, {}, url);
  await expect.poll(() => currentGameIdOrNull(pageA), { timeout: 20_000 }).not.toBeNull();
  const gameId = (await currentGameIdOrNull(pageA))!;
  expect(await currentGameIdOrNull(pageB)).toBe(gameId);

  // Both open the game and play 1. e4 e5 at once: each side has 30 s for its first move.
  const gameStarted = Date.now();
  await Promise.all([pageA.goto('/match'), pageB.goto('/match')]);
  for (const page of [pageA, pageB]) await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
  const aIsWhite = (await boardColor(pageA)) === 'white';
  const [white, black] = aIsWhite ? [pageA, pageB] : [pageB, pageA];
  expect(await boardColor(black)).toBe('black');
  await move(white, black, 'e4', 'e4', 'white pawn');
  await move(black, white, 'e5', 'e5', 'black pawn');
  for (const page of [pageA, pageB]) {
    await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('450.00');
  }

  // Where each socket is: with B's page gone, A's is the one left; B comes back until its socket
  // lands on another instance (leastconn spreads them, so at once as a rule).
  await waitForSockets(c, 2);
  await pageB.goto('about:blank');
  const instanceA = (await waitForSockets(c, 1)).findIndex((n) => n === 1);
  let instanceB = await openAndLocateSocket(c, pageB, '/match', 1);
  for (let tries = 1; instanceB === instanceA; tries++) {
    expect(tries, 'B kept landing on the instance of A').toBeLessThan(8);
    await pageB.goto('about:blank');
    instanceB = await openAndLocateSocket(c, pageB, '/match', 1);
  }
  await expect(pageB.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  const [whiteInstance, blackInstance] = aIsWhite ? [instanceA, instanceB] : [instanceB, instanceA];

  // 2. Bc4 Nc6, each through the instance of its player.
  await move(white, black, 'Bc4', 'c4', 'white bishop');
  await move(black, white, 'Nc6', 'c6', 'black knight');

  // White's instance dies (SIGKILL) with white to move. White moves at once, while its socket
  // is down or coming back: the move waits for the new connection (through the load balancer,
  // to another instance) and arrives exactly once. The page itself is not reloaded: its
  // realtime client opens a new socket on its own.
  const sockets: { closed: boolean }[] = [];
  white.on('websocket', (ws) => {
    const entry = { closed: false };
    sockets.push(entry);
    ws.on('close', () => (entry.closed = true));
  });
  await white.evaluate(() => ((window as unknown as { notReloaded?: boolean }).notReloaded = true));
  await c.kill(whiteInstance);
  expect(c.instances[whiteInstance]!.running).toBe(false);
  await move(white, black, 'Qh5', 'h5', 'white queen');
  const counts = await waitForSockets(c, 2, 30_000);
  expect(counts[whiteInstance], 'the killed instance answers nothing').toBeNull();
  expect(counts[blackInstance], "black's socket stayed where it was").toBeGreaterThanOrEqual(1);
  await expect(white.getByRole('status').filter({ hasText: 'Reconnecting' })).toHaveCount(0);
  expect(sockets.length, 'white opened a new socket').toBeGreaterThanOrEqual(1);
  expect(sockets.at(-1)!.closed, "white's new socket is open").toBe(false);
  expect(await white.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The game goes on through the surviving instances, with sane clocks on both pages.
  await move(black, white, 'Nf6', 'f6', 'black knight');
  const elapsed = Math.ceil((Date.now() - gameStarted) / 1000);
  for (const page of [white, black]) {
    const shown = await clocks(page);
    for (const seconds of [shown.white, shown.black]) {
      expect(seconds).toBeLessThanOrEqual(RAPID_SECONDS);
      expect(seconds).toBeGreaterThanOrEqual(RAPID_SECONDS - elapsed - 2);
    }
  }
  // Black's clock stopped with its move: both pages show the same figure, and it stays put.
  await expect
    .poll(async () => Math.abs((await clockSeconds(white, 'Black')) - (await clockSeconds(black, 'Black'))))
    .toBeLessThanOrEqual(1);
  // White's runs: it goes down on both pages.
  const whiteBefore = await clockSeconds(black, 'White');
  await expect.poll(() => clockSeconds(black, 'White'), { timeout: 10_000 }).toBeLessThan(whiteBefore);
  await expect.poll(() => clockSeconds(white, 'White'), { timeout: 10_000 }).toBeLessThan(whiteBefore);

  // 4. Qxf7#: white wins, both pages show the result.
  await move(white, black, 'Qxf7#', 'f7', 'white queen');
  await expect(white.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible({ timeout: 30_000 });
  await expect(black.getByRole('dialog', { name: 'Unlucky' })).toBeVisible({ timeout: 30_000 });
  await expect(black.getByRole('dialog', { name: 'Unlucky' })).toContainText('Checkmate');

  // Settled once: in the ledger, one stake movement and one settlement of the game's escrow, no
  // refund; the pot less the 10% fee went to the winner once, the escrow is empty and the
  // RushCoin books balance.
  const [winnerUid, loserUid] = aIsWhite ? [uidA, uidB] : [uidB, uidA];
  await expect
    .poll(async () => (await escrowOfGame(c, gameId)).movements, { timeout: 30_000 })
    .toEqual({ stake: 1, settle: 1 });
  const escrow = await escrowOfGame(c, gameId);
  const escrowAccount = `escrow:${escrow.ref}:wbx`;
  const stakes = escrow.transfers.filter((t) => t.kind === 'stake');
  expect(stakes.map((t) => [t.from, t.to]).sort()).toEqual(
    [
      [`user:${winnerUid}:wbx`, escrowAccount],
      [`user:${loserUid}:wbx`, escrowAccount],
    ].sort(),
  );
  expect(stakes[0]!.amount).toBe(stakes[1]!.amount);
  const pot = stakes[0]!.amount + stakes[1]!.amount;
  const fee = pot / 10n;
  expect(escrow.transfers.filter((t) => t.kind === 'settle')).toEqual([
    { kind: 'settle', from: escrowAccount, to: 'system:fee:wbx', amount: fee },
    { kind: 'settle', from: escrowAccount, to: `user:${winnerUid}:wbx`, amount: pot - fee },
  ]);
  expect(escrow.escrowBalance).toBe(0n);
  expect(escrow.rushCoinSum).toBe(0n);

  // And in each wallet: the winner's history holds one payout of 90.00, the loser's none.
  const [winnerPage, loserPage] = [white, black];
  await winnerPage.goto('/wallet');
  const payouts = winnerPage.getByRole('row').filter({ hasText: 'payout' });
  await expect(payouts).toHaveCount(1);
  await expect(payouts).toContainText('90.00');
  await loserPage.goto('/wallet');
  await expect(loserPage.getByRole('row').filter({ hasText: 'stake' }).first()).toContainText('50.00');
  await expect(loserPage.getByRole('row').filter({ hasText: 'payout' })).toHaveCount(0);

  // The killed instance comes back and the cluster is whole again.
  await c.startInstance(whiteInstance);
  await expect.poll(async () => (await socketsPerInstance(c)).every((n) => n !== null)).toBe(true);

  for (const ctx of contexts) await ctx.close();
});
