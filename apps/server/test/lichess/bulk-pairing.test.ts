import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICHESS_LIMIT_TEXTS, units } from '@rush/domain';
import { BOT_ROUTES, LichessLinkStatusResponse, MATCH_ROUTES, PLAY_ROUTES } from '@rush/protocol';
import { TokenCipher } from '../../src/modules/lichess/index.ts';
import { lichessAccounts } from '../../src/modules/lichess/schema.ts';
import { changed, eventually, grantRc, pairUp, usdSeek } from '../matchmaking/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { usd } from '../wallet/support/wallet.ts';
import { lichessWorld, type LichessWorld } from './game-support.ts';
import { link } from './link-support.ts';

/**
 * Matched games on Lichess are created by bulk pairing (issue 31): the operator's
 * `challenge:bulk` token (LICHESS_BULK_TOKEN) pairs both players by their own tokens, so no
 * player spends Lichess's challenge budget; the wager's rules ride along. When the platform's
 * 500 games per 10 minutes are used up the players read why, and a link made before
 * `challenge:write` was asked is asked to authorise again.
 */
describe.each(DB_KINDS)('bulk pairing on %s (issue 31)', (kind) => {
  let w: LichessWorld;
  beforeAll(async () => {
    w = await lichessWorld(kind);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a matched game is one bulk pairing with the operator token: casual, the mode clock, noRematch and noGiveTime, no challenge by a player', async () => {
    const before = w.emu.log.requests.length;
    const { gameId, externalId, white, black } = await w.matchedGame(5);
    const sent = w.emu.log.requests.slice(before);
    const bulk = sent.filter((r) => r.path === '/api/bulk-pairing');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ method: 'POST', user: 'rushoperator', status: 200 });
    expect(sent.some((r) => /^\/api\/challenge\/[^/]+$/.test(r.path))).toBe(false);
    const g = w.emu.game(externalId)!;
    expect(g).toMatchObject({ source: 'api', rated: false, rules: ['noRematch', 'noGiveTime'] });
    expect(g.white.user?.username).toBe(white.lichess);
    expect(g.black.user?.username).toBe(black.lichess);
    const row = await w.rowOf(gameId);
    expect(g.clock).toEqual({ initial: row.initialMs, increment: row.incrementMs });
    expect((await white.cmd('game.abort', { gameId })).ok).toBe(true);
    await changed(white, (m) => m.state === 'finished', 10_000);
  });

  it('when Lichess says the operator started too many games (429), both players read why and get their stakes back', async () => {
    const a = await w.lichessPlayer();
    const b = await w.lichessPlayer();
    w.emu.faults.rateLimit(1, undefined, '/api/bulk-pairing');
    await pairUp(w.server, a, b, usdSeek(w.server, 5));
    expect((await a.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    expect((await b.http.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    for (const p of [a, b]) {
      const failed = await changed(p, (m) => m.state === 'error', 10_000);
      expect(failed.message).toBe(LICHESS_LIMIT_TEXTS.bulkExhausted);
      expect(await usd(w.server, p.uid)).toBe(2000n);
    }
  });

  it('a link whose token lacks challenge:write (linked before it was asked) is asked to authorise again, which grants it', async () => {
    const p = await w.lichessPlayer();
    const [row] = await w.database.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, p.uid));
    // The token such a link holds: board:play only.
    const old = w.emu.issueToken(p.lichess, ['board:play']);
    await w.database.db
      .update(lichessAccounts)
      .set({ tokenEnc: new TokenCipher(w.env().LICHESS_TOKEN_KEY!).encrypt(old, p.uid) })
      .where(eq(lichessAccounts.userId, row!.userId));
    const status = async () => LichessLinkStatusResponse.parse((await p.http.get(PLAY_ROUTES.lichessStatus)).body);
    expect(await status()).toMatchObject({ linked: true, needsReauthorisation: true });
    const again = await link(w.server, w.emu, p.user, p.lichess);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await status()).toMatchObject({ linked: true, needsReauthorisation: false });
  });

  it('a bot game challenges maia1 only within the player’s Lichess budget (5 credits of 25 a minute): beyond it, the AI at once', async () => {
    const p = await w.lichessPlayer();
    await grantRc(w.server, p.uid, units(1000));
    const maia1Challenges = () =>
      w.emu.log.requests.filter((r) => r.path === '/api/challenge/maia1' && r.user === p.lichess.toLowerCase()).length;
    const botGame = async () => {
      const start = await p.http.post(BOT_ROUTES.start, { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'low' });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const gameId = start.body.gameId as string;
      const source = w.emu.game((await w.rowOf(gameId)).externalId!)!.source;
      expect((await p.http.post(BOT_ROUTES.abort, {})).status).toBe(200);
      await eventually(async () => (await w.rowOf(gameId)).status === 'aborted', 10_000);
      return source;
    };
    expect(await botGame()).toBe('friend');
    expect(maia1Challenges()).toBe(1);
    // A challenge to a stranger costs 5 of the 25 credits a minute: five fit, the sixth is the AI.
    for (let i = 0; i < 4; i++) expect(await botGame()).toBe('friend');
    expect(maia1Challenges()).toBe(5);
    expect(await botGame()).toBe('ai');
    expect(maia1Challenges()).toBe(5);
    w.clock.advance(60_000);
    expect(await botGame()).toBe('friend');
    expect(maia1Challenges()).toBe(6);
  });
});
