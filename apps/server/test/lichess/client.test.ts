import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/platform/clock.ts';
import type { LichessClient } from '../../src/modules/lichess/index.ts';
import {
  authorizationUrl,
  createMatchedGame,
  LICHESS_TEXTS,
  LichessHttpError,
  LichessOAuthError,
  LichessRateLimitedError,
  LichessTokenRevokedError,
  LichessUnavailableError,
  newPkceRequest,
  readCallback,
  startBotGame,
  type LichessGameStreamEvent,
} from '../../src/modules/lichess/index.ts';
import type { LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { movesOf, setup, statusOf, until } from './support.ts';

let emu: LichessEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const REDIRECT = 'http://127.0.0.1:3000/callbacklichess';

/** Runs the browser's part of the authorization: follow /oauth to the redirect, read the query. */
async function authorize(url: string): Promise<Record<string, string>> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return Object.fromEntries(new URL(res.headers.get('location')!).searchParams);
}

describe('Lichess client against the emulator: OAuth and account', () => {
  it('links with PKCE: authorize, state checked, code exchanged, account read (ratings, provisional)', async () => {
    const s = await setup({ clientId: 'rushchess.test' });
    emu = s.emu;
    emu.addUser('Bobby', { blitz: { rating: 1720, games: 80 }, rapid: { rating: 1490, games: 4, prov: true } });
    emu.setNextLogin('Bobby');
    const pkce = newPkceRequest();
    const query = await authorize(
      authorizationUrl({
        baseUrl: emu.url,
        clientId: 'rushchess.test',
        redirectUri: REDIRECT,
        challenge: pkce.challenge,
        state: pkce.state,
      }),
    );
    const cb = readCallback(pkce.state, query);
    expect(cb.ok).toBe(true);
    if (!cb.ok) return;
    const { accessToken, expiresInSec } = await s.client.exchangeCode({
      clientId: 'rushchess.test',
      redirectUri: REDIRECT,
      code: cb.code,
      verifier: pkce.verifier,
    });
    expect(accessToken).toMatch(/^[A-Za-z0-9_]+$/);
    expect(expiresInSec).toBe(31_536_000);
    expect(await s.client.account(accessToken)).toEqual({
      id: 'bobby',
      username: 'Bobby',
      blitz: { rating: 1720, rd: expect.any(Number) as number, games: 80, provisional: false },
      rapid: { rating: 1490, rd: expect.any(Number) as number, games: 4, provisional: true },
      closed: false,
      tosViolation: false,
    });
  });

  it('refuses a wrong verifier, a reused code and a forged state', async () => {
    const s = await setup();
    emu = s.emu;
    emu.addUser('Mary');
    const pkce = newPkceRequest();
    const url = authorizationUrl({
      baseUrl: emu.url,
      clientId: 'x',
      redirectUri: REDIRECT,
      challenge: pkce.challenge,
      state: pkce.state,
    });
    const q1 = await authorize(url);
    const wrong = newPkceRequest().verifier;
    await expect(
      s.client.exchangeCode({ clientId: 'x', redirectUri: REDIRECT, code: q1.code!, verifier: wrong }),
    ).rejects.toMatchObject({
      name: 'LichessOAuthError',
      oauthError: 'invalid_grant',
      description: 'hash of code_verifier does not match code_challenge',
    });
    // The code was spent by the failed attempt.
    await expect(
      s.client.exchangeCode({ clientId: 'x', redirectUri: REDIRECT, code: q1.code!, verifier: pkce.verifier }),
    ).rejects.toBeInstanceOf(LichessOAuthError);
    // A fresh code with the right verifier but another redirect_uri is refused too.
    const q2 = await authorize(url);
    await expect(
      s.client.exchangeCode({
        clientId: 'x',
        redirectUri: 'http://127.0.0.1:3000/other',
        code: q2.code!,
        verifier: pkce.verifier,
      }),
    ).rejects.toBeInstanceOf(LichessOAuthError);
    expect(readCallback('another-state', await authorize(url))).toEqual({ ok: false, reason: 'state_mismatch' });
    expect(emu.log.refusals.length).toBeGreaterThanOrEqual(3);
  });

  it('reports a cancelled authorization as denied', async () => {
    const s = await setup();
    emu = s.emu;
    emu.setNextLogin(null);
    const pkce = newPkceRequest();
    const q = await authorize(
      authorizationUrl({
        baseUrl: emu.url,
        clientId: 'x',
        redirectUri: REDIRECT,
        challenge: pkce.challenge,
        state: pkce.state,
      }),
    );
    expect(readCallback(pkce.state, q)).toMatchObject({ ok: false, reason: 'denied' });
  });

  it('detects a revoked token (401) as a typed error, on requests and streams', async () => {
    const s = await setup();
    emu = s.emu;
    emu.addUser('Bobby');
    const token = emu.issueToken('Bobby');
    await s.client.account(token);
    emu.revokeUser('Bobby');
    await expect(s.client.account(token)).rejects.toBeInstanceOf(LichessTokenRevokedError);
    const stream = s.client.streamEvents(token, () => undefined);
    await expect(stream.done).rejects.toBeInstanceOf(LichessTokenRevokedError);
    // Our own revocation (unlinking) works the same way.
    const t2 = emu.issueToken('Bobby');
    await s.client.revokeToken(t2);
    await expect(s.client.account(t2)).rejects.toMatchObject({ message: LICHESS_TEXTS.tokenRevoked });
  });
});

