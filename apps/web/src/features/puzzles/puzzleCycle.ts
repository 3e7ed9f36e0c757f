import { FIRST_MOVE_DELAY_MS, NEXT_PUZZLE_PAUSE_MS, PUZZLE_TEXTS, REPLY_DELAY_MS, SOLVE_STEP_MS } from '@rush/domain';
import type { MoveVerdictView, PuzzleView } from '@rush/protocol';

/**
 * The cycle of one puzzle on a board (SPEC 4 Puzzle board), one reducer for Casual, Solo and
 * Battle: the opponent's first move plays itself after 1 s, the user's move goes to a judge
 * (the server, or the known solution after Casual Solve), a right move gets its reply 700 ms
 * later, and the puzzle ends solved or failed; Solve plays the solution 1 s apart. Pure: the
 * hooks dispatch the user's moves and the judge's answers, and run the one timed step that
 * `timedStep` names (usePuzzleCycle).
 */

/**
 * intro: before the opponent's first move; play: the user's turn; judging: a move is with the
 * judge; reply: a right move waits for its reply; wrong: a wrong move stays until undone
 * (Casual); showing: the solution is being played; done: solved, failed or shown; over: no
 * puzzle (Battle: the sequence ran out or the battle is over).
 */
export type CyclePhase = 'intro' | 'play' | 'judging' | 'reply' | 'wrong' | 'showing' | 'done' | 'over';
export type Outcome = 'solved' | 'failed';
/** Casual keeps a wrong move on the board to undo; the rush modes fail the puzzle at once. */
export type WrongMove = 'undo' | 'fail';

export interface CycleState {
  puzzle: PuzzleView | null;
  wrongMove: WrongMove;
  /** The moves played from the puzzle's FEN, ply-indexed (0 is the opponent's first move). */
  moves: readonly string[];
  /** The user's move with the judge, or the wrong move kept on the board. */
  pending: string | null;
  phase: CyclePhase;
  /** The reply to play (reply), or the solution moves still to play (showing). */
  queue: readonly string[];
  outcome: Outcome | null;
  /** The judge's word on the user's last move; it stands until the next move. */
  verdict: MoveVerdictView['verdict'] | null;
  /**
   * Battle: the next puzzle of the sequence, shown when the pause after `done` ends (null: none
   * left). Absent when the screen brings the next puzzle itself (Casual's Next, Solo's run).
   */
  next?: PuzzleView | null;
}

export type CycleAction =
  | { type: 'start'; puzzle: PuzzleView | null }
  | { type: 'firstMove' }
  | { type: 'move'; uci: string }
  /** The judge's answer for the move of `attemptId`; Battle's answer carries the next puzzle. */
  | { type: 'judged'; attemptId: string; verdict: MoveVerdictView; next?: PuzzleView | null }
  /** The judge could not answer (network, refusal): the move is taken back and may be played again. */
  | { type: 'notJudged'; attemptId: string }
  | { type: 'replied' }
  | { type: 'undo' }
  | { type: 'showSolution'; solution: readonly string[] }
  | { type: 'solutionStep' }
  /** Battle Skip: the next puzzle at once, if `attemptId` is still the one on the board. */
  | { type: 'skipped'; attemptId: string; next: PuzzleView | null }
  | { type: 'next' };

export const cycleStart = (puzzle: PuzzleView | null, wrongMove: WrongMove): CycleState => ({
  puzzle,
  wrongMove,
  moves: [],
  pending: null,
  phase: puzzle ? 'intro' : 'over',
  queue: [],
  outcome: null,
  verdict: null,
});

/** How a verdict ends the puzzle, if it does: solved, or failed when wrong moves fail. */
export function verdictOutcome(verdict: MoveVerdictView, wrongMove: WrongMove): Outcome | null {
  if (verdict.verdict === 'wrong') return wrongMove === 'fail' ? 'failed' : null;
  return verdict.solved ? 'solved' : null;
}

const withNext = (next: PuzzleView | null | undefined) => (next === undefined ? {} : { next });

function judged(s: CycleState, a: Extract<CycleAction, { type: 'judged' }>): CycleState {
  // A late answer (another puzzle, a move already taken back) changes nothing.
  if (s.phase !== 'judging' || s.pending === null || s.puzzle?.attemptId !== a.attemptId) return s;
  const outcome = verdictOutcome(a.verdict, s.wrongMove);
  if (a.verdict.verdict === 'wrong') {
    return { ...s, phase: outcome ? 'done' : 'wrong', outcome, verdict: 'wrong', ...withNext(a.next) };
  }
  const moves = [...s.moves, s.pending];
  if (outcome) return { ...s, moves, pending: null, phase: 'done', outcome, verdict: 'correct', ...withNext(a.next) };
  const { reply } = a.verdict;
  return {
    ...s,
    moves,
    pending: null,
    phase: reply ? 'reply' : 'play',
    queue: reply ? [reply] : [],
    verdict: 'correct',
  };
}

