/**
 * Castling in UCI has two spellings. Ours, chess.js's and the UCI standard's is the king's own
 * move, two squares (`e1g1`). Lichess's Board API game stream writes it king-to-rook (`e1h1`,
 * `e8a8`), as Chess960 needs, in standard chess too since September 2025. A king can never move
 * onto its own rook, so a king-to-rook move is unambiguous: this turns it into the king's
 * two-square move, and leaves every other move as it was (legality is the rules engine's).
 */

const FILES = 'abcdefgh';

/** The piece letter on `square` of a FEN's placement field ('' when empty or unreadable). */
function pieceAt(fen: string, square: string): string {
  const file = FILES.indexOf(square[0] ?? '');
  const rank = Number(square[1]);
  const rows = (fen.split(' ')[0] ?? '').split('/');
  const row = rows[8 - rank];
  if (file < 0 || row === undefined) return '';
  let col = 0;
  for (const ch of row) {
    if (/[1-8]/.test(ch)) col += Number(ch);
    else if (col++ === file) return ch;
    if (col > file) return '';
  }
  return '';
}

const KING_TO_ROOK: Record<string, string> = {
  e1h1: 'e1g1',
  e1a1: 'e1c1',
  e8h8: 'e8g8',
  e8a8: 'e8c8',
};

/**
 * `uci` played on the position `fen`, castling written as the king's two-square move. Only a
 * king on e1/e8 moving onto its own rook on the h or a file of its rank is rewritten.
 */
export function kingTwoSquaresCastle(fen: string, uci: string): string {
  const target = KING_TO_ROOK[uci];
  if (target === undefined) return uci;
  const king = pieceAt(fen, uci.slice(0, 2));
  const rook = pieceAt(fen, uci.slice(2, 4));
  const white = uci[1] === '1';
  if (king !== (white ? 'K' : 'k') || rook !== (white ? 'R' : 'r')) return uci;
  return target;
}
