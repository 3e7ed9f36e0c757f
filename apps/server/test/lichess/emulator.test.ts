import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { authorizationUrl, newPkceRequest, readCallback, startBotGame } from '../../src/modules/lichess/index.ts';
import type { LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { setup } from './support.ts';

let emu: LichessEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('Lichess emulator', () => {
  it('approval page: Authorize redirects back with a code, Cancel with access_denied', async () => {
    const s = await setup({ approval: 'page' });
    emu = s.emu;
    emu.addUser('Bobby');
    emu.setNextLogin('Bobby');
    const pkce = newPkceRequest();
    const redirectUri = 'http://127.0.0.1:3000/callbacklichess';
    const page = await fetch(
      authorizationUrl({ baseUrl: emu.url, clientId: 'x', redirectUri, challenge: pkce.challenge, state: pkce.state }),
    );
    const html = await page.text();
    expect(html).toContain('Signed in as <b>bobby</b>');
    expect(html).toContain('scopes: board:play challenge:write</p>');
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields.set(m[1]!, m[2]!);
    const post = (decision: string) =>
      fetch(`${emu!.url}/oauth/approve`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${fields.toString()}&decision=${decision}`,
      });
    const ok = await post('approve');
    const back = Object.fromEntries(new URL(ok.headers.get('location')!).searchParams);
    const cb = readCallback(pkce.state, back);
    expect(cb.ok).toBe(true);
    if (cb.ok) {
      const { accessToken } = await s.client.exchangeCode({
        clientId: 'x',
        redirectUri,
        code: cb.code,
        verifier: pkce.verifier,
      });
      expect((await s.client.account(accessToken)).id).toBe('bobby');
    }
    const no = await post('cancel');
    expect(
      readCallback(pkce.state, Object.fromEntries(new URL(no.headers.get('location')!).searchParams)),
    ).toMatchObject({
      reason: 'denied',
    });
  });

  it('a token with board:play only plays everything; one without it is refused (403)', async () => {
    const s = await setup();
    emu = s.emu;
    emu.addUser('Bobby');
    const board = emu.issueToken('Bobby', ['board:play']);
    const bot = await startBotGame(s.client, board, { level: 1, color: 'white' });
    expect(bot.opponent).toBe('maia1');
    await s.client.move(board, bot.gameId, 'e2e4');
    const readOnly = emu.issueToken('Bobby', ['email:read']);
    expect((await s.client.account(readOnly)).id).toBe('bobby');
    await expect(s.client.move(readOnly, bot.gameId, 'd2d4')).rejects.toMatchObject({ httpStatus: 403 });
    await expect(
      s.client.challengeAi(readOnly, { level: 1, clockLimitSec: 600, clockIncrementSec: 0 }),
    ).rejects.toMatchObject({
      httpStatus: 403,
    });
  });

  it('refuses authorization requests without S256 PKCE', async () => {
    const s = await setup();
    emu = s.emu;
    const url = new URL(
      authorizationUrl({
        baseUrl: emu.url,
        clientId: 'x',
        redirectUri: 'http://127.0.0.1:3000/cb',
        challenge: newPkceRequest().challenge,
        state: 's',
      }),
    );
    url.searchParams.set('code_challenge_method', 'plain');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
    url.searchParams.delete('code_challenge_method');
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(400);
  });

  it('falls back to the AI when maia1 does not answer in time', async () => {
    const s = await setup({ botDelayMs: 2_000 });
    emu = s.emu;
    emu.addUser('Bobby');
    const token = emu.issueToken('Bobby');
    const game = await startBotGame(s.client, token, { level: 1, color: 'white', waitMs: 100 });
    expect(game.opponent).toBe('ai');
    // Also when the wait ends before Lichess even answered the challenge request.
    emu.faults.slow(300);
    expect((await startBotGame(s.client, token, { level: 1, color: 'black', waitMs: 100 })).opponent).toBe('ai');
  });

  it('runs as its own process and prints its URL (for e2e)', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/support/lichess-emulator/cli.ts', '--users', 'Bobby:1720,Carl:1400:prov'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (b: Buffer) => resolve(b.toString().trim().split('\n')[0]!));
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const r = await fetch(`${url}/_emulator/login`, { method: 'POST', body: JSON.stringify({ username: 'Carl' }) });
      expect(r.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
