import { expect, test, type Page } from '../support/test.ts';
import { apiPost, currentGameId, startGameViaApi } from '../support/play.ts';
import type { Person } from '../support/people/claim.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';
import { verifiedPerson } from '../support/wallet.ts';

test.describe.configure({ timeout: 120_000 });

async function signedIn(page: Page): Promise<Person> {
  await dismissOnboarding(page);
  return signedInPerson(page);
}

/** A 1x1 PNG, as a browser would upload a screenshot. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('two users befriend, chat with read receipts and typing, and one challenges the other from the friends list', async ({
  browser,
  baseURL,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  const userA = await signedIn(pageA);
  const userB = await signedIn(pageB);
  await apiPost(pageA, '/api/play/link', {}, baseURL!);
  await apiPost(pageB, '/api/play/link', {}, baseURL!);

  // A invites B by name; B sees the badge and accepts.
  await pageA.goto('/?friendslist');
  const friendsA = pageA.getByRole('dialog', { name: /friends/i });
  await friendsA.getByLabel('Username').fill(userB.username);
  await friendsA.getByRole('button', { name: 'Send Invite' }).click();
  await expect(friendsA.getByRole('button', { name: 'Cancel Invite' })).toBeVisible();

  await pageB.goto('/?friendslist');
  const friendsB = pageB.getByRole('dialog', { name: /friends/i });
  await friendsB.getByRole('button', { name: 'Accept Invite' }).click();
  await expect(friendsB.getByRole('link', { name: 'Challenge' })).toBeVisible();
  await expect(friendsA.getByRole('link', { name: 'Challenge' })).toBeVisible();

  // A opens a chat with B from the friends list; B's name opens B's chat with A.
  await friendsA.getByRole('button', { name: userB.username, exact: true }).click();
  const chatA = pageA.getByRole('region', { name: `Chat with ${userB.username}` });
  await friendsB.getByRole('button', { name: userA.username, exact: true }).click();
  const chatB = pageB.getByRole('region', { name: `Chat with ${userA.username}` });

  // Typing shows on the other side, then the message arrives, and B's open window reads it.
  await chatA.getByLabel('New Message').pressSequentially('hello there', { delay: 50 });
  await expect(chatB.getByText(`${userA.username} is typing`)).toBeVisible();
  await chatA.getByLabel('New Message').press('Enter');
  await expect(chatB.getByText('hello there')).toBeVisible();
  await expect(chatA.getByRole('img', { name: 'Read' })).toBeVisible();

  // A hostile message stays text.
  await chatB.getByLabel('New Message').fill('<img src=x onerror=alert(1)>');
  await chatB.getByLabel('New Message').press('Enter');
  await expect(chatA.getByText('<img src=x onerror=alert(1)>')).toBeVisible();
  await expect(chatA.locator('img[src="x"]')).toHaveCount(0);

  // A message that arrives with no window open (issue 19): the Messages item counts it, a
  // notice names the sender and opens the chat, and a click on a messenger entry opens it too.
  await pageB.goto('/about');
  await pageB.getByRole('button', { name: 'User menu' }).click();
  await pageB.getByRole('menuitem', { name: /^Messages/ }).click();
  const popupB = pageB.getByRole('dialog', { name: 'Messages' });
  await expect(popupB.getByRole('button', { name: new RegExp(`^${userA.username}\\s?:`) })).toBeVisible();
  await popupB.getByRole('button', { name: 'Close' }).click();
  await chatA.getByLabel('New Message').fill('are you there?');
  await chatA.getByLabel('New Message').press('Enter');
  const notice = pageB.getByRole('status').filter({ hasText: `New message from ${userA.username}` });
  await expect(notice).toBeVisible();
  await pageB.getByRole('button', { name: 'User menu' }).click();
  await expect(pageB.getByRole('menuitem', { name: /^Messages/ }).getByLabel('1 unread')).toBeVisible();
  await pageB.keyboard.press('Escape');
  await notice.getByRole('button', { name: `Open chat with ${userA.username}` }).click();
  await expect(
    pageB.getByRole('region', { name: `Chat with ${userA.username}` }).getByText('are you there?'),
  ).toBeVisible();
  await expect(notice).toHaveCount(0);
  await pageB.goto('/about?showmessagespopup');
  await pageB
    .getByRole('dialog', { name: 'Messages' })
    .getByRole('button', { name: new RegExp(`^${userA.username}\\s?:\\s?are you there\\?\\s?,`) })
    .click();
  await expect(pageB.getByRole('region', { name: `Chat with ${userA.username}` })).toBeVisible();
  await expect(pageB.getByRole('dialog', { name: 'Messages' })).toHaveCount(0);

  // Challenge from the friends list: the wizard names B; the challenge card appears for B.
  await pageA.goto('/?friendslist');
  await pageA
    .getByRole('dialog', { name: /friends/i })
    .getByRole('link', { name: 'Challenge' })
    .click();
  await expect(pageA).toHaveURL(/\/start\?challengeid=.*step=1/);
  await expect(pageA.getByRole('heading', { level: 1 })).toHaveText(`Challenging ${userB.username}`);
  await pageA.getByRole('button', { name: 'Next' }).click();
  await pageA.getByRole('group', { name: 'Currency' }).getByRole('button', { name: 'RushCoins' }).click();
  await pageA.getByRole('button', { name: 'Next' }).click();
  await pageA.getByRole('button', { name: 'Play Now' }).click();
  await pageB.goto('/about');
  const card = pageB.getByRole('region').filter({ hasText: userA.username }).filter({ hasText: 'RushCoins' });
  await expect(card.getByRole('button', { name: 'Accept' })).toBeVisible();
});

test('a player report from the game screen and a bug report with an image', async ({ browser, baseURL }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
  // Only a verified account may report, and only its opponent in the game it names.
  await verifiedPerson(pageA, baseURL!);
  const userB = await signedIn(pageB);
  await startGameViaApi(pageA, pageB, userB.username, baseURL!);

  await pageA.goto('/match');
  const gameId = await currentGameId(pageA);
  const sent = pageA.waitForRequest((r) => r.url().endsWith('/api/reports/player') && r.method() === 'POST');
  await pageA.getByRole('button', { name: 'Report opponent' }).click();
  const report = pageA.getByRole('dialog', { name: 'Report opponent' });
  await report.getByLabel('Reason').fill('Moves far too fast to be human');
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(report.getByText('Report sent')).toBeVisible();
  await expect(report.getByText('Thank you for feedback!')).toBeVisible();
  expect((await sent).postDataJSON()).toMatchObject({ gameId, text: 'Moves far too fast to be human' });
  await expect(report).toBeHidden({ timeout: 5_000 });

  // A visitor reports a bug with a screenshot from the footer link.
  const visitor = await (await browser.newContext()).newPage();
  await dismissOnboarding(visitor);
  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'Report a Bug' }).click();
  const bug = visitor.getByRole('dialog');
  await bug.getByLabel('Title').fill('Board flickers');
  await bug.getByLabel('Platform').fill('Chromium on Linux');
  await bug.getByLabel('Description').fill('The board flickers when a move is made quickly.');
  await bug.locator('input[type=file]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
  await expect(bug.getByRole('list', { name: 'Attached images' })).toContainText('shot.png');
  await bug.getByRole('button', { name: 'Send Report' }).click();
  await expect(bug.getByText('Report sent')).toBeVisible();
  await expect(bug).toBeHidden({ timeout: 6_000 });
});
