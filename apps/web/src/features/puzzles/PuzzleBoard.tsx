import { useCallback, useState, type MouseEvent } from 'react';
import { Board } from '../../ui/board/Board.tsx';
import { displayOrder } from '../../ui/board/squares.ts';
import { movesBetween } from '../../ui/board/chess.ts';
import { PromotionDialog } from '../../ui/board/PromotionDialog.tsx';
import type { PuzzleBoardState } from './usePuzzleBoard.ts';

/** Where a square sits on the board as displayed, as percentages of the board's side. */
function squareBox(square: string, orientation: 'white' | 'black') {
  const index = displayOrder(orientation).indexOf(square);
  return { top: `${Math.floor(index / 8) * 12.5}%`, left: `${(index % 8) * 12.5}%` };
}

/**
 * The puzzle board: the shared accessible Board seen from the user's side, the promotion choice
 * of the game screen, and the red cross on a wrong move's square. While a wrong move stays on
 * the board (Casual), a click or key press on any square undoes it instead of selecting.
 */
export function PuzzleBoard({ board }: { board: PuzzleBoardState }) {
  const { info, onMove, undo, phase } = board;
  const orientation = board.puzzle.color;
  const [promotion, setPromotion] = useState<{ from: string; to: string } | null>(null);

  const onBoardMove = useCallback(
    (from: string, to: string) => {
      const options = movesBetween(info, from, to);
      if (options.length > 1) setPromotion({ from, to });
      else if (options[0]) onMove(options[0].uci);
    },
    [info, onMove],
  );

  const undoOnClick =
    phase === 'wrong'
      ? (event: MouseEvent) => {
          event.stopPropagation();
          event.preventDefault();
          undo();
        }
      : undefined;

  return (
    <>
      <div className="puzzle-board" onClickCapture={undoOnClick} data-phase={phase}>
        <Board
          label="Puzzle board"
          pieces={info.pieces}
          orientation={orientation}
          dests={board.dests}
          lastMove={board.lastMove}
          check={info.check}
          onMove={onBoardMove}
        />
        {board.cross ? (
          <span
            className="puzzle-cross"
            data-testid="wrong-move-cross"
            data-square={board.cross}
            style={squareBox(board.cross, orientation)}
            aria-hidden="true"
          >
            ✕
          </span>
        ) : null}
      </div>
      {promotion ? (
        <PromotionDialog
          color={orientation}
          onCancel={() => setPromotion(null)}
          onChoose={(kind) => {
            const choice = movesBetween(info, promotion.from, promotion.to).find((m) => m.promotion === kind);
            setPromotion(null);
            if (choice) onMove(choice.uci);
          }}
        />
      ) : null}
    </>
  );
}

/** 'Move for White', then the last verdict: a polite live region read after every change. */
export function PuzzleStatus({ board }: { board: PuzzleBoardState }) {
  const tone =
    board.phase === 'wrong' || board.outcome === 'failed'
      ? 'wrong'
      : board.outcome === 'solved' || board.phase === 'reply'
        ? 'right'
        : 'neutral';
  return (
    <div className="puzzle-status" role="status" aria-atomic="true" data-tone={tone}>
      <p className="puzzle-side">{board.sideLine ?? '\u00a0'}</p>
      <p className="puzzle-message">{board.message ?? ''}</p>
      {board.error ? <p className="puzzle-error">{board.error}</p> : null}
    </div>
  );
}
