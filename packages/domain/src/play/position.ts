import { Chess } from 'chess.js';
import type { Color, FinishedStatus } from './status.ts';
import { applyUci, noLegalMove } from './uci-move.ts';

export { applyUci };

/** A position rebuilt from its moves (a rules check per ply: prefer a stored FEN). */
export function replay(initialFen: string, moves: readonly string[]): Chess {
  const chess = new Chess(initialFen);
  for (const uci of moves) {
    if (!applyUci(chess, uci)) throw new Error(`stored move ${uci} is illegal`);
  }
  return chess;
}

/** The FEN after each ply, the initial one first (what a game stores instead of replaying). */
export function fenHistory(initialFen: string, moves: readonly string[]): string[] {
  const chess = new Chess(initialFen);
  const out = [chess.fen()];
  for (const uci of moves) {
    if (!applyUci(chess, uci)) throw new Error(`stored move ${uci} is illegal`);
    out.push(chess.fen());
  }
  return out;
}

/**
 * What makes two positions "the same" for repetition (FIDE 9.2): placement, side to move,
 * castling rights and en passant (chess.js writes the square only when a capture is possible),
 * not the move counters.
 */
export const positionKey = (fen: string): string => fen.split(' ').slice(0, 4).join(' ');

/** Whether the last position of the history occurred three times. */
export function isThreefold(history: readonly string[]): boolean {
  const last = history[history.length - 1];
  if (last === undefined) return false;
  const key = positionKey(last);
  let n = 0;
  for (const fen of history) if (positionKey(fen) === key) n++;
  return n >= 3;
}

/** The board of a FEN. */
export const boardOf = (fen: string): Chess => new Chess(fen);

export const turnOf = (chess: Chess): Color => (chess.turn() === 'w' ? 'white' : 'black');

export interface EndByRule {
  status: FinishedStatus;
  winner: Color | null;
}

/**
 * Automatic ends from the position (SPEC 4 statuses): mate wins for the side that moved,
 * stalemate has its own status, and threefold, fifty moves and insufficient material are draws.
 * `history` (FENs up to and including this position) decides threefold for a board loaded from
 * a FEN, which chess.js cannot know; without it chess.js's own history is used.
 */
export function detectEnd(chess: Chess, history?: readonly string[]): EndByRule | null {
  return endOfPosition(chess, history ? isThreefold(history) : chess.isThreefoldRepetition());
}

/**
 * detectEnd with the repetition already decided by the caller (a referee that keeps each
 * position's count in memory answers it without rereading the whole history).
 */
export function endOfPosition(chess: Chess, threefold: boolean): EndByRule | null {
  // One search for a legal move decides both (chess.js's isCheckmate and isStalemate each list them all).
  if (noLegalMove(chess)) {
    return chess.isCheck()
      ? { status: 'mate', winner: turnOf(chess) === 'white' ? 'black' : 'white' }
      : { status: 'stalemate', winner: null };
  }
  if (chess.isInsufficientMaterial() || threefold || chess.isDrawByFiftyMoves()) {
    return { status: 'draw', winner: null };
  }
  return null;
}

/**
 * Whether `color` cannot mate whatever happens: a lone king, or king and one knight or one
 * bishop. A player who runs out of time against such material draws instead of losing (FIDE
 * 6.9; Lichess applies the same approximation).
 */
export function cannotMate(chess: Chess, color: Color): boolean {
  const c = color === 'white' ? 'w' : 'b';
  const pieces: string[] = [];
  for (const row of chess.board())
    for (const sq of row) if (sq && sq.color === c && sq.type !== 'k') pieces.push(sq.type);
  return pieces.length === 0 || (pieces.length === 1 && (pieces[0] === 'n' || pieces[0] === 'b'));
}

/** The result of a flag: the flagger loses, unless the opponent cannot mate (draw). */
export function endOnTime(chess: Chess, flagged: Color): EndByRule {
  const opponent: Color = flagged === 'white' ? 'black' : 'white';
  return cannotMate(chess, opponent) ? { status: 'draw', winner: null } : { status: 'outoftime', winner: opponent };
}
