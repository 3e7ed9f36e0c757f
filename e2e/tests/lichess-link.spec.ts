import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '../support/test.ts';
import { startAppProcess, type AppProcess } from '../support/app-process.ts';
import { E2E } from '../support/ports.ts';
import { boardColor, clickMove, typeMove } from '../support/play.ts';
import type { Person } from '../support/people/claim.ts';
import { dismissOnboarding, signedInPerson } from '../support/users.ts';
import { findMatch, rcBalance } from '../support/wizard.ts';

/**
 * Issue 15: with CHESS_PLATFORM=lichess, players link their Lichess account through Lichess's
 * authorisation page (the emulator's, with Authorize and Cancel) and land on /start; a Lichess
 * account is linked to one account only; two linked players find each other, play to mate on
 * Lichess through the app while a visitor watches, and are paid. This spec runs its own instance next to the emulator
 * started as its own process (apps/server/test/support/lichess-emulator/cli.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const APP_PORT = E2E.appPort + 3;
const EMULATOR_PORT = E2E.appPort + 4;

const TEXTS = {
  linked: 'Your chess account is linked. 500 RC have been added to your balance.',
  taken: 'This Lichess account is already linked to another account and cannot be linked again.',
  denied: 'The authorisation was cancelled on Lichess. Your chess account is not linked.',
};

let app: AppProcess;
let emulator: ChildProcess;
let emulatorUrl: string;

// One instance and one emulator for the file, whose next sign-in is set per journey: its
// journeys run in order in one worker.
test.describe.configure({ mode: 'default' });

async function startEmulator(): Promise<string> {
  emulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/test/support/lichess-emulator/cli.ts',
      '--port',
      String(EMULATOR_PORT),
      '--approval',
      'page',
      '--users',
      'Bobby:1720,Carol:1650,Dave:1400:prov,Erin:1600,Frank:1600',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    emulator.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    emulator.once('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

/** The account the emulator's next authorisation page is signed in as. */
async function lichessLogin(username: string): Promise<void> {
  const res = await fetch(`${emulatorUrl}/_emulator/login`, { method: 'POST', body: JSON.stringify({ username }) });
  expect(res.ok).toBe(true);
}

/** A signed-in player of the journey's own on this spec's instance (its folder is the template's copy: journey-people/seed.ts). */
async function newPlayer(browser: Browser): Promise<{ page: Page; user: Person }> {
  const page = await (await browser.newContext()).newPage();
  await dismissOnboarding(page);
  return { page, user: await signedInPerson(page, 'player', app.url) };
}

/** Account Settings, Link account: the browser goes to Lichess's authorisation page. */
async function openAuthorisation(page: Page, as: string): Promise<void> {
  await lichessLogin(as);
  await page.goto(`${app.url}/?settings`);
  await page.getByRole('dialog', { name: 'Account Settings' }).getByRole('button', { name: 'Link account' }).click();
  await expect(page).toHaveURL(new RegExp(`^${emulatorUrl}/oauth\\?`));
  await expect(page.getByText(`Signed in as ${as.toLowerCase()}`)).toBeVisible();
}

async function expectLinked(page: Page, name: string): Promise<void> {
  // The wizard then writes its first step into the URL.
  await expect(page).toHaveURL(new RegExp(`^${app.url}/start(\\?|$)`));
  await expect(page.getByText(TEXTS.linked)).toBeVisible();
  await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('500.00');
  await page.goto(`${app.url}/?settings`);
  const settings = page.getByRole('dialog', { name: 'Account Settings' });
  await expect(settings.getByTestId('chess-account-name')).toHaveText(name);
  await expect(settings.getByRole('button', { name: 'Link account' })).toBeDisabled();
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  emulatorUrl = await startEmulator();
  // The operator's challenge:bulk token: matched games are created by bulk pairing.
  const operator = await fetch(`${emulatorUrl}/_emulator/tokens`, {
    method: 'POST',
    body: JSON.stringify({ username: 'RushOperator', scopes: ['challenge:bulk'] }),
  });
  const { token: bulkToken } = (await operator.json()) as { token: string };
  app = await startAppProcess(APP_PORT, {
    CHESS_PLATFORM: 'lichess',
    LICHESS_URL: emulatorUrl,
    LICHESS_TOKEN_KEY: crypto.randomBytes(32).toString('base64'),
    LICHESS_BULK_TOKEN: bulkToken,
  });
});

