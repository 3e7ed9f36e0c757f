/** The board's squares and pieces as data: names, display order and the spoken position. */

export type BoardColor = 'white' | 'black';
export type PieceKind = 'p' | 'n' | 'b' | 'r' | 'q' | 'k';
export interface BoardPiece {
  color: BoardColor;
  kind: PieceKind;
}
export type BoardPosition = Readonly<Record<string, BoardPiece | undefined>>;

export const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] as const;
export const RANKS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

export const PIECE_NAMES: Readonly<Record<PieceKind, string>> = {
  p: 'pawn',
  n: 'knight',
  b: 'bishop',
  r: 'rook',
  q: 'queen',
  k: 'king',
};

/** "e2 white pawn", "e4 empty". */
export function squareLabel(square: string, piece: BoardPiece | undefined): string {
  return piece ? `${square} ${piece.color} ${PIECE_NAMES[piece.kind]}` : `${square} empty`;
}

/** The squares as displayed, top-left first (rank 8 on top for white). */
export function displayOrder(orientation: BoardColor): string[] {
  const files = orientation === 'white' ? FILES : [...FILES].reverse();
  const ranks = orientation === 'white' ? [...RANKS].reverse() : RANKS;
  return ranks.flatMap((rank) => files.map((file) => `${file}${rank}`));
}

/** The key that reads the whole position (with no modifier; either case). */
export const READ_POSITION_KEY = 'p';

const ORDER_OF_KINDS: readonly PieceKind[] = ['k', 'q', 'r', 'b', 'n', 'p'];
const PLURAL: Readonly<Record<PieceKind, string>> = {
  p: 'Pawns',
  n: 'Knights',
  b: 'Bishops',
  r: 'Rooks',
  q: 'Queens',
  k: 'Kings',
};

/** "a2", "b2" and "c2": a spoken list. */
function spokenList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The whole position in words, by side and then by piece from king to pawn, squares in file
 * order: "White: King e1, Queen d1, Rooks a1 and h1, ... Black: King e8, ...".
 */
export function describePosition(pieces: BoardPosition): string {
  const sides = (['white', 'black'] as const).map((color) => {
    const parts: string[] = [];
    for (const kind of ORDER_OF_KINDS) {
      const squares = Object.keys(pieces)
        .filter((sq) => pieces[sq]?.color === color && pieces[sq]?.kind === kind)
        .sort();
      if (squares.length === 0) continue;
      const name = squares.length === 1 ? capitalize(PIECE_NAMES[kind]) : PLURAL[kind];
      parts.push(`${name} ${spokenList(squares)}`);
    }
    return `${capitalize(color)}: ${parts.length ? parts.join(', ') : 'no pieces'}.`;
  });
  return sides.join(' ');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