describe('Lichess client: request discipline', () => {
  it('honours 429: no request with that token for 60 s, other tokens unaffected, the SPEC alert text', async () => {
    const clock = new ManualClock();
    const s = await setup({}, { clock });
    emu = s.emu;
    emu.addUser('Bobby');
    emu.addUser('Mary');
    const bobby = emu.issueToken('Bobby');
    const mary = emu.issueToken('Mary');
    emu.faults.rateLimit(1, bobby);
    const seen = () => emu!.log.requests.filter((r) => r.user === 'bobby').length;

    const err = await s.client.account(bobby).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LichessRateLimitedError);
    expect((err as LichessRateLimitedError).retryAt.getTime()).toBe(clock.now().getTime() + 60_000);
    expect((err as LichessRateLimitedError).message).toBe(LICHESS_TEXTS.rateLimited);
    expect((err as LichessRateLimitedError).code).toBe('RATE_LIMITED');
    expect(seen()).toBe(1);

    // Queued and later requests during the pause are refused without reaching Lichess.
    const queued = await Promise.allSettled([s.client.account(bobby), s.client.move(bobby, 'abcdefgh', 'e2e4')]);
    expect(queued.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    clock.advance(59_999);
    await expect(s.client.account(bobby)).rejects.toBeInstanceOf(LichessRateLimitedError);
    expect(seen()).toBe(1);
    expect(s.client.gate.retryAt(bobby)).not.toBeNull();

    // Another token is not paused.
    await expect(s.client.account(mary)).resolves.toMatchObject({ id: 'mary' });

    clock.advance(1);
    await expect(s.client.account(bobby)).resolves.toMatchObject({ id: 'bobby' });
    expect(seen()).toBe(2);
    expect(s.client.gate.retryAt(bobby)).toBeNull();
  });

  it('keeps one request in flight per token; different tokens run side by side', async () => {
    const s = await setup();
    emu = s.emu;
    emu.addUser('Bobby');
    emu.addUser('Mary');
    const bobby = emu.issueToken('Bobby');
    const mary = emu.issueToken('Mary');
    emu.faults.slow(30);
    await Promise.all([1, 2, 3, 4, 5].map(() => s.client.account(bobby)));
    expect(emu.log.maxInFlightPerToken).toBe(1);
    emu.faults.slow(150);
    const started = Date.now();
    await Promise.all([s.client.account(bobby), s.client.account(mary)]);
    expect(Date.now() - started).toBeLessThan(290); // side by side, not one after the other
    expect(s.client.gate.busy).toBe(0);
  });

  it('times out a request that gets no answer', async () => {
    const s = await setup({}, { timeoutMs: 80 });
    emu = s.emu;
    emu.addUser('Bobby');
    const token = emu.issueToken('Bobby');
    emu.faults.slow(400);
    await expect(s.client.account(token)).rejects.toBeInstanceOf(LichessUnavailableError);
    emu.faults.slow(0);
    await expect(s.client.account(token)).resolves.toMatchObject({ id: 'bobby' });
  });
});

