import type { BoardColor, BoardPiece, BoardPosition, PieceKind } from './squares.ts';

/**
 * A position as its FEN draws it, without the rules engine: the pieces and the side to move.
 * The game screen shows this while chess.js loads (chess.ts, loaded by useChessRules.ts), so
 * chess.js is not part of the play page's first load (issue 17); it offers no move until then.
 */

export interface ParsedMove {
  from: string;
  to: string;
  promotion?: 'q' | 'r' | 'b' | 'n';
  san: string;
  uci: string;
}

/** A read-only snapshot of one position. */
export interface PositionInfo {
  pieces: BoardPosition;
  turn: BoardColor;
  /** Legal destinations of the side to move, by origin square. */
  dests: ReadonlyMap<string, readonly string[]>;
  /** The square of the king in check, if any. */
  check: string | null;
  /** Every legal move of the side to move. */
  moves: readonly ParsedMove[];
}

export const EMPTY_POSITION: PositionInfo = { pieces: {}, turn: 'white', dests: new Map(), check: null, moves: [] };

const FILES = 'abcdefgh';
const KINDS: ReadonlySet<string> = new Set(['p', 'n', 'b', 'r', 'q', 'k']);

/**
 * The pieces and the side to move of a FEN; no moves, no check (those need the rules). An
 * unreadable FEN is an empty board, as chess.ts answers for one.
 */
export function positionOfFen(fen: string): PositionInfo {
  const [placement, side] = fen.trim().split(/\s+/);
  const ranks = placement?.split('/') ?? [];
  if (ranks.length !== 8 || (side !== 'w' && side !== 'b')) return EMPTY_POSITION;
  const pieces: Record<string, BoardPiece> = {};
  for (const [index, rank] of ranks.entries()) {
    let file = 0;
    for (const char of rank) {
      if (char >= '1' && char <= '8') {
        file += Number(char);
        continue;
      }
      const kind = char.toLowerCase();
      if (!KINDS.has(kind) || file > 7) return EMPTY_POSITION;
      pieces[`${FILES[file]}${8 - index}`] = { color: char === kind ? 'black' : 'white', kind: kind as PieceKind };
      file += 1;
    }
    if (file !== 8) return EMPTY_POSITION;
  }
  return { ...EMPTY_POSITION, pieces, turn: side === 'w' ? 'white' : 'black' };
}

const START_COUNT: Readonly<Record<Exclude<PieceKind, 'k'>, number>> = { p: 8, n: 2, b: 2, r: 2, q: 1 };
const CAPTURE_ORDER: readonly Exclude<PieceKind, 'k'>[] = ['q', 'r', 'b', 'n', 'p'];

/**
 * The pieces each side has lost, from the position alone (the starting set minus what is on the
 * board; a promoted piece counts as the pawn it was).
 */
export function capturedPieces(pieces: BoardPosition): Record<BoardColor, PieceKind[]> {
  const count = (color: BoardColor) => {
    const c: Record<Exclude<PieceKind, 'k'>, number> = { p: 0, n: 0, b: 0, r: 0, q: 0 };
    for (const piece of Object.values(pieces))
      if (piece && piece.color === color && piece.kind !== 'k') c[piece.kind] += 1;
    // Promotions: extra pieces beyond the starting set came from pawns.
    for (const kind of ['n', 'b', 'r', 'q'] as const) {
      const extra = c[kind] - START_COUNT[kind];
      if (extra > 0) {
        c[kind] -= extra;
        c.p += extra;
      }
    }
    return c;
  };
  const lost = (color: BoardColor): PieceKind[] => {
    const c = count(color);
    return CAPTURE_ORDER.flatMap((kind) =>
      Array.from({ length: Math.max(0, START_COUNT[kind] - c[kind]) }, () => kind),
    );
  };
  return { white: lost('white'), black: lost('black') };
}
