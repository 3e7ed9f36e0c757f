import type { Chess } from 'chess.js';

/** chess.js 1.4's move record (0x88 squares), as its private generator returns it. */
interface InternalMove {
  from: number;
  to: number;
  piece: string;
  promotion?: string;
}

/**
 * The private methods of chess.js 1.4 that its own `move()` is made of (STACK pins the version;
 * uci-move.test.ts plays random games through both paths and fails on any difference).
 */
interface ChessInternals {
  _moves(options: { legal: boolean; square?: string; piece?: string }): InternalMove[];
  _moveToSan(move: InternalMove, moves: InternalMove[]): string;
  _makeMove(move: InternalMove): void;
  _undoMove(): void;
  _isKingAttacked(color: string): boolean;
  _incPositionCount(): void;
}

const internals = (chess: Chess) => chess as unknown as ChessInternals;

/**
 * Whether a pseudo-legal move leaves the mover's king safe: chess.js's own legality filter (in
 * `_moves`), for one move, so a caller can stop at the first move it needs.
 */
function isLegal(c: ChessInternals, move: InternalMove, us: string): boolean {
  c._makeMove(move);
  const legal = !c._isKingAttacked(us);
  c._undoMove();
  return legal;
}

const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/;

/** chess.js's 0x88 index of a square ("a8" is 0, "h1" is 119). */
const ox88 = (square: string): number => (56 - square.charCodeAt(1)) * 16 + (square.charCodeAt(0) - 97);

/**
 * A UCI move played on the board, exactly as `chess.move({from, to, promotion})` plays it (the
 * same legality, SAN, FEN, history and repetition count), for a fraction of its work (issue 35:
 * the referee judges every move with it). chess.js's `move()` lists every legal move of the
 * position twice, writes the FEN before the move and plays the move three times; this lists only
 * the moving square's legal moves and the rivals its SAN must be told apart from, and plays it
 * once. With the end check (noLegalMove), a ply costs 14 µs against chess.js's 88 (a 60-ply game,
 * one core of the 2-core machine). Null, the board unchanged, when the move is malformed or illegal.
 */
export function applyUci(chess: Chess, uci: string): { san: string; fen: string } | null {
  const m = UCI.exec(uci);
  if (!m) return null;
  const c = internals(chess);
  const to = ox88(m[2]!);
  const promotion = m[3];
  // As move() matches: a promotion must name its piece; a letter on any other move is ignored.
  const move = c
    ._moves({ legal: true, square: m[1]! })
    .find((x) => x.to === to && (x.promotion === undefined || x.promotion === promotion));
  if (!move) return null;
  const san = c._moveToSan(move, rivals(chess, move));
  c._makeMove(move);
  c._incPositionCount();
  return { san, fen: chess.fen() };
}

/**
 * The legal moves the SAN of `move` is told apart from: another piece of the same kind reaching
 * the same square (never a pawn's; SAN reads only these of the list it is given).
 */
function rivals(chess: Chess, move: InternalMove): InternalMove[] {
  if (move.piece === 'p') return [];
  const c = internals(chess);
  const us = chess.turn();
  return c
    ._moves({ legal: false, piece: move.piece })
    .filter((m) => m.to === move.to && m.from !== move.from && isLegal(c, m, us));
}

/**
 * Whether the side to move has no legal move (mate or stalemate). chess.js's isCheckmate and
 * isStalemate check every pseudo-legal move; this stops at the first legal one.
 */
export function noLegalMove(chess: Chess): boolean {
  const c = internals(chess);
  const us = chess.turn();
  return !c._moves({ legal: false }).some((m) => isLegal(c, m, us));
}