export function puzzleCycle(s: CycleState, a: CycleAction): CycleState {
  switch (a.type) {
    case 'start':
      return cycleStart(a.puzzle, s.wrongMove);
    case 'firstMove':
      // Lichess convention: the FEN is before the opponent's move, which plays itself.
      return s.phase === 'intro' && s.puzzle ? { ...s, moves: [s.puzzle.firstMove], phase: 'play' } : s;
    case 'move':
      return s.phase === 'play' ? { ...s, pending: a.uci, phase: 'judging', verdict: null } : s;
    case 'judged':
      return judged(s, a);
    case 'notJudged':
      return s.phase === 'judging' && s.puzzle?.attemptId === a.attemptId ? { ...s, pending: null, phase: 'play' } : s;
    case 'replied': {
      const reply = s.queue[0];
      return s.phase === 'reply' && reply ? { ...s, moves: [...s.moves, reply], queue: [], phase: 'play' } : s;
    }
    case 'undo':
      return s.phase === 'wrong' ? { ...s, pending: null, phase: 'play', verdict: null } : s;
    case 'showSolution':
      // The rest of the solution: the moves after those already played.
      return { ...s, pending: null, phase: 'showing', queue: a.solution.slice(s.moves.length), verdict: null };
    case 'solutionStep': {
      if (s.phase !== 'showing') return s;
      const [step, ...rest] = s.queue;
      if (!step) return { ...s, phase: 'done' };
      return { ...s, moves: [...s.moves, step], queue: rest, phase: rest.length > 0 ? 'showing' : 'done' };
    }
    case 'skipped':
      return s.puzzle?.attemptId === a.attemptId ? cycleStart(a.next, s.wrongMove) : s;
    case 'next':
      return s.phase === 'done' && s.next !== undefined ? cycleStart(s.next, s.wrongMove) : s;
  }
}

/** The step that comes by itself after a delay in this state, if any (the hook's one timer). */
export function timedStep(
  s: Pick<CycleState, 'phase' | 'queue' | 'next'>,
): { delayMs: number; action: CycleAction } | null {
  switch (s.phase) {
    case 'intro':
      return { delayMs: FIRST_MOVE_DELAY_MS, action: { type: 'firstMove' } };
    case 'reply':
      return { delayMs: REPLY_DELAY_MS, action: { type: 'replied' } };
    case 'showing':
      return { delayMs: s.queue.length > 0 ? SOLVE_STEP_MS : 0, action: { type: 'solutionStep' } };
    case 'done':
      // SPEC 4: a 750 ms pause between a finished puzzle and the next one.
      return s.next === undefined ? null : { delayMs: NEXT_PUZZLE_PAUSE_MS, action: { type: 'next' } };
    default:
      return null;
  }
}

/** The moves on the board: those played, then the move with the judge or the wrong one kept. */
export const shownMoves = (s: CycleState): readonly string[] => (s.pending ? [...s.moves, s.pending] : s.moves);

/** The ply of the user's next move (1, 3, 5...): the moves played so far. */
export const nextPly = (s: CycleState): number => s.moves.length;

/** Battle Skip: before the user's move is sent (the first move may still be coming). */
export const canSkip = (s: CycleState): boolean => s.puzzle !== null && (s.phase === 'intro' || s.phase === 'play');

/** The phases that ask the user for a move (or judge the one made): only they say whose move. */
const ASKS_A_MOVE: ReadonlySet<CyclePhase> = new Set(['play', 'judging', 'reply', 'wrong']);

/**
 * The two lines of the board's status (SPEC 4 texts): whose move it is while one is asked, and
 * the last verdict or what happened. A finished position never asks for a move (issue 19):
 * after Solve it says the solution was shown.
 */
export function statusLines(
  s: CycleState,
  color: 'white' | 'black',
): { sideLine: string | null; message: string | null } {
  const sideLine = ASKS_A_MOVE.has(s.phase) ? PUZZLE_TEXTS.moveFor(color) : null;
  let message: string | null = null;
  if (s.outcome === 'failed') message = PUZZLE_TEXTS.puzzleFailed;
  else if (s.outcome === 'solved') message = PUZZLE_TEXTS.solved;
  else if (s.phase === 'showing') message = PUZZLE_TEXTS.showingSolution;
  else if (s.phase === 'done') message = PUZZLE_TEXTS.solutionShown;
  else if (s.verdict === 'wrong') message = PUZZLE_TEXTS.wrongMove;
  else if (s.verdict === 'correct') message = PUZZLE_TEXTS.correctMove;
  else if (s.phase === 'play' && s.moves.length < 2) message = PUZZLE_TEXTS.makeFirstMove;
  return { sideLine, message };
}
