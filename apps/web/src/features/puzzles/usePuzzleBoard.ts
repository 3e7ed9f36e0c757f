import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  FIRST_MOVE_DELAY_MS,
  judgeMove,
  PUZZLE_TEXTS,
  REPLY_DELAY_MS,
  SOLVE_STEP_MS,
  type PuzzleRow,
} from '@rush/domain';
import type { MoveVerdictView, PuzzleView } from '@rush/protocol';
import { errorText } from '../../api/http.ts';
import { fenAfter, positionInfo, type PositionInfo } from '../play/chess.ts';

/**
 * One puzzle on the board (SPEC 4 Puzzle board), shared by Casual and Solo Puzzle Rush: the
 * opponent's first move after 1 s, the user's moves judged by `judge` (the server, or the known
 * solution after Casual Solve), the reply 700 ms after a correct move, the solution played 1 s
 * apart. A component keyed by the attempt owns one instance, so a new puzzle starts clean.
 */

export type Judge = (ply: number, uci: string) => Promise<MoveVerdictView>;
export type Outcome = 'solved' | 'failed';

/**
 * intro: before the first move; play: the user's turn; judging: a move is with the judge;
 * reply: a correct move waits for its reply; wrong: a wrong move stays until undone (Casual);
 * showing: the solution is being played; done: solved, failed or shown.
 */
export type PuzzlePhase = 'intro' | 'play' | 'judging' | 'reply' | 'wrong' | 'showing' | 'done';

interface State {
  /** The moves played from the puzzle's FEN, ply-indexed (0 is the opponent's first move). */
  moves: string[];
  /** The user's move waiting for its verdict, or the wrong move kept on the board. */
  pending: string | null;
  phase: PuzzlePhase;
  message: string | null;
  /** The reply to play (reply), or the solution moves still to play (showing). */
  queue: string[];
  outcome: Outcome | null;
  error: string | null;
}

const INITIAL: State = {
  moves: [],
  pending: null,
  phase: 'intro',
  message: null,
  queue: [],
  outcome: null,
  error: null,
};

interface Options {
  puzzle: PuzzleView;
  judge: Judge;
  /** Casual keeps a wrong move on the board to undo; the rush modes fail the puzzle at once. */
  wrongMove: 'undo' | 'fail';
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
  phase: PuzzlePhase;
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
  const [state, setState] = useState<State>(INITIAL);
  const { phase, queue } = state;

  // Lichess convention: the FEN is before the opponent's move, which plays itself after 1 s.
  useEffect(() => {
    if (phase !== 'intro') return;
    const timer = setTimeout(
      () => setState((s) => (s.phase === 'intro' ? { ...s, moves: [puzzle.firstMove], phase: 'play' } : s)),
      FIRST_MOVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, puzzle.firstMove]);

  useEffect(() => {
    const reply = queue[0];
    if (phase !== 'reply' || !reply) return;
    const timer = setTimeout(
      () => setState((s) => ({ ...s, moves: [...s.moves, reply], queue: [], phase: 'play' })),
      REPLY_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [phase, queue]);

  useEffect(() => {
    if (phase !== 'showing') return;
    const timer = setTimeout(
      () =>
        setState((s) => {
          const [step, ...rest] = s.queue;
          if (!step) return { ...s, phase: 'done' };
          return { ...s, moves: [...s.moves, step], queue: rest, phase: rest.length > 0 ? 'showing' : 'done' };
        }),
      queue.length > 0 ? SOLVE_STEP_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [phase, queue]);

  const onMove = useCallback(
    (uci: string) => {
      if (state.phase !== 'play' || !enabled) return;
      const ply = state.moves.length;
      setState((s) => ({ ...s, pending: uci, phase: 'judging', error: null }));
      judge(ply, uci).then(
        (verdict) => {
          if (verdict.verdict === 'wrong') {
            const failed = wrongMove === 'fail';
            setState((s) => ({
              ...s,
              pending: uci,
              phase: failed ? 'done' : 'wrong',
              outcome: failed ? 'failed' : null,
              message: failed ? PUZZLE_TEXTS.puzzleFailed : PUZZLE_TEXTS.wrongMove,
            }));
            if (failed) onOutcome?.('failed');
            return;
          }
          const moves = [...state.moves, uci];
          // Nothing else changes the moves while one is judged (Solve waits for the verdict).
          if (verdict.solved) {
            setState((s) => ({
              ...s,
              moves,
              pending: null,
              phase: 'done',
              outcome: 'solved',
              message: PUZZLE_TEXTS.solved,
            }));
            onOutcome?.('solved');
            return;
          }
          setState((s) => ({
            ...s,
            moves,
            pending: null,
            phase: verdict.reply ? 'reply' : 'play',
            queue: verdict.reply ? [verdict.reply] : [],
            message: PUZZLE_TEXTS.correctMove,
          }));
        },
        (error: unknown) => setState((s) => ({ ...s, pending: null, phase: 'play', error: errorText(error) })),
      );
    },
    [state.phase, state.moves, enabled, judge, wrongMove, onOutcome],
  );

  const undo = useCallback(
    () => setState((s) => (s.phase === 'wrong' ? { ...s, pending: null, phase: 'play', message: null } : s)),
    [],
  );

  /** Plays the rest of the solution (the moves after those already played), 1 s apart. */
  const showSolution = useCallback(
    (solution: readonly string[]) =>
      setState((s) => ({
        ...s,
        pending: null,
        phase: 'showing',
        queue: solution.slice(s.moves.length),
        message: null,
        error: null,
      })),
    [],
  );

  const line = useMemo(
    () => (state.pending ? [...state.moves, state.pending] : state.moves),
    [state.moves, state.pending],
  );
  const fen = useMemo(() => fenAfter(puzzle.fen, line) ?? puzzle.fen, [puzzle.fen, line]);
  const info = useMemo(() => positionInfo(fen), [fen]);
  const last = line[line.length - 1];
  const lastMove = useMemo<readonly [string, string] | null>(
    () => (last ? [last.slice(0, 2), last.slice(2, 4)] : null),
    [last],
  );
  const wrongShown = state.pending && (state.phase === 'wrong' || state.outcome === 'failed');
  const userMoves = Math.floor(state.moves.length / 2);
  const canMove = enabled && state.phase === 'play' && info.turn === puzzle.color;

  return {
    puzzle,
    info,
    dests: canMove ? info.dests : NO_DESTS,
    lastMove,
    cross: wrongShown && state.pending ? state.pending.slice(2, 4) : null,
    phase: state.phase,
    outcome: state.outcome,
    sideLine: state.phase === 'intro' ? null : PUZZLE_TEXTS.moveFor(puzzle.color),
    message: state.message ?? (state.phase === 'play' && userMoves === 0 ? PUZZLE_TEXTS.makeFirstMove : null),
    error: state.error,
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
