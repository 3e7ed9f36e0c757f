import type { ReactElement } from 'react';
import { defaultPieces } from 'react-chessboard';
import type { BoardColor, BoardPiece } from './squares.ts';

const PIECE_KEY: Readonly<Record<BoardColor, string>> = { white: 'w', black: 'b' };

/** The picture of a piece (react-chessboard's set), decorative: the square carries the name. */
export function PieceImage({ piece }: { piece: BoardPiece }): ReactElement | null {
  const render = defaultPieces[`${PIECE_KEY[piece.color]}${piece.kind.toUpperCase()}`];
  return render ? render() : null;
}