describe('Lichess client: board play', () => {
  async function pair(s: { emu: LichessEmulator; client: LichessClient }) {
    s.emu.addUser('Bobby');
    s.emu.addUser('Mary');
    const white = s.emu.issueToken('Bobby');
    const black = s.emu.issueToken('Mary');
    const { gameId } = await createMatchedGame(
      s.client,
      { token: white },
      { token: black, username: 'Mary' },
      { limitSec: 180, incrementSec: 0 },
    );
    return { white, black, gameId };
  }

  it('streams a full game to mate, and the export confirms the result', async () => {
    const s = await setup();
    emu = s.emu;
    const { white, black, gameId } = await pair(s);
    const wEvents: LichessGameStreamEvent[] = [];
    const bEvents: LichessGameStreamEvent[] = [];
    const ws = s.client.streamGame(white, gameId, (e) => wEvents.push(e));
    const bs = s.client.streamGame(black, gameId, (e) => bEvents.push(e));
    await until(() => wEvents.length > 0 && bEvents.length > 0, 5_000, 'gameFull');
    const full = wEvents[0]!;
    expect(full).toMatchObject({
      type: 'gameFull',
      id: gameId,
      rated: false,
      speed: 'blitz',
      clock: { initial: 180_000, increment: 0 },
      white: { id: 'bobby', name: 'Bobby' },
      black: { id: 'mary', name: 'Mary' },
      initialFen: 'startpos',
      state: { type: 'gameState', moves: '', status: 'started' },
    });
    // Fool's mate.
    await s.client.move(white, gameId, 'f2f3');
    await s.client.move(black, gameId, 'e7e5');
    await expect(s.client.move(black, gameId, 'd7d5')).rejects.toMatchObject({ httpStatus: 400 }); // not her turn
    await expect(s.client.move(white, gameId, 'e1e3')).rejects.toBeInstanceOf(LichessHttpError); // illegal
    await s.client.move(white, gameId, 'g2g4');
    await s.client.move(black, gameId, 'd8h4');
    await Promise.all([ws.done, bs.done]);
    expect(statusOf(wEvents)).toBe('mate');
    expect(wEvents.at(-1)).toMatchObject({
      type: 'gameState',
      status: 'mate',
      winner: 'black',
      moves: 'f2f3 e7e5 g2g4 d8h4',
    });
    expect(movesOf(bEvents)).toBe('f2f3 e7e5 g2g4 d8h4');
    const exported = await s.client.exportGame(gameId);
    expect(exported).toMatchObject({
      id: gameId,
      status: 'mate',
      winner: 'black',
      rated: false,
      moves: 'f3 e5 g4 Qh4#',
      players: { white: { user: { id: 'bobby' } }, black: { user: { id: 'mary' } } },
      clock: { initial: 180, increment: 0 },
    });
    await expect(s.client.move(white, gameId, 'a2a3')).rejects.toBeInstanceOf(LichessHttpError);
  });

  it('draws, takebacks, chat, resign and abort go through the Board API', async () => {
    const s = await setup();
    emu = s.emu;
    const a = await pair(s);
    const events: LichessGameStreamEvent[] = [];
    const st = s.client.streamGame(a.black, a.gameId, (e) => events.push(e));
    await s.client.move(a.white, a.gameId, 'e2e4');
    await s.client.takeback(a.white, a.gameId, true);
    await until(() => events.some((e) => e.type === 'gameState' && e.wtakeback === true), 5_000, 'takeback offer');
    await s.client.takeback(a.black, a.gameId, true);
    await until(() => movesOf(events) === '' && events.length > 3, 5_000, 'takeback');
    await s.client.move(a.white, a.gameId, 'd2d4');
    await s.client.chat(a.white, a.gameId, 'player', 'good luck');
    await until(() => events.some((e) => e.type === 'chatLine'), 5_000, 'chat');
    expect(events.find((e) => e.type === 'chatLine')).toEqual({
      type: 'chatLine',
      room: 'player',
      username: 'Bobby',
      text: 'good luck',
    });
    await s.client.draw(a.white, a.gameId, true);
    await s.client.draw(a.black, a.gameId, false);
    await until(() => events.some((e) => e.type === 'gameState' && e.wdraw === true), 5_000, 'draw offer');
    // White may not offer again within 20 plies (lila ignores it); Black offers, White accepts.
    await s.client.draw(a.black, a.gameId, true);
    await s.client.draw(a.white, a.gameId, true);
    await st.done;
    expect(statusOf(events)).toBe('draw');

    const b = await createMatchedGame(
      s.client,
      { token: a.black },
      { token: a.white, username: 'Bobby' },
      { limitSec: 600, incrementSec: 0 },
    );
    await s.client.abort(a.white, b.gameId);
    expect(await s.client.exportGame(b.gameId)).toMatchObject({ status: 'aborted', speed: 'rapid' });

    const c = await createMatchedGame(
      s.client,
      { token: a.white },
      { token: a.black, username: 'Mary' },
      { limitSec: 300, incrementSec: 0 },
    );
    await s.client.move(a.white, c.gameId, 'e2e4');
    await s.client.move(a.black, c.gameId, 'e7e5');
    await expect(s.client.abort(a.white, c.gameId)).rejects.toBeInstanceOf(LichessHttpError);
    await s.client.resign(a.black, c.gameId);
    expect(await s.client.exportGame(c.gameId)).toMatchObject({ status: 'resign', winner: 'white' });
  });

  it('plays the bot maia1, and falls back to the Lichess AI when maia1 declines', async () => {
    const s = await setup();
    emu = s.emu;
    emu.addUser('Bobby');
    const token = emu.issueToken('Bobby');
    const game = await startBotGame(s.client, token, { level: 2, color: 'white' });
    expect(game.opponent).toBe('maia1');
    const events: LichessGameStreamEvent[] = [];
    const st = s.client.streamGame(token, game.gameId, (e) => events.push(e));
    await until(() => events.length > 0, 5_000, 'gameFull');
    expect(events[0]).toMatchObject({
      black: { id: 'maia1', title: 'BOT' },
      clock: { initial: 600_000, increment: 0 },
      rated: false,
    });
    await s.client.move(token, game.gameId, 'e2e4');
    await until(() => movesOf(events).split(' ').length === 2, 5_000, 'maia1 reply');
    await s.client.resign(token, game.gameId);
    await st.done;

    emu.faults.declineBotChallenges(true);
    const fallback = await startBotGame(s.client, token, { level: 3, color: 'black' });
    expect(fallback.opponent).toBe('ai');
    const exported = await s.client.exportGame(fallback.gameId);
    expect(exported.players.white).toMatchObject({ aiLevel: 3 });
    // The AI (White) moves first by itself.
    await until(() => (emu!.game(fallback.gameId)?.moves.length ?? 0) === 1, 5_000, 'AI move');
  });
});
