import fc from 'fast-check';
import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { kingTwoSquaresCastle } from './castling.ts';
import { STANDARD_FEN } from './fen.ts';

/** Both sides may castle either way; nothing stands between kings and rooks. */
const READY = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const READY_BLACK = READY.replace(' w ', ' b ');

describe('kingTwoSquaresCastle: Lichess writes castling king-to-rook, we write the king two squares', () => {
  it.each([
    ['white short, king-to-rook', READY, 'e1h1', 'e1g1'],
    ['white long, king-to-rook', READY, 'e1a1', 'e1c1'],
    ['black short, king-to-rook', READY_BLACK, 'e8h8', 'e8g8'],
    ['black long, king-to-rook', READY_BLACK, 'e8a8', 'e8c8'],
    ['already king two squares', READY, 'e1g1', 'e1g1'],
    ['already king two squares, long', READY_BLACK, 'e8c8', 'e8c8'],
    ['an ordinary move', STANDARD_FEN, 'e2e4', 'e2e4'],
    ['a promotion', '8/P7/8/8/8/8/8/k6K w - - 0 1', 'a7a8q', 'a7a8q'],
    // Not a castle: the king is not on e1, or the target is not its own rook.
    ['a rook moving e1-h1', '4k3/8/8/8/8/8/8/4R2K w - - 0 1', 'e1h1', 'e1h1'],
    ['the king onto an empty h1', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', 'e1h1', 'e1h1'],
    ["the king onto the opponent's rook", '4k3/8/8/8/8/8/8/4K2r w - - 0 1', 'e1h1', 'e1h1'],
    ['a queen e8-a8 beside a rook', 'r3q2k/8/8/8/8/8/8/7K b - - 0 1', 'e8a8', 'e8a8'],
  ])('%s', (_name, fen, uci, expected) => {
    expect(kingTwoSquaresCastle(fen, uci)).toBe(expected);
  });

  it('every castle of a random game, in either spelling, is the move chess.js plays; other moves stay as they are', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 80 }), (picks) => {
        const chess = new Chess();
        for (const pick of picks) {
          const moves = chess.moves({ verbose: true });
          if (moves.length === 0) break;
          for (const m of moves) {
            const uci = m.from + m.to + (m.promotion ?? '');
            expect(kingTwoSquaresCastle(chess.fen(), uci)).toBe(uci);
            if (m.isKingsideCastle() || m.isQueensideCastle()) {
              const rookSquare = (m.isKingsideCastle() ? 'h' : 'a') + m.from[1];
              expect(kingTwoSquaresCastle(chess.fen(), m.from + rookSquare)).toBe(uci);
            }
          }
          const m = moves[pick % moves.length]!;
          chess.move(m);
        }
      }),
      { numRuns: 60 },
    );
  });
});
