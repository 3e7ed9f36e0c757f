import { expect, type Page } from '@playwright/test';
import { honouringRetryAfter } from './retry-after.ts';

/** Helpers for the live-game journeys (play.spec.ts). */

/**
 * Links the chess account from Account Settings, General: linking lands on /start with its
 * message (issue 15); checks the 500 RC reward landed and the link shows for good in Settings.
 */
export async function linkChessAccount(page: Page, username: string): Promise<void> {
  await page.goto('/?settings');
  await page.getByRole('dialog', { name: 'Account Settings' }).getByRole('button', { name: 'Link account' }).click();
  await expect(page).toHaveURL(/\/start/);
  await expect(page.getByText('Your chess account is linked.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('500.00');
  await page.goto('/?settings');
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await expect(settings.getByTestId('chess-account-name')).toHaveText(username);
  await expect(settings.getByRole('button', { name: 'Link account' })).toBeDisabled();
  await settings.getByRole('button', { name: 'Close' }).click();
}

/** The colour this page plays, read from the board's orientation (a8 top left: white). */
export async function boardColor(page: Page): Promise<'white' | 'black'> {
  const first = page.getByRole('group', { name: 'Chess board' }).getByRole('button').first();
  const label = await first.getAttribute('aria-label');
  return label?.startsWith('a8') ? 'white' : 'black';
}

/** A move by clicking the piece and then its destination square (both named like "f2 white pawn"). */
export async function clickMove(page: Page, from: string, to: string): Promise<void> {
  const board = page.getByRole('group', { name: 'Chess board' });
  await boardReady(page);
  await board.getByRole('button', { name: new RegExp(`^${from} `) }).click();
  await board.getByRole('button', { name: new RegExp(`^${to} `) }).click();
}

/** The game board takes moves once its rules have loaded (it is `aria-busy` until then). */
export async function boardReady(page: Page): Promise<void> {
  await expect(page.getByRole('group', { name: 'Chess board' })).not.toHaveAttribute('aria-busy', 'true');
}

/** A move typed in the "Enter move" box (SAN or UCI). */
export async function typeMove(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Enter move');
  await input.fill(text);
  await input.press('Enter');
}

/** Seconds shown by a clock ("2:58" is 178). */
export async function clockSeconds(page: Page, color: 'White' | 'Black'): Promise<number> {
  const text = (await page.getByRole('timer', { name: `${color} clock` }).textContent()) ?? '';
  const match = /^(\d+):(\d\d)$/.exec(text.trim());
  if (!match) throw new Error(`unreadable clock "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The id of the page user's current game (GET current game with the page's cookies). */
export async function currentGameId(page: Page): Promise<string> {
  const res = await page.request.get('/api/play/current');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { game: { id: string } | null };
  if (!body.game) throw new Error('no current game');
  return body.game.id;
}

/** A POST to the API with the page's cookies and the CSRF header (as the web client sends it). */
export async function apiPost<T>(page: Page, path: string, data: unknown, baseURL: string): Promise<T> {
  await page.request.get('/api/session');
  const state = await page.request.storageState();
  const csrf = state.cookies.find((c) => c.name === 'csrf')?.value ?? '';
  const res = await honouringRetryAfter(() =>
    page.request.post(path, { headers: { 'x-csrf-token': csrf, origin: baseURL }, data }),
  );
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** Two signed-in, linked users with a friendly game between them, set up through the API. */
export async function startGameViaApi(
  inviter: Page,
  invitee: Page,
  inviteeUsername: string,
  baseURL: string,
  mode = 'wmgt_000003',
): Promise<string> {
  await apiPost(inviter, '/api/play/link', {}, baseURL);
  await apiPost(invitee, '/api/play/link', {}, baseURL);
  const invitation = await apiPost<{ id: string }>(
    inviter,
    '/api/play/invitations',
    { username: inviteeUsername, mode },
    baseURL,
  );
  const { gameId } = await apiPost<{ gameId: string }>(
    invitee,
    `/api/play/invitations/${invitation.id}/accept`,
    {},
    baseURL,
  );
  return gameId;
}
