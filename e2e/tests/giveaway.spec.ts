import { expect, test, type Page } from '../support/test.ts';
import { adminApi, adminPage } from '../support/admin.ts';
import { apiPost, boardColor, boardReady } from '../support/play.ts';
import { contextWithLocation, verifiedPerson } from '../support/wallet.ts';
import { choose } from '../support/wizard.ts';

test.describe.configure({ timeout: 150_000 });

async function uidOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/session');
  return ((await res.json()) as { user: { uid: string } }).user.uid;
}

/** The USD balance shown in the header ("15.00"). */
async function usdBalance(page: Page): Promise<string> {
  return ((await page.getByRole('group', { name: 'USD balance' }).textContent()) ?? '').replace(/[^\d.,]/g, '');
}

async function move(page: Page, san: string): Promise<void> {
  await boardReady(page);
  await page.getByLabel('Enter move').fill(san);
  await page.getByLabel('Enter move').press('Enter');
}

test("a content creator's giveaway: Choose Friend, the friend with no USD accepts, wins the prize minus the fee", async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const contexts = await Promise.all([contextWithLocation(browser), contextWithLocation(browser)]);
  const [creatorPage, friendPage] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  const creator = await verifiedPerson(creatorPage, baseURL!);
  const friend = await verifiedPerson(friendPage, baseURL!);
  await apiPost(creatorPage, '/api/play/link', {}, baseURL!);
  await apiPost(friendPage, '/api/play/link', {}, baseURL!);
  const [creatorUid, friendUid] = [await uidOf(creatorPage), await uidOf(friendPage)];

  // An admin makes the creator a contentCreator with $20; the friend's wallet has had $1 and is
  // back at $0 (a wallet to receive the prize, nothing to stake).
  await adminApi(admin, 'put', `/api/admin/users/${creatorUid}/verified-level`, baseURL!, { level: 'contentCreator' });
  const money = (uid: string, kind: 'deposit' | 'withdraw', amount: number) =>
    adminApi(
      admin,
      'post',
      `/api/admin/users/${uid}/${kind}`,
      baseURL!,
      { amount },
      { 'idempotency-key': `e2e-gw-${kind}-${uid}` },
    );
  await money(creatorUid, 'deposit', 2000);
  await money(friendUid, 'deposit', 100);
  await money(friendUid, 'withdraw', 100);

  // Friends through the API (the friends list's own journey is social.spec.ts).
  await apiPost(creatorPage, '/api/friends/invite', { username: friend.username }, baseURL!);
  await apiPost(friendPage, `/api/friends/${creatorUid}/accept`, {}, baseURL!);

  // The creator: /start?giveaway, a USD $10 prize, then Choose Friend opens the friends list.
  await creatorPage.goto('/start?giveaway');
  await choose(creatorPage, 'Blitz 5+0');
  await creatorPage.getByRole('button', { name: 'Next' }).click();
  await creatorPage.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'USD' }).click();
  await choose(creatorPage, 'USD $10');
  await creatorPage.getByRole('button', { name: 'Next' }).click();
  await expect(
    creatorPage.getByText('Giveaway: you fund the prize alone; your opponent stakes nothing.'),
  ).toBeVisible();
  await creatorPage.getByRole('link', { name: 'Choose Friend' }).click();
  const friends = creatorPage.getByRole('dialog', { name: /friends/i });
  await friends.getByRole('link', { name: 'Challenge' }).click();
  await expect(creatorPage).toHaveURL(/giveaway/);
  await expect(creatorPage.getByRole('heading', { level: 1 })).toHaveText(`Challenging ${friend.username}`);
  await creatorPage.getByRole('button', { name: 'Next' }).click();
  await creatorPage.getByRole('button', { name: 'Next' }).click();
  await creatorPage.getByRole('button', { name: 'Play Now' }).click();
  await expect(creatorPage.getByText(/Waiting for them to accept/)).toBeVisible();

  // The friend's card: the amount is a prize they do not pay.
  await friendPage.goto('/about');
  const card = friendPage.getByRole('region', { name: 'Challenge' });
  await expect(card).toContainText(creator.username);
  await expect(card).toContainText('Prize');
  await expect(card).toContainText('USD $10');
  await expect(card).toContainText('Giveaway: you stake nothing');
  await expect.poll(() => usdBalance(friendPage)).toBe('0.00');
  await card.getByRole('button', { name: 'Accept' }).click();

  // Only the creator's $10 went into escrow; the game screen says whose prize it is.
  for (const page of [creatorPage, friendPage]) {
    await expect(page).toHaveURL(/\/match$/);
    await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible();
    // The prize pool is the creator's stake alone, and says whose money it is.
    const pool = page.getByRole('region', { name: 'Prize pool' });
    await expect(pool).toContainText(`Giveaway: ${creator.username} funds the prize`);
    await expect(pool.getByTestId('prize-pool')).toContainText('10.00');
  }
  await expect.poll(() => usdBalance(creatorPage)).toBe('10.00');
  await expect.poll(() => usdBalance(friendPage)).toBe('0.00');

  const [white, black] =
    (await boardColor(creatorPage)) === 'white' ? [creatorPage, friendPage] : [friendPage, creatorPage];
  await move(white, 'e4');
  // Black moves once white's move is on its board: before, the page refuses it as not its turn.
  await expect(black.getByRole('button', { name: 'e4 white pawn' })).toBeVisible();
  await move(black, 'e5');
  await expect(creatorPage.getByRole('button', { name: 'Resign' })).toBeVisible();
  await creatorPage.getByRole('button', { name: 'Resign' }).click();
  await creatorPage.getByRole('dialog', { name: 'Resign' }).getByRole('button', { name: 'Resign' }).click();

  // The friend wins the $10 prize minus the 10% fee; the creator is down the prize.
  await expect(friendPage.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible();
  await expect.poll(() => usdBalance(friendPage)).toBe('9.00');
  await expect.poll(() => usdBalance(creatorPage)).toBe('10.00');
  // A giveaway has no rematch.
  const popup = friendPage.getByRole('dialog', { name: 'CONGRATS' });
  await expect(popup.getByRole('button', { name: 'Done' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Rematch' })).toHaveCount(0);
});
