import { describe, expect, it } from 'vitest';
import { fenHistory, moverOfPly, STANDARD_FEN } from '@rush/domain';
import { BOARD_RELOAD_EVERY, LiveGames, positionOf, sawPosition } from '../../src/modules/play/live-games.ts';
import { judgeMove } from '../../src/modules/play/move-judgement.ts';
import { gameRecord } from './game-record.ts';

const T0 = new Date('2026-11-29T10:00:00.000Z');

/**
 * Both sides take en passant (exd6, axb3), White promotes (cxb8=Q), both castle short, then the
 * knight and the rook shuffle until the position after ply 21 occurs a third time (ply 29: a draw).
 */
const LINE = [
  'e2e4', 'a7a6', 'e4e5', 'd7d5', 'e5d6', 'a6a5', 'd6c7', 'a5a4', 'c7b8q', 'a8b8',
  'g1f3', 'e7e6', 'f1e2', 'f8d6', 'e1g1', 'g8e7', 'b1c3', 'e8g8', 'b2b4', 'a4b3',
  'a2b3', 'b8a8', 'f3h4', 'a8b8', 'h4f3', 'b8a8', 'f3h4', 'a8b8', 'h4f3',
]; // prettier-ignore
const FENS = fenHistory(STANDARD_FEN, LINE);

/**
 * Issue 35: the referee keeps each live game's board and position counts between moves instead
 * of loading the FEN (and rereading every FEN for threefold) for each move. What must hold: a move
 * judged on the kept position is judged exactly as on the stored row (the locked path), the kept
 * board stays at the stored FEN, and a position rebuilt from the row (a restart, or after the
 * locked path changed the game) goes on alike.
 */
describe('the kept position agrees with the stored game', () => {
  it('through en passant, promotion, castling and a threefold repetition, and after reloads', () => {
    let live = new LiveGames();
    // As the locked path stores the game after two plies (the clocks run from then on).
    let g = gameRecord({
      fen: FENS[2]!,
      moves: LINE.slice(0, 2),
      san: ['e4', 'a6'],
      fens: FENS.slice(0, 3),
      moveTimes: [null, null],
      ply: 2,
      turnStartedAt: T0,
      version: 3,
    });
    live.keep(g);
    let now = T0;
    for (let ply = 3; ply <= LINE.length; ply++) {
      if (ply === 17) {
        // A reload: a new instance (or the locked path) keeps the row, and the position is rebuilt from it.
        live = new LiveGames();
        live.keep(g);
      }
      now = new Date(now.getTime() + 1_000);
      const input = { ply, uci: LINE[ply - 1]! };
      const me = moverOfPly(ply);
      const onRow = judgeMove(g, me, input, now);
      const position = live.position(g.id)!;
      // The board is loaded again from its FEN every BOARD_RELOAD_EVERY moves: here after ply 4.
      if (ply === 3) position.played = BOARD_RELOAD_EVERY - 2;
      expect(position.board.fen()).toBe(g.fen);
      const onKept = judgeMove(g, me, input, now, position);
      expect(onKept).toEqual(onRow);
      if (onKept.kind !== 'moved') throw new Error(`ply ${ply}: ${onKept.kind}`);
      expect(onKept.move.fen).toBe(FENS[ply]);
      expect(position.board.fen()).toBe(FENS[ply]);
      if (onKept.move.end) {
        expect(ply).toBe(LINE.length);
        expect(onKept.move.end).toEqual({ status: 'draw', winner: null });
        break;
      }
      // What appendKnownMove does once the append committed.
      g = { ...g, ...onKept.move.patch, version: g.version + 1 };
      sawPosition(position, onKept.move.fen);
      if (ply === 4) expect(position.played).toBe(0);
      live.keep(g, position);
    }
    expect(g.fens).toEqual(FENS.slice(0, LINE.length));
  });

  it('counts each position as the stored FENs do, and leaves the board as it was on a refusal', () => {
    const g = gameRecord({ fen: FENS[28]!, moves: LINE.slice(0, 28), fens: FENS.slice(0, 29), ply: 28 });
    const position = positionOf(g);
    expect([...position.seen.values()].reduce((a, b) => a + b, 0)).toBe(29);
    const before = position.board.fen();
    // an illegal move and a move out of turn change nothing
    expect(judgeMove({ ...g, turnStartedAt: T0 }, 'white', { ply: 29, uci: 'h4h6' }, T0, position).kind).toBe(
      'refused',
    );
    expect(judgeMove({ ...g, turnStartedAt: T0 }, 'black', { ply: 29, uci: 'h4f3' }, T0, position).kind).toBe(
      'refused',
    );
    expect(position.board.fen()).toBe(before);
  });
});
