import { useCallback, useMemo, useState } from 'react';
import { judgeMove, type PuzzleRow } from '@rush/domain';
import type { MoveVerdictView, PuzzleView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { fenAfter, positionInfo, type PositionInfo } from '../../ui/board/chess.ts';
import {
  cycleStart,
  nextPly,
  shownMoves,
  statusLines,
  verdictOutcome,
  type CyclePhase,
  type Outcome,
  type WrongMove,
} from './puzzleCycle.ts';
import { usePuzzleCycle } from './usePuzzleCycle.ts';

/**
 * One puzzle on the board (SPEC 4 Puzzle board) for Casual and Solo Puzzle Rush: the puzzle
 * cycle (puzzleCycle.ts, shared with Battle) with moves judged by `judge` (the server, or the
 * known solution after Casual Solve). A component keyed by the attempt owns one instance, so a
 * new puzzle starts clean.
 */

export type Judge = (ply: number, uci: string) => Promise<MoveVerdictView>;
export type { Outcome };

interface Options {
  puzzle: PuzzleView;
  judge: Judge;
  /** Casual keeps a wrong move on the board to undo; the rush modes fail the puzzle at once. */
  wrongMove: WrongMove;
  /** Called once when the puzzle is solved or failed by a move (not by Solve). */
  onOutcome?: (outcome: Outcome) => void;
  /** False freezes the board (time up, result shown). */
  enabled?: boolean;
}

const NO_DESTS: ReadonlyMap<string, readonly string[]> = new Map();

export interface PuzzleBoardState {
  puzzle: PuzzleView;
  info: PositionInfo;
  dests: ReadonlyMap<string, readonly string[]>;
  lastMove: readonly [string, string] | null;
  /** The destination of the wrong move on the board (red cross). */
  cross: string | null;
  phase: CyclePhase;
  outcome: Outcome | null;
  /** 'Move for White/Black' once the first move is played. */
  sideLine: string | null;
  message: string | null;
  error: string | null;
  /** The moves played so far (after a solve, the whole line). */
  moves: readonly string[];
  onMove: (uci: string) => void;
  undo: () => void;
  showSolution: (solution: readonly string[]) => void;
}

export function usePuzzleBoard({ puzzle, judge, wrongMove, onOutcome, enabled = true }: Options): PuzzleBoardState {
  const [state, dispatch] = usePuzzleCycle(() => cycleStart(puzzle, wrongMove));
  const [error, setError] = useState<string | null>(null);

  const onMove = useCallback(
    (uci: string) => {
      if (state.phase !== 'play' || !enabled) return;
      const ply = nextPly(state);
      const { attemptId } = puzzle;
      setError(null);
      dispatch({ type: 'move', uci });
      judge(ply, uci).then(
        (verdict) => {
          // Nothing else changes the moves while one is judged (Solve waits for the verdict).
          dispatch({ type: 'judged', attemptId, verdict });
          const outcome = verdictOutcome(verdict, wrongMove);
          if (outcome) onOutcome?.(outcome);
        },
        (e: unknown) => {
          dispatch({ type: 'notJudged', attemptId });
          setError(errorText(e));
        },
      );
    },
    [state, enabled, puzzle, judge, wrongMove, onOutcome, dispatch],
  );

  const undo = useCallback(() => dispatch({ type: 'undo' }), [dispatch]);

  /** Plays the rest of the solution (the moves after those already played), 1 s apart. */
  const showSolution = useCallback(
    (solution: readonly string[]) => {
      setError(null);
      dispatch({ type: 'showSolution', solution });
    },
    [dispatch],
  );

  const line = useMemo(() => shownMoves(state), [state]);
  const fen = useMemo(() => fenAfter(puzzle.fen, line) ?? puzzle.fen, [puzzle.fen, line]);
  const info = useMemo(() => positionInfo(fen), [fen]);
  const last = line[line.length - 1];
  const lastMove = useMemo<readonly [string, string] | null>(
    () => (last ? [last.slice(0, 2), last.slice(2, 4)] : null),
    [last],
  );
  const wrongShown = state.pending && (state.phase === 'wrong' || state.outcome === 'failed');
  const canMove = enabled && state.phase === 'play' && info.turn === puzzle.color;

  return {
    puzzle,
    info,
    dests: canMove ? info.dests : NO_DESTS,
    lastMove,
    cross: wrongShown && state.pending ? state.pending.slice(2, 4) : null,
    phase: state.phase,
    outcome: state.outcome,
    ...statusLines(state, puzzle.color),
    error,
    moves: state.moves,
    onMove,
    undo,
    showSolution,
  };
}

/** The solution as ply-indexed moves (the opponent's first move included, whichever way it came). */
export function fullSolution(puzzle: PuzzleView, moves: readonly string[]): string[] {
  return moves[0] === puzzle.firstMove ? [...moves] : [puzzle.firstMove, ...moves];
}

/** Judges against a known solution, on this device (a Casual puzzle replayed after Reset). */
export function localJudge(puzzle: PuzzleView, solution: readonly string[]): Judge {
  const row: PuzzleRow = {
    id: puzzle.puzzleId,
    fen: puzzle.fen,
    moves: [...solution],
    rating: puzzle.rating,
    themes: puzzle.themes,
  };
  return (ply, uci) => {
    const v = judgeMove(row, ply, uci);
    return Promise.resolve(
      v.verdict === 'wrong'
        ? { verdict: 'wrong', reply: null, solved: false }
        : { verdict: 'correct', reply: v.solved ? null : v.reply, solved: v.solved },
    );
  };
}
