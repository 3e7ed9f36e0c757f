import { replay } from '@rush/domain';
import type { BoardColor, BoardPiece } from './squares.ts';
import { EMPTY_POSITION, type ParsedMove, type PositionInfo } from './fen.ts';

/**
 * The board's view of a position, read with the domain's chess rules (chess.js, the library the
 * server referees with). Only for display and instant feedback: which squares a piece may go
 * to, which move a typed text means, the king in check. The server decides whether a move counts.
 * The game screen loads this module after its first render (useChessRules.ts).
 */

export type { ParsedMove, PositionInfo } from './fen.ts';

type ChessGame = ReturnType<typeof replay>;
type Move = ReturnType<ChessGame['move']>;

const COLOR: Readonly<Record<'w' | 'b', BoardColor>> = { w: 'white', b: 'black' };

function load(fen: string, moves: readonly string[] = []): ChessGame | null {
  try {
    return replay(fen, moves);
  } catch {
    return null; // an unreadable position or an illegal move
  }
}

function toParsed(move: Move): ParsedMove {
  const promotion = move.promotion as ParsedMove['promotion'];
  return {
    from: move.from,
    to: move.to,
    promotion,
    san: move.san,
    uci: `${move.from}${move.to}${promotion ?? ''}`,
  };
}

export function positionInfo(fen: string): PositionInfo {
  const chess = load(fen);
  if (!chess) return EMPTY_POSITION;
  const pieces: Record<string, BoardPiece> = {};
  for (const row of chess.board()) {
    for (const cell of row) {
      if (cell) pieces[cell.square] = { color: COLOR[cell.color], kind: cell.type };
    }
  }
  const moves = chess.moves({ verbose: true }).map(toParsed);
  const dests = new Map<string, string[]>();
  for (const m of moves) {
    const list = dests.get(m.from) ?? [];
    if (!list.includes(m.to)) list.push(m.to);
    dests.set(m.from, list);
  }
  let check: string | null = null;
  if (chess.inCheck()) {
    const turn = chess.turn();
    check = chess.findPiece({ type: 'k', color: turn })[0] ?? null;
  }
  return { pieces, turn: COLOR[chess.turn()], dests, check, moves };
}

/** The legal moves from one square to another (four when it is a promotion, else at most one). */
export function movesBetween(info: PositionInfo, from: string, to: string): ParsedMove[] {
  return info.moves.filter((m) => m.from === from && m.to === to);
}

const UCI = /^([a-h][1-8])-?([a-h][1-8])=?([qrbnQRBN])?$/;

/**
 * A move typed as text: SAN ("e4", "Nf3", "exd5", "O-O", "e8=Q", "Qh4#") or UCI ("e2e4",
 * "e7e8q", also "e2-e4"). Case of the piece letter and of castling zeros is forgiven.
 */
export function parseMoveText(info: PositionInfo, text: string): ParsedMove | null {
  const raw = text.trim().replace(/[!?]+$/, '');
  if (!raw) return null;
  const uci = UCI.exec(raw.toLowerCase());
  if (uci) {
    const [, from, to, promo] = uci;
    const candidates = info.moves.filter((m) => m.from === from && m.to === to);
    if (candidates.length === 1 && !promo) return candidates[0] ?? null;
    if (promo) return candidates.find((m) => m.promotion === promo.toLowerCase()) ?? null;
  }
  const normal = raw.replace(/0/g, 'O').replace(/[+#]+$/, '');
  const strip = (san: string) => san.replace(/[+#]+$/, '');
  const exact = info.moves.find((m) => strip(m.san) === normal);
  if (exact) return exact;
  // "nf3", "qh4": a lower-case piece letter (never a pawn move, whose SAN starts with a file).
  const pieceFirst = normal.length > 1 ? normal[0]!.toUpperCase() + normal.slice(1) : normal;
  const byPiece = /^[NBRQK]/.test(pieceFirst) ? info.moves.find((m) => strip(m.san) === pieceFirst) : undefined;
  if (byPiece) return byPiece;
  // "e8q" for "e8=Q"
  const promo = /^([a-h](?:x[a-h])?[18])=?([qrbnQRBN])$/.exec(normal);
  if (promo) return info.moves.find((m) => strip(m.san) === `${promo[1]}=${promo[2]!.toUpperCase()}`) ?? null;
  return null;
}

/** The position after one UCI move (the optimistic display of our own move); null if illegal. */
export function fenAfterMove(fen: string, uci: string): string | null {
  return fenAfter(fen, [uci]);
}

/** The position after some UCI moves from a start (for replays); null if a move is not legal. */
export function fenAfter(initialFen: string, uciMoves: readonly string[]): string | null {
  return load(initialFen, uciMoves)?.fen() ?? null;
}
