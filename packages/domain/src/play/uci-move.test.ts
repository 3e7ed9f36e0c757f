import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Chess, SQUARES } from 'chess.js';
import { applyUci, noLegalMove } from './uci-move.ts';

/** chess.js's own public way of playing a UCI move: what applyUci must equal. */
function viaPublicMove(chess: Chess, uci: string): { san: string; fen: string } | null {
  const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(uci);
  if (!m) return null;
  try {
    const move = chess.move({ from: m[1]!, to: m[2]!, ...(m[3] ? { promotion: m[3] } : {}) });
    return { san: move.san, fen: move.after };
  } catch {
    return null;
  }
}

/** Starting positions rich in the cases SAN and legality turn on. */
const STARTS = [
  new Chess().fen(),
  // Promotions with and without capture, both colours.
  '1n2k3/P6P/8/8/8/8/p6p/1N2K3 w - - 0 1',
  // Castling both sides, through and out of attack.
  'r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1',
  // Knights and rooks that need a file, a rank or a square to disambiguate.
  'k7/8/1N3N2/8/1N3N2/8/R6R/4K3 w - - 0 1',
  // En passant available at once.
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  // Check to answer, pins.
  '4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1',
];

/** Every move the generator may try: the legal ones often, anything else sometimes. */
function candidates(chess: Chess, pick: number, noise: string): string {
  const legal = chess.moves({ verbose: true });
  if (legal.length === 0 || pick % 5 === 0) return noise;
  const m = legal[pick % legal.length]!;
  return m.from + m.to + (m.promotion ?? '');
}

const noiseMove = fc.oneof(
  fc
    .tuple(fc.constantFrom(...SQUARES), fc.constantFrom(...SQUARES), fc.constantFrom('', 'q', 'r', 'b', 'n', 'k'))
    .map(([a, b, p]) => a + b + p),
  fc.string({ maxLength: 6 }),
);

describe('applyUci plays a move exactly as chess.js move() does', () => {
  it('same answer, SAN, FEN, undo and repetition count over random games', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STARTS),
        fc.array(fc.tuple(fc.nat(), noiseMove), { minLength: 1, maxLength: 60 }),
        (start, steps) => {
          const mine = new Chess(start);
          const theirs = new Chess(start);
          for (const [pick, noise] of steps) {
            const uci = candidates(theirs, pick, noise);
            expect(applyUci(mine, uci)).toEqual(viaPublicMove(theirs, uci));
            expect(mine.fen()).toBe(theirs.fen());
            expect(mine.isThreefoldRepetition()).toBe(theirs.isThreefoldRepetition());
            expect(noLegalMove(mine)).toBe(theirs.isCheckmate() || theirs.isStalemate());
            if (theirs.isGameOver()) break;
          }
          // The board's history is chess.js's own: undo walks back the same way.
          while (theirs.undo()) {
            mine.undo();
            expect(mine.fen()).toBe(theirs.fen());
          }
          expect(mine.history()).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("counts repetitions as chess.js's own threefold rule reads them", () => {
    const board = new Chess();
    for (const uci of ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1']) applyUci(board, uci);
    expect(board.isThreefoldRepetition()).toBe(false);
    applyUci(board, 'f6g8');
    expect(board.isThreefoldRepetition()).toBe(true);
  });

  it.each([
    ['a promotion without its piece is illegal', '8/P7/8/8/8/8/8/k6K w - - 0 1', 'a7a8', null],
    ['underpromotion', '8/P7/8/8/8/8/8/k6K w - - 0 1', 'a7a8n', 'a8=N'],
    ['a piece letter on a quiet move is ignored, as move() does', new Chess().fen(), 'e2e4q', 'e4'],
    ['castling', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1c1', 'O-O-O'],
    ['file disambiguation', 'k7/8/8/8/8/8/4K3/R6R w - - 0 1', 'a1d1', 'Rad1'],
    ['rank disambiguation', '7k/8/R7/8/8/8/R7/4K3 w - - 0 1', 'a2a4', 'R2a4'],
    ['a pinned rival is no ambiguity', '4k3/8/8/N7/1b6/8/3N4/4K3 w - - 0 1', 'a5c4', 'Nc4'],
    ['a free rival is', '4k3/8/8/N7/8/8/3N4/4K3 w - - 0 1', 'a5c4', 'Nac4'],
    ['square disambiguation', 'k7/8/1N3N2/8/1N3N2/8/8/4K3 w - - 0 1', 'b6d5', 'Nb6d5'],
    ['en passant', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'e5f6', 'exf6'],
    ['mate', 'k7/8/1K6/8/8/8/8/7R w - - 0 1', 'h1h8', 'Rh8#'],
    ['a pinned piece cannot move', '4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1', 'd2d3', null],
    ['malformed', new Chess().fen(), 'e2-e4', null],
  ] as const)('%s', (_name, fen, uci, san) => {
    const board = new Chess(fen);
    expect(applyUci(board, uci)?.san ?? null).toBe(san);
    if (san === null) expect(board.fen()).toBe(fen);
  });

  it.each([
    ['mate', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', true],
    ['stalemate', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', true],
    ['check with an answer', '4k3/8/8/8/8/8/8/R3K3 b - - 0 1', false],
    ['only the king can move: it takes', '8/8/8/8/8/8/1r6/K6k w - - 0 1', false],
  ] as const)('noLegalMove: %s', (_name, fen, none) => {
    const board = new Chess(fen);
    expect(noLegalMove(board)).toBe(none);
    expect(board.isCheckmate() || board.isStalemate()).toBe(none);
    expect(board.fen()).toBe(fen);
  });
});
