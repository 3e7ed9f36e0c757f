import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fenHistory, STANDARD_FEN } from '@rush/domain';
import { eventually } from '../matchmaking/support.ts';
import { play } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { expectLedgerInvariants, usd } from '../wallet/support/wallet.ts';
import { lichessWorld, type LichessWorld } from './game-support.ts';

/**
 * Both sides castle, then White mates on h7: 1. e3 e5 2. Nh3 Bc5 3. Bd3 Ne7 4. O-O O-O
 * 5. Qh5 a6 6. Qxh7#. Our rows write castling as the king's two squares.
 */
const OURS = ['e2e3', 'e7e5', 'g1h3', 'f8c5', 'f1d3', 'g8e7', 'e1g1', 'e8g8', 'd1h5', 'a7a6', 'h5h7'];
const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Lichess's Board API writes castling king-to-rook (e1h1, e8h8) in its game stream, in
 * standard chess too (issue 31). The emulator streams it so; the mirror must take it, write
 * the king's two squares in our row, and settle the game once, also after a restart re-opens
 * the streams, whose first line carries the king-to-rook moves again.
 */
describe.each(DB_KINDS)('castling on Lichess on %s (issue 31)', (kind) => {
  let w: LichessWorld;
  beforeAll(async () => {
    w = await lichessWorld(kind);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('both castles, one sent through us and one made on Lichess king-to-rook, are mirrored as two-square moves; mate settles once, also across a restart', async () => {
    const { gameId, externalId, white, black } = await w.matchedGame(5);
    // White castles through our game screen (e1g1), Black on Lichess itself, king-to-rook.
    await play(gameId, white, black, OURS.slice(0, 7));
    expect(w.emu.game(externalId)!.moves[6]).toBe('e1h1');
    expect(await w.moveOnLichess(black.uid, externalId, 'e8h8')).toBe(200);
    expect(w.emu.game(externalId)!.moves.slice(6, 8)).toEqual(['e1h1', 'e8h8']);
    await eventually(async () => same((await w.rowOf(gameId)).moves, OURS.slice(0, 8)), 10_000);
    const row = await w.rowOf(gameId);
    expect(row.san.slice(6, 8)).toEqual(['O-O', 'O-O']);
    expect(row.fen).toBe(fenHistory(STANDARD_FEN, OURS.slice(0, 8)).at(-1));
    expect(row.fen.split(' ')[0]).toBe('rnbq1rk1/ppppnppp/8/2b1p3/8/3BP2N/PPPP1PPP/RNBQ1RK1');

    // A restart: the new follower's first line is the whole game, castles king-to-rook again.
    await w.restart();
    expect(await w.moveOnLichess(white.uid, externalId, 'd1h5')).toBe(200);
    await eventually(async () => same((await w.rowOf(gameId)).moves, OURS.slice(0, 9)), 15_000);
    expect(await w.moveOnLichess(black.uid, externalId, 'a7a6')).toBe(200);
    expect(await w.moveOnLichess(white.uid, externalId, 'h5h7')).toBe(200);
    await eventually(async () => (await w.rowOf(gameId)).status === 'mate', 15_000);
    const done = await w.rowOf(gameId);
    expect(done.moves).toEqual(OURS);
    expect(done.winner).toBe('white');
    await eventually(async () => (await usd(w.server, white.uid)) === 2000n - 500n + 900n, 10_000);
    expect(await usd(w.server, black.uid)).toBe(1500n);
    // Paid once: the winner's balance moved by one payout and stays there.
    await new Promise((r) => setTimeout(r, 300));
    expect(await usd(w.server, white.uid)).toBe(2000n - 500n + 900n);
    await expectLedgerInvariants(w.server.ctx.db);
  });
});