test.afterAll(async () => {
  await app?.stop();
  if (emulator && emulator.exitCode === null) {
    const exited = new Promise<void>((resolve) => emulator.once('exit', () => resolve()));
    emulator.kill('SIGTERM');
    await exited;
  }
});

test('two players link their Lichess accounts on the authorisation page and land on /start; one account links once', async ({
  browser,
}) => {
  const { page: a } = await newPlayer(browser);
  await openAuthorisation(a, 'Bobby');
  await a.getByRole('button', { name: 'Authorize' }).click();
  await expectLinked(a, 'Bobby');

  // Another player with the same Lichess account: refused on /callbacklichess, for good.
  const { page: b } = await newPlayer(browser);
  await openAuthorisation(b, 'Bobby');
  await b.getByRole('button', { name: 'Authorize' }).click();
  await expect(b).toHaveURL(new RegExp(`^${app.url}/callbacklichess\\?`));
  await expect(b.getByRole('alert').filter({ hasText: TEXTS.taken })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  // With an account of their own it links.
  await openAuthorisation(b, 'Carol');
  await b.getByRole('button', { name: 'Authorize' }).click();
  await expectLinked(b, 'Carol');
});

test('Cancel on Lichess says so on /callbacklichess; Try again authorises and lands on /start', async ({ browser }) => {
  const { page: c } = await newPlayer(browser);
  await openAuthorisation(c, 'Dave');
  await c.getByRole('button', { name: 'Cancel' }).click();
  await expect(c).toHaveURL(new RegExp(`^${app.url}/callbacklichess\\?`));
  await expect(c.getByRole('alert').filter({ hasText: TEXTS.denied })).toBeVisible();
  await c.getByRole('button', { name: 'Try again' }).click();
  await expect(c).toHaveURL(new RegExp(`^${emulatorUrl}/oauth\\?`));
  await c.getByRole('button', { name: 'Authorize' }).click();
  await expectLinked(c, 'Dave');
});

test('two linked players find each other, both castle and play to mate on Lichess, a visitor watches, and the RushCoins are paid once', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const players: { page: Page; name: string }[] = [];
  for (const lichessName of ['Erin', 'Frank']) {
    const { page, user } = await newPlayer(browser);
    await openAuthorisation(page, lichessName);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expectLinked(page, lichessName);
    players.push({ page, name: user.username });
  }
  const [a, b] = players as [{ page: Page; name: string }, { page: Page; name: string }];

  await findMatch(a.page, 'Blitz 5+0', '50 RushCoins', app.url);
  await findMatch(b.page, 'Blitz 5+0', '50 RushCoins', app.url);
  for (const [me, other] of [
    [a, b],
    [b, a],
  ] as const) {
    await expect(me.page.getByText(other.name).first()).toBeVisible({ timeout: 15_000 });
    await me.page.getByRole('button', { name: 'Accept' }).click();
  }
  for (const { page } of players) {
    await expect(page.getByRole('group', { name: 'Chess board' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'RC balance' })).toContainText('450.00');
  }
  const [white, black] = (await boardColor(a.page)) === 'white' ? [a.page, b.page] : [b.page, a.page];

  // The game lives on Lichess: the emulator holds it, with both linked accounts.
  const current = await white.request.get(`${app.url}/api/play/current`);
  const gameId = ((await current.json()) as { game: { id: string } }).game.id;

  // A visitor watches from another browser.
  const visitor = await (await browser.newContext()).newPage();
  await dismissOnboarding(visitor);
  await visitor.goto(`${app.url}/tv/${gameId}`);
  await expect(visitor.getByRole('group', { name: 'Chess board' })).toBeVisible();

  // Both castle, then White mates on h7: 1. e3 e5 2. Nh3 Bc5 3. Bd3 Ne7 4. O-O O-O 5. Qh5 a6
  // 6. Qxh7#, by clicks and typing; each move goes to Lichess and comes back. Lichess streams
  // the castles king-to-rook (e1h1, e8h8); the app shows and keeps them as castles (issue 31).
  await typeMove(white, 'e3');
  await expect(black.getByRole('button', { name: 'e3 white pawn' })).toBeVisible();
  await typeMove(black, 'e5');
  await expect(white.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'e5 black pawn' })).toBeVisible();
  await clickMove(white, 'g1', 'h3');
  await expect(black.getByRole('button', { name: 'h3 white knight' })).toBeVisible();
  await typeMove(black, 'Bc5');
  await expect(white.getByRole('button', { name: 'c5 black bishop' })).toBeVisible();
  await typeMove(white, 'Bd3');
  await expect(black.getByRole('button', { name: 'd3 white bishop' })).toBeVisible();
  await clickMove(black, 'g8', 'e7');
  await expect(white.getByRole('button', { name: 'e7 black knight' })).toBeVisible();
  await clickMove(white, 'e1', 'g1');
  await expect(black.getByRole('button', { name: 'g1 white king' })).toBeVisible();
  await expect(black.getByRole('button', { name: 'f1 white rook' })).toBeVisible();
  await typeMove(black, 'O-O');
  await expect(white.getByRole('button', { name: 'g8 black king' })).toBeVisible();
  await expect(white.getByRole('button', { name: 'f8 black rook' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'g8 black king' })).toBeVisible();
  await typeMove(white, 'Qh5');
  await expect(black.getByRole('button', { name: 'h5 white queen' })).toBeVisible();
  await typeMove(black, 'a6');
  await expect(white.getByRole('button', { name: 'a6 black pawn' })).toBeVisible();
  await clickMove(white, 'h5', 'h7');

  // Lichess says mate, its export confirms it, and the app pays once: the same popups and
  // amounts as on the built-in platform (450 + 90; an eleven-ply game earns no RushCoin reward,
  // issue 33).
  await expect(white.getByRole('dialog', { name: 'CONGRATS' })).toBeVisible({ timeout: 30_000 });
  await expect(black.getByRole('dialog', { name: 'Unlucky' })).toBeVisible();
  const moves = visitor.getByRole('region', { name: 'Moves' });
  await expect(moves).toContainText('Qxh7#');
  await expect(moves).toContainText('O-O');
  await expect(visitor.getByRole('button', { name: 'h7 white queen' })).toBeVisible();
  await expect.poll(() => rcBalance(white)).toBe('540.00');
  await expect.poll(() => rcBalance(black)).toBe('450.00');
  // Settled once: a reload later shows the same balances.
  await white.reload();
  await expect.poll(() => rcBalance(white)).toBe('540.00');

  // History's Analyze opens the game on Lichess, from Black's side; Lichess's own export of that
  // game shows the mate between the two linked accounts.
  await black.goto(`${app.url}/?history`);
  const analyze = black.getByRole('link', { name: /^Analyze the game against/ }).first();
  const href = (await analyze.getAttribute('href')) ?? '';
  const match = new RegExp(`^${emulatorUrl}/(\\w+)/black$`).exec(href);
  expect(match, href).not.toBeNull();
  const exported = (await (
    await fetch(`${emulatorUrl}/game/export/${match![1]}`, { headers: { accept: 'application/json' } })
  ).json()) as {
    status: string;
    winner: string;
    players: { white: { user: { id: string } }; black: { user: { id: string } } };
  };
  expect(exported.status).toBe('mate');
  expect(exported.winner).toBe('white');
  const ids = [exported.players.white.user.id, exported.players.black.user.id].sort();
  expect(ids).toEqual(['erin', 'frank']);
  // White's History opens the same page, from Black's side too (SPEC 2).
  await white.goto(`${app.url}/?history`);
  await expect(white.getByRole('link', { name: /^Analyze the game against/ }).first()).toHaveAttribute('href', href);
});
