import {
  applyUci,
  boardOf,
  clockAfterMove,
  detectEnd,
  endOfPosition,
  endOnTime,
  positionKey,
  moverOfPly,
  opposite,
  PLAY_TEXTS,
  type Color,
  type EndByRule,
} from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import type { GamePatch, GameRecord } from './games.store.ts';
import type { KeptPosition } from './live-games.ts';
import type { MoveInput } from './platform-port.ts';
import { clockColumns, clockOf, deadlineFor, fensOf, moveTimesOf, statusOf, turnOf } from './record.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

/** The row a legal, timely move writes: its patch, and the appended elements on their own. */
export interface AppliedMove {
  uci: string;
  san: string;
  fen: string;
  /** What the mover's clock paid (null before the clocks run): fair play's move-time profile. */
  thinkMs: number | null;
  /** Every column the move changes, arrays whole (what the locked path writes). */
  patch: GamePatch & Required<Pick<GamePatch, 'moves' | 'moveTimes' | 'san' | 'fens' | 'ply' | 'fen'>>;
  /** The end the move brings by rule (mate, stalemate, a draw), if any. */
  end: EndByRule | null;
}

/**
 * What the referee decides about one `game.move` on the game as it stands (`g`), at `now`:
 * - `resent`: the move was applied already (a resend gets the same answer, ARCHITECTURE 6);
 * - `refused`: out of sync, over, not your turn, illegal;
 * - `noStart`: the first-move deadline passed, the game ends unstarted;
 * - `flagged`: the mover's clock ran out before the move, the game ends on time;
 * - `moved`: the move stands.
 * Pure: the locked path and the in-memory path both call it, so a move is judged one way.
 */
export type MoveJudgement =
  | { kind: 'resent' }
  | { kind: 'refused'; error: AppError }
  | { kind: 'noStart' }
  | { kind: 'flagged'; end: EndByRule }
  | { kind: 'moved'; move: AppliedMove };

/**
 * `position`, when given, is the game's kept position at `g.fen` (LiveGames): the move is played
 * on its board instead of a board loaded from the FEN, so a `moved` judgement leaves the board
 * after the move (the caller keeps it only if the move commits) and any other leaves it as it was.
 */
export function judgeMove(
  g: GameRecord,
  me: Color,
  input: MoveInput,
  now: Date,
  position?: KeptPosition,
): MoveJudgement {
  if (input.ply <= g.ply) {
    return g.moves[input.ply - 1] === input.uci && moverOfPly(input.ply) === me
      ? { kind: 'resent' }
      : { kind: 'refused', error: conflict(PLAY_TEXTS.outOfSync) };
  }
  if (statusOf(g) !== 'started') return { kind: 'refused', error: conflict(PLAY_TEXTS.gameOver) };
  if (input.ply !== g.ply + 1) return { kind: 'refused', error: conflict(PLAY_TEXTS.outOfSync) };
  if (turnOf(g) !== me) return { kind: 'refused', error: conflict(PLAY_TEXTS.notYourTurn) };
  if (g.turnStartedAt === null && g.deadlineAt && now >= g.deadlineAt) return { kind: 'noStart' };
  // The kept board, else the stored FEN, never a replay: one move's work, whatever the game's length.
  const chess = position?.board ?? boardOf(g.fen);
  const applied = applyUci(chess, input.uci);
  if (!applied) return { kind: 'refused', error: new AppError('BAD_REQUEST', PLAY_TEXTS.illegalMove) };
  const clk = clockAfterMove({
    clock: clockOf(g),
    mover: me,
    ply: input.ply,
    now: now.getTime(),
    incrementMs: g.incrementMs,
    reportedLagMs: input.lagMs,
  });
  if (!clk.ok) {
    chess.undo();
    return { kind: 'flagged', end: endOnTime(chess, me) };
  }
  const fens = [...fensOf(g), applied.fen];
  const thinkMs = g.turnStartedAt === null ? null : Math.max(0, Math.round(clk.spentMs));
  return {
    kind: 'moved',
    move: {
      uci: input.uci,
      san: applied.san,
      fen: applied.fen,
      thinkMs,
      patch: {
        moves: [...g.moves, input.uci],
        moveTimes: [...moveTimesOf(g), thinkMs],
        san: [...g.san, applied.san],
        fen: applied.fen,
        fens,
        ply: input.ply,
        ...clockColumns(clk.clock),
        deadlineAt: deadlineFor(input.ply, clk.clock, now),
        // Moving declines the opponent's draw offer; any takeback request lapses.
        drawOffer: g.drawOffer === opposite(me) ? null : g.drawOffer,
        takebackOffer: null,
      },
      end: position
        ? endOfPosition(chess, (position.seen.get(positionKey(applied.fen)) ?? 0) + 1 >= 3)
        : detectEnd(chess, fens),
    },
  };
}
