import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS, units } from '@rush/domain';
import { BOT_ROUTES, PLAY_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../src/platform/clock.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { LICHESS_TEXTS, TokenCipher } from '../../src/modules/lichess/index.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { lichessAccounts } from '../../src/modules/lichess/schema.ts';
import { games } from '../../src/modules/play/schema.ts';
import { LichessFollowStore } from '../../src/modules/lichess/follows.store.ts';
import type { Registered } from '../accounts/support.ts';
import { changed, eventually, grantRc, matchPlayer, startMatch, usdSeek } from '../matchmaking/support.ts';
import { play, type Player } from '../play/support.ts';
import { createTestDatabase, DB_KINDS } from '../support/database.ts';
import { startLichessEmulator, type LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ADMIN_ENV, adminUser, expectLedgerInvariants, rc, usd } from '../wallet/support/wallet.ts';
import { link } from './link-support.ts';

const TOKEN_KEY = crypto.randomBytes(32).toString('hex');
const cipher = new TokenCipher(TOKEN_KEY);
/** Lichess ends a game whose first moves never come (the emulator's noStart rule). */
const NO_START_MS = 4_000;
const FOOLS_MATE = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

let names = 0;
const lichessName = () => `Lp${process.pid % 1000}x${++names}`;
const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Games on Lichess (issue 15), end to end through the emulator: matchmaking creates the game
 * with both players' own tokens, the server follows the Board API streams and mirrors them into
 * the game row, and a result is paid only once the export confirms it.
 */
describe.each(DB_KINDS)('games on Lichess on %s (issue 15)', (kind) => {
  let emu: LichessEmulator;
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  /** Outlives one server: the restart test starts a second one on it. */
  let database: Database;

  const env = () => ({
    ...ADMIN_ENV,
    CHESS_PLATFORM: 'lichess',
    LICHESS_URL: emu.url,
    LICHESS_TOKEN_KEY: TOKEN_KEY,
    LICHESS_BULK_TOKEN: bulkToken,
  });
  let bulkToken = '';

  beforeAll(async () => {
    emu = await startLichessEmulator({ keepAliveMs: 50, noStartMs: NO_START_MS });
    bulkToken = emu.bulkToken();
    database = await createTestDatabase(kind);
    clock = new ManualClock();
    server = await startTestServer({ kind, clock, database, env: env() });
    admin = await adminUser(server);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await emu?.close();
  });

  /** A funded player whose Lichess account is linked through the authorisation page. */
  async function lichessPlayer(on: TestServer = server): Promise<Player & { lichess: string }> {
    const p = await matchPlayer(on, admin, { usd: 2000 });
    const name = lichessName();
    emu.addUser(name, { blitz: { rating: 1600, games: 120 }, rapid: { rating: 1600, games: 120 } });
    const res = await link(on, emu, p.user, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return Object.assign(p, { lichess: name });
  }

  async function tokenOf(uid: string): Promise<string> {
    const [row] = await server.database.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, uid));
    return cipher.decrypt(row!.tokenEnc, uid);
  }

  const rowOf = async (gameId: string) =>
    (await server.database.db.select().from(games).where(eq(games.id, gameId)))[0]!;

  /** A matched USD game on Lichess: its id, its Lichess id, and who plays which side. */
  async function matchedGame(stake = 5) {
    const a = await lichessPlayer();
    const b = await lichessPlayer();
    const gameId = await startMatch(server, a, b, usdSeek(server, stake));
    const row = await rowOf(gameId);
    const white = row.whiteId === a.uid ? a : b;
    const black = white === a ? b : a;
    await white.watch(gameId);
    await black.watch(gameId);
    return { gameId, externalId: row.externalId!, white, black };
  }

  it('a wagered game is created on Lichess with both tokens, played through the Board API and paid after the export confirms the mate', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    const row = await rowOf(gameId);
    expect(row.platform).toBe('lichess');
    const remote = emu.game(externalId)!;
    expect(remote.white.user?.username).toBe(white.lichess);
    expect(remote.black.user?.username).toBe(black.lichess);
    expect(remote.clock).toEqual({ initial: row.initialMs, increment: row.incrementMs });
    expect(remote.rated).toBe(false);
    // The game's follower holds the lease and has both players' streams open.
    expect((await new LichessFollowStore(server.database.db).lease(gameId))?.gameId).toBe(gameId);
    await eventually(() => emu.openStreams('game') >= 2);

    const acks = await play(gameId, white, black, FOOLS_MATE);
    expect(acks.map((a) => a.ok)).toEqual([true, true, true, true]);
    expect(emu.game(externalId)!.moves).toEqual(FOOLS_MATE);

    const fin = await changed(black, (m) => m.state === 'finished', 10_000);
    expect(fin.result).toMatchObject({ winner: black.uid, outcome: 'win', payout: 900 });
    const done = await rowOf(gameId);
    expect(done.status).toBe('mate');
    expect(done.winner).toBe('black');
    expect(done.moves).toEqual(FOOLS_MATE);
    expect(await usd(server, black.uid)).toBe(2000n - 500n + 900n);
    expect(await usd(server, white.uid)).toBe(1500n);
    // History's Analyze opens the game on Lichess from Black's side (SPEC 2), for either player.
    for (const p of [black, white]) {
      const history = await p.http.get(PLAY_ROUTES.history);
      expect(history.body.items[0]).toMatchObject({ gameId, analyzeUrl: `${emu.url}/${externalId}/black` });
    }
    // Nothing was sent with a token while another request with it was in flight.
    expect(emu.log.maxInFlightPerToken).toBe(1);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a move resent after its ack is acknowledged again and reaches Lichess once; an illegal one never leaves', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    await play(gameId, white, black, ['e2e4']);
    const resent = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
    expect(resent.ok && (resent as any).result.duplicate).toBe(true);
    const before = emu.log.requests.length;
    const illegal = await black.cmd('game.move', { gameId, ply: 2, uci: 'e7e4' });
    expect(illegal.ok).toBe(false);
    expect((illegal as any).error.message).toBe(PLAY_TEXTS.illegalMove);
    expect(emu.log.requests.slice(before).some((r) => r.path.includes('/move/'))).toBe(false);
    expect(emu.game(externalId)!.moves).toEqual(['e2e4']);
    expect((await black.cmd('game.abort', { gameId })).ok).toBe(true);
    await changed(white, (m) => m.state === 'finished', 10_000);
  });

  it('a draw agreed on Lichess and an abort are refunded in full', async () => {
    const drawn = await matchedGame(5);
    await play(drawn.gameId, drawn.white, drawn.black, ['e2e4', 'e7e5']);
    expect((await drawn.white.cmd('game.draw', { gameId: drawn.gameId, action: 'offer' })).ok).toBe(true);
    await eventually(async () => (await rowOf(drawn.gameId)).drawOffer === 'white');
    expect((await drawn.black.cmd('game.draw', { gameId: drawn.gameId, action: 'accept' })).ok).toBe(true);
    const fin = await changed(drawn.white, (m) => m.state === 'finished', 10_000);
    expect(fin.result).toMatchObject({ outcome: 'draw', payout: 500 });
    expect((await rowOf(drawn.gameId)).status).toBe('draw');
    expect(await usd(server, drawn.white.uid)).toBe(2000n);
    expect(await usd(server, drawn.black.uid)).toBe(2000n);

    const aborted = await matchedGame(5);
    expect((await aborted.white.cmd('game.abort', { gameId: aborted.gameId })).ok).toBe(true);
    const ab = await changed(aborted.black, (m) => m.state === 'finished', 10_000);
    expect(ab.result.outcome).toBe('cancelled');
    expect((await rowOf(aborted.gameId)).status).toBe('aborted');
    expect(await usd(server, aborted.white.uid)).toBe(2000n);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a game that never starts on Lichess ends as not started and is refunded', async () => {
    const { gameId, white, black } = await matchedGame(5);
    const fin = await changed(white, (m) => m.state === 'finished', NO_START_MS + 10_000);
    expect(fin.result.outcome).toBe('cancelled');
    expect((await rowOf(gameId)).status).toBe('nostart');
    expect(await usd(server, white.uid)).toBe(2000n);
    expect(await usd(server, black.uid)).toBe(2000n);
  });

  it('a result the export contradicts is not paid: the game ends without a winner and both stakes go back', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    emu.overrideExport(externalId, { winner: 'white' });
    const feeBefore = await readBalance(server.ctx.db, accountOf.fee('usd').id);
    await play(gameId, white, black, FOOLS_MATE);
    const fin = await changed(black, (m) => m.state === 'finished', 10_000);
    expect(fin.result.outcome).toBe('draw');
    const row = await rowOf(gameId);
    expect(row.status).toBe('unknownfinish');
    expect(row.winner).toBeNull();
    expect(await usd(server, black.uid)).toBe(2000n);
    expect(await usd(server, white.uid)).toBe(2000n);
    expect(await readBalance(server.ctx.db, accountOf.fee('usd').id)).toBe(feeBefore);
    await expectLedgerInvariants(server.ctx.db);
  });

  it('after a 429 the player sees the alert and nothing is sent with that token for 60 s', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    const token = await tokenOf(white.uid);
    emu.faults.rateLimit(1, token, `/api/board/game/${externalId}/move/e2e4`);
    const limited = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
    expect(limited.ok).toBe(false);
    expect((limited as any).error).toMatchObject({ code: 'RATE_LIMITED', message: LICHESS_TEXTS.rateLimited });
    const sent = () =>
      emu.log.requests.filter((r) => r.user === white.lichess.toLowerCase() && r.path.includes('/move/')).length;
    const after429 = sent();
    clock.advance(59_000);
    const again = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
    expect((again as any).error?.code).toBe('RATE_LIMITED');
    expect(sent()).toBe(after429);
    clock.advance(1_000);
    expect((await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).ok).toBe(true);
    expect(sent()).toBe(after429 + 1);
    expect(emu.game(externalId)!.moves).toEqual(['e2e4']);
    expect((await black.cmd('game.abort', { gameId })).ok).toBe(true);
    await changed(white, (m) => m.state === 'finished', 10_000);
  });

  it('three stream drops and a malformed line are survived: every move mirrored once, in order', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    const moves = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6', 'd2d3', 'f8c5'];
    for (const [i, uci] of moves.entries()) {
      if (i % 2 === 0 && i < 6) {
        // Each drop once the streams are back (re-opened 2 s after the last drop).
        await eventually(() => emu.openStreams('game') >= 2, 10_000);
        expect(emu.faults.dropStreams('game')).toBeGreaterThanOrEqual(2);
      }
      if (i === 6) emu.faults.malformedLines(1);
      await play(gameId, white, black, [uci], i + 1);
    }
    // A move made on Lichess itself (not through us) arrives only through the re-opened streams.
    const direct = await fetch(`${emu.url}/api/board/game/${externalId}/move/e1g1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(white.uid)}` },
    });
    expect(direct.status).toBe(200);
    await eventually(async () => same((await rowOf(gameId)).moves, [...moves, 'e1g1']), 10_000);
    const ev = await black.event('game.moved', (d) => d.gameId === gameId && d.uci === 'e1g1');
    expect(ev.san).toBe('O-O');
    // Lichess streams the castle king-to-rook; our row keeps the king's two squares.
    expect(emu.game(externalId)!.moves).toEqual([...moves, 'e1h1']);
    expect((await rowOf(gameId)).moves).toEqual([...moves, 'e1g1']);
    expect((await black.cmd('game.resign', { gameId })).ok).toBe(true);
    const fin = await changed(white, (m) => m.state === 'finished', 10_000);
    expect(fin.result).toMatchObject({ outcome: 'win', payout: 900 });
  });

  it('a takeback proposed and accepted on Lichess takes the move back in our row and on every screen', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    await play(gameId, white, black, ['e2e4', 'e7e5']);
    expect((await black.cmd('game.takeback', { gameId, action: 'offer' })).ok).toBe(true);
    await eventually(async () => (await rowOf(gameId)).takebackOffer === 'black');
    expect((await white.cmd('game.takeback', { gameId, action: 'accept' })).ok).toBe(true);
    await white.event('game.takenBack', (d) => d.gameId === gameId, 10_000);
    const row = await rowOf(gameId);
    expect(row.moves).toEqual(['e2e4']);
    expect(row.ply).toBe(1);
    expect(row.takebackOffer).toBeNull();
    expect(emu.game(externalId)!.moves).toEqual(['e2e4']);
    // Black plays another reply; the game goes on from the position after 1. e4.
    await play(gameId, white, black, ['c7c5'], 2);
    expect((await rowOf(gameId)).san).toEqual(['e4', 'c5']);
    expect((await white.cmd('game.resign', { gameId })).ok).toBe(true);
    await changed(black, (m) => m.state === 'finished', 10_000);
  });

  it('player chat goes through Lichess and comes back to both players once', async () => {
    const { gameId, white, black } = await matchedGame(5);
    await white.follow(`game-chat:${gameId}`);
    await black.follow(`game-chat:${gameId}`);
    expect((await white.cmd('game.chat', { gameId, text: 'good luck' })).ok).toBe(true);
    const line = await black.event('game.chat', (d) => d.line?.text === 'good luck');
    expect(line.line).toMatchObject({ uid: white.uid, color: 'white' });
    expect((await white.cmd('game.abort', { gameId })).ok).toBe(true);
    await changed(white, (m) => m.state === 'finished', 10_000);
  });

  it('the bot is maia1 on Lichess (10+0, casual), its moves mirrored; when maia1 declines, the Lichess AI plays', async () => {
    const p = await lichessPlayer();
    await grantRc(server, p.uid, units(1000));
    // The link's reward came first: what the games change is measured from here.
    const funds = await rc(server, p.uid);
    const start = await p.http.post(BOT_ROUTES.start, { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'low' });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const gameId = start.body.gameId as string;
    await p.watch(gameId);
    const row = await rowOf(gameId);
    expect(row.platform).toBe('lichess');
    expect(row.initialMs).toBe(600_000);
    const remote = emu.game(row.externalId!)!;
    expect(remote.clock).toEqual({ initial: 600_000, increment: 0 });
    expect(remote.rated).toBe(false);
    const humanWhite = row.whiteId === p.uid;
    expect((humanWhite ? remote.black : remote.white).user?.username).toBe('maia1');
    if (humanWhite) await play(gameId, p, p, ['e2e4']);
    // maia1's move comes back through the stream.
    await eventually(async () => (await rowOf(gameId)).ply === (humanWhite ? 2 : 1), 10_000);
    if (!humanWhite) await play(gameId, p, p, ['e7e5'], 2);
    // maia1 answers within milliseconds on the emulator: the row catches up through the stream.
    await eventually(async () => same((await rowOf(gameId)).moves, emu.game(row.externalId!)!.moves), 10_000);
    expect((await p.cmd('game.resign', { gameId })).ok).toBe(true);
    await eventually(async () => (await rowOf(gameId)).status === 'resign', 10_000);
    await eventually(async () => (await rc(server, p.uid)) === funds - units(50), 10_000);

    emu.faults.declineBotChallenges(true);
    try {
      const again = await p.http.post(BOT_ROUTES.start, { gameType: 'bot_000001', c: 'wbx', bet: 50, level: 'mid' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const ai = emu.game((await rowOf(again.body.gameId)).externalId!)!;
      expect(ai.source).toBe('ai');
      expect((await p.http.post(BOT_ROUTES.abort, {})).status).toBe(200);
      await eventually(async () => (await rowOf(again.body.gameId)).status === 'aborted', 10_000);
      await eventually(async () => (await rc(server, p.uid)) === funds - units(50), 10_000);
    } finally {
      emu.faults.declineBotChallenges(false);
    }
    await expectLedgerInvariants(server.ctx.db);
  });

  it('a restart of our server mid-game resumes following the game and settles it', async () => {
    const { gameId, externalId, white, black } = await matchedGame(5);
    await play(gameId, white, black, FOOLS_MATE.slice(0, 2));
    await server.stop();
    // While no server of ours runs, White plays on Lichess.
    const wtoken = await (async () => {
      const [row] = await database.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, white.uid));
      return cipher.decrypt(row!.tokenEnc, white.uid);
    })();
    const res = await fetch(`${emu.url}/api/board/game/${externalId}/move/g2g4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${wtoken}` },
    });
    expect(res.status).toBe(200);
    server = await startTestServer({ kind, clock, database, env: env() });
    const rowNow = async () => (await server.database.db.select().from(games).where(eq(games.id, gameId)))[0]!;
    await eventually(async () => same((await rowNow()).moves, FOOLS_MATE.slice(0, 3)), 15_000);
    const bres = await fetch(`${emu.url}/api/board/game/${externalId}/move/d8h4`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${cipher.decrypt((await server.database.db.select().from(lichessAccounts).where(eq(lichessAccounts.userId, black.uid)))[0]!.tokenEnc, black.uid)}`,
      },
    });
    expect(bres.status).toBe(200);
    await eventually(async () => (await rowNow()).status === 'mate', 15_000);
    await eventually(async () => (await usd(server, black.uid)) === 2000n - 500n + 900n, 10_000);
    await expectLedgerInvariants(server.ctx.db);
  });
});
