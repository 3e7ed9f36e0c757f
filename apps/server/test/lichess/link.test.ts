import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS, RC_REWARDS } from '@rush/domain';
import {
  ACCOUNT_ROUTES,
  AppConfigResponse,
  LichessLinkStatusResponse,
  LinkChessResponse,
  MATCH_ROUTES,
  PLAY_ROUTES,
} from '@rush/protocol';
import { LICHESS_TEXTS, LichessClient, TokenCipher } from '../../src/modules/lichess/index.ts';
import { FactsReader } from '../../src/modules/matchmaking/index.ts';
import { lichessAccounts, lichessLinkRequests } from '../../src/modules/lichess/schema.ts';
import { register, type RegisteredUser } from '../realtime/support/accounts.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startLichessEmulator, type LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { authorize, link } from './link-support.ts';

const TOKEN_KEY = crypto.randomBytes(32).toString('hex');

const me = async (user: RegisteredUser) => (await user.client.get(ACCOUNT_ROUTES.session)).body.user;

describe.each(POSTGRES_TOO)('Lichess link on %s (issue 15)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let emu: LichessEmulator;
  let server: TestServer;
  const cipher = new TokenCipher(TOKEN_KEY);
  const row = async (uid: string) =>
    (await server.database.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, uid)))[0];

  beforeAll(async () => {
    emu = await startLichessEmulator({ keepAliveMs: 50 });
    emu.addUser('Bobby', { blitz: { rating: 1720, games: 80 }, rapid: { rating: 1490, games: 4, prov: true } });
    emu.addUser('Carol', { blitz: { rating: 1600, games: 200 }, rapid: { rating: 1650, games: 90 } });
    emu.addUser('Dave', { blitz: { rating: 1400, games: 30 } });
    emu.addUser('Erin', { blitz: { rating: 1900, games: 300 } });
    server = await startTestServer({
      kind,
      env: {
        CHESS_PLATFORM: 'lichess',
        LICHESS_URL: emu.url,
        LICHESS_TOKEN_KEY: TOKEN_KEY,
        LICHESS_BULK_TOKEN: emu.bulkToken(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await emu?.close();
  });

  itOnPglite(
    'links through OAuth with PKCE: Lichess name and ratings, 500 RC once, the token encrypted at rest',
    async () => {
      const config = AppConfigResponse.parse(await (await fetch(server.baseUrl + ACCOUNT_ROUTES.appConfig)).json());
      expect(config.chessPlatform).toBe('lichess');
      const a = await register(server);
      const { url, back } = await authorize(server, emu, a, 'bobby');
      // The authorization request: S256 challenge, our client id and redirect, board:play and challenge:write (bulk pairing).
      const q = url.searchParams;
      expect(`${url.origin}${url.pathname}`).toBe(`${emu.url}/oauth`);
      expect(q.get('response_type')).toBe('code');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(q.get('redirect_uri')).toBe(`${server.baseUrl}/callbacklichess`);
      expect(q.get('client_id')).toBe(new URL(server.baseUrl).host);
      expect(q.get('scope')).toBe('board:play challenge:write');
      expect(q.get('state')).toBe(back.state);
      // The verifier never leaves the server: it is stored encrypted, bound to the user.
      const [pending] = await server.database.db
        .select()
        .from(lichessLinkRequests)
        .where(eq(lichessLinkRequests.state, back.state!));
      expect(pending!.userId).toBe(a.uid);
      const verifier = cipher.decrypt(pending!.verifierEnc, `pkce:${a.uid}`);
      expect(crypto.createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));
      expect(url.toString()).not.toContain(verifier);

      const res = await a.client.post(PLAY_ROUTES.lichessCallback, back);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(LinkChessResponse.parse(res.body)).toMatchObject({
        uid: a.uid,
        linked: true,
        chessUsername: 'Bobby',
        rewardGranted: true,
        ratings: {
          blitz: { family: 'blitz', rating: 1720, games: 80, provisional: false },
          rapid: { family: 'rapid', rating: 1490, games: 4, provisional: true },
        },
      });
      expect(emu.log.refusals).toEqual([]);
      const user = await me(a);
      expect(user.chessUsername).toBe('Bobby');
      expect(user.balances.wbx).toBe(Number(RC_REWARDS.linkAccount));
      // Anyone reads the ratings (eligibility, boards) from the link.
      const public_ = await fetch(server.baseUrl + PLAY_ROUTES.ratings(a.uid)).then((r) => r.json());
      expect(public_).toMatchObject({
        chessUsername: 'Bobby',
        ratings: { rapid: { provisional: true, rating: 1490 } },
      });

      // At rest: ciphertext only, bound to the user; it decrypts to a token Lichess accepts.
      const stored = (await row(a.uid))!;
      expect(stored).toMatchObject({
        lichessId: 'bobby',
        username: 'Bobby',
        tokenRevokedAt: null,
        blitzRating: 1720,
        rapidProvisional: true,
      });
      expect(stored.tokenEnc).toMatch(/^v1\./);
      const token = cipher.decrypt(stored.tokenEnc, a.uid);
      expect(stored.tokenEnc).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(() => cipher.decrypt(stored.tokenEnc, 'another-user')).toThrow();
      expect((await new LichessClient({ baseUrl: emu.url }).account(token)).username).toBe('Bobby');
      // The request was used once: the same callback again is refused.
      expect(await a.client.post(PLAY_ROUTES.lichessCallback, back)).toMatchObject({
        status: 400,
        body: { error: { message: PLAY_TEXTS.lichessStateMismatch } },
      });
      // Linked with a working token: no second authorisation, no built-in link.
      expect(await a.client.post(PLAY_ROUTES.lichessStart, {})).toMatchObject({
        status: 409,
        body: { error: { message: PLAY_TEXTS.alreadyLinked } },
      });
      expect(await a.client.post(PLAY_ROUTES.link, {})).toMatchObject({
        status: 409,
        body: { error: { message: PLAY_TEXTS.lichessOnly } },
      });
      expect((await me(a)).balances.wbx).toBe(Number(RC_REWARDS.linkAccount));
    },
  );

  itOnPglite(
    'Lichess limiting the account read right after the exchange: the SPEC 429 alert, nothing linked, no reward',
    async () => {
      const a = await register(server);
      const { back } = await authorize(server, emu, a, 'erin');
      emu.faults.rateLimit(1, undefined, '/api/account');
      expect(await a.client.post(PLAY_ROUTES.lichessCallback, back)).toMatchObject({
        status: 429,
        body: { error: { message: LICHESS_TEXTS.rateLimited } },
      });
      expect(await row(a.uid)).toBeUndefined();
      expect((await me(a)).chessUsername).toBeNull();
      expect((await me(a)).balances.wbx).toBe(0);
    },
  );

  itOnPglite('the verifier is checked: a code exchanged with another verifier links nothing', async () => {
    const a = await register(server);
    const { back } = await authorize(server, emu, a, 'dave');
    await server.database.db
      .update(lichessLinkRequests)
      .set({ verifierEnc: cipher.encrypt(crypto.randomBytes(32).toString('base64url'), `pkce:${a.uid}`) })
      .where(eq(lichessLinkRequests.state, back.state!));
    const refusedBefore = emu.log.refusals.length;
    expect(await a.client.post(PLAY_ROUTES.lichessCallback, back)).toMatchObject({
      status: 400,
      body: { error: { message: PLAY_TEXTS.lichessRefused } },
    });
    expect(emu.log.refusals.slice(refusedBefore).join('\n')).toContain('code_verifier does not match code_challenge');
    expect(await row(a.uid)).toBeUndefined();
    expect((await me(a)).chessUsername).toBeNull();
    expect((await me(a)).balances.wbx).toBe(0);
  });

  itOnPglite('refuses a state that does not match, another user’s state and a cancelled authorisation', async () => {
    const a = await register(server);
    const b = await register(server);
    const { back } = await authorize(server, emu, a, 'dave');
    const mismatch = { error: { code: 'BAD_REQUEST', message: PLAY_TEXTS.lichessStateMismatch } };
    expect(await a.client.post(PLAY_ROUTES.lichessCallback, { ...back, state: `${back.state}x` })).toMatchObject({
      status: 400,
      body: mismatch,
    });
    expect(await a.client.post(PLAY_ROUTES.lichessCallback, { code: back.code })).toMatchObject({ status: 400 });
    // Another signed-in user cannot finish a's authorisation (and it is spent).
    expect(await b.client.post(PLAY_ROUTES.lichessCallback, back)).toMatchObject({ status: 400, body: mismatch });
    expect(await a.client.post(PLAY_ROUTES.lichessCallback, back)).toMatchObject({ status: 400, body: mismatch });
    // Visitors cannot.
    expect((await fetch(server.baseUrl + PLAY_ROUTES.lichessStart, { method: 'POST' })).status).toBeGreaterThanOrEqual(
      400,
    );
    // Cancel on Lichess: error=access_denied with the state.
    const denied = await authorize(server, emu, a, null);
    expect(denied.back.error).toBe('access_denied');
    expect(await a.client.post(PLAY_ROUTES.lichessCallback, denied.back)).toMatchObject({
      status: 400,
      body: { error: { message: PLAY_TEXTS.lichessDenied } },
    });
    for (const u of [a, b]) {
      expect(await row(u.uid)).toBeUndefined();
      expect((await me(u)).chessUsername).toBeNull();
    }
    // A new start replaces the user's unfinished one: only the latest state works.
    const first = await authorize(server, emu, a, 'dave');
    const second = await authorize(server, emu, a, 'dave');
    expect(await a.client.post(PLAY_ROUTES.lichessCallback, first.back)).toMatchObject({ status: 400, body: mismatch });
    expect((await a.client.post(PLAY_ROUTES.lichessCallback, second.back)).status).toBe(200);
    expect((await me(a)).chessUsername).toBe('Dave');
  });

  itOnPglite(
    'one Lichess account per user and one user per Lichess account, for life; a revoked token re-authorises the same account',
    async () => {
      const a = await register(server);
      const b = await register(server);
      expect((await link(server, emu, a, 'carol')).status).toBe(200);
      const before = (await row(a.uid))!;
      // Another user with the same Lichess account: refused, nothing linked, nothing paid.
      expect(await link(server, emu, b, 'carol')).toMatchObject({
        status: 409,
        body: { error: { code: 'CONFLICT', message: PLAY_TEXTS.lichessTaken } },
      });
      expect((await me(b)).chessUsername).toBeNull();
      expect((await me(b)).balances.wbx).toBe(0);
      expect(await row(b.uid)).toBeUndefined();

      // The status tries the token and refreshes the ratings from Lichess.
      const status = async (u: RegisteredUser) =>
        LichessLinkStatusResponse.parse((await u.client.get(PLAY_ROUTES.lichessStatus)).body);
      expect(await status(b)).toEqual({
        linked: false,
        username: null,
        needsReauthorisation: false,
        refreshedAt: null,
      });
      emu.addUser('Carol', { blitz: { rating: 1710, games: 230 }, rapid: { rating: 1650, games: 90 } });
      expect(await status(a)).toMatchObject({ linked: true, username: 'Carol', needsReauthorisation: false });
      expect(await fetch(server.baseUrl + PLAY_ROUTES.ratings(a.uid)).then((r) => r.json())).toMatchObject({
        ratings: { blitz: { rating: 1710, games: 230, provisional: false } },
      });

      // a's token is revoked on Lichess: the status asks for the same account again, start allows it with a hint.
      emu.revokeUser('carol');
      expect(await status(a)).toMatchObject({ linked: true, username: 'Carol', needsReauthorisation: true });
      const again = await authorize(server, emu, a, 'erin');
      expect(again.url.searchParams.get('username')).toBe('Carol');
      expect((await row(a.uid))!.tokenRevokedAt).not.toBeNull();
      // Another Lichess account for a: refused, the link stays.
      expect(await a.client.post(PLAY_ROUTES.lichessCallback, again.back)).toMatchObject({
        status: 409,
        body: { error: { message: PLAY_TEXTS.lichessOtherAccount } },
      });
      expect((await row(a.uid))!.lichessId).toBe('carol');
      expect((await me(a)).chessUsername).toBe('Carol');
      // The same account again: the token is renewed, the reward is not paid twice.
      const renewed = await link(server, emu, a, 'carol');
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      expect(renewed.body).toMatchObject({ chessUsername: 'Carol', rewardGranted: false });
      const after = (await row(a.uid))!;
      expect(after.tokenRevokedAt).toBeNull();
      expect(after.tokenEnc).not.toBe(before.tokenEnc);
      expect(after.linkedAt.getTime()).toBe(before.linkedAt.getTime());
      expect((await new LichessClient({ baseUrl: emu.url }).account(cipher.decrypt(after.tokenEnc, a.uid))).id).toBe(
        'carol',
      );
      expect((await me(a)).balances.wbx).toBe(Number(RC_REWARDS.linkAccount));
      expect(await status(a)).toMatchObject({ needsReauthorisation: false });
      // b can still link an account nobody has.
      expect((await link(server, emu, b, 'erin')).status).toBe(200);
    },
  );

  itOnPglite(
    'eligibility reads the Lichess ratings, refreshed before a game is sought (provisional from Lichess)',
    async () => {
      emu.addUser('Gina', { blitz: { rating: 1450, games: 5, prov: true }, rapid: { rating: 1600, games: 40 } });
      const a = await register(server);
      expect((await link(server, emu, a, 'gina')).status).toBe(200);
      const facts = new FactsReader(server.database.db, server.clock, null as never);
      expect(await facts.ratings(a.uid)).toEqual({
        shown: { blitz: 1450, rapid: 1600 },
        provisional: { blitz: true, rapid: false },
      });
      // Gina played on Lichess meanwhile: seeking a game reads the account again first.
      emu.addUser('Gina', { blitz: { rating: 1530, games: 25 }, rapid: { rating: 1600, games: 40 } });
      expect((await a.client.post(MATCH_ROUTES.seek, { gameType: 'wmgt_000001', c: 'wbx', bet: 50 })).status).toBe(200);
      expect(await facts.ratings(a.uid)).toEqual({
        shown: { blitz: 1530, rapid: 1600 },
        provisional: { blitz: false, rapid: false },
      });
      expect((await row(a.uid))!.blitzGames).toBe(25);
    },
  );

  it('two users racing for one Lichess account: exactly one gets it', async () => {
    emu.addUser('Frank', { blitz: { rating: 1500, games: 40 } });
    const [a, b] = [await register(server), await register(server)];
    const [x, y] = [await authorize(server, emu, a, 'frank'), await authorize(server, emu, b, 'frank')];
    const both = await Promise.all([
      a.client.post(PLAY_ROUTES.lichessCallback, x.back),
      b.client.post(PLAY_ROUTES.lichessCallback, y.back),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const wbx = [(await me(a)).balances.wbx, (await me(b)).balances.wbx].sort();
    expect(wbx).toEqual([0, Number(RC_REWARDS.linkAccount)]);
  });
});

describe('the built-in platform keeps its link', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('has no Lichess routes and says so in the app config', async () => {
    const a = await register(server);
    expect((await a.client.get(ACCOUNT_ROUTES.appConfig)).body.chessPlatform).toBe('builtin');
    expect((await a.client.post(PLAY_ROUTES.lichessStart, {})).status).toBe(404);
    expect((await a.client.get(PLAY_ROUTES.lichessStatus)).status).toBe(404);
    expect((await a.client.post(PLAY_ROUTES.lichessCallback, { state: 'x', code: 'y' })).status).toBe(404);
    expect((await a.client.post(PLAY_ROUTES.link, {})).body).toMatchObject({
      chessUsername: a.username,
      rewardGranted: true,
    });
  });
});
