import { opposite, type Color } from './status.ts';

/**
 * Server clock math (ARCHITECTURE principle 1: the server keeps the clocks). All times are
 * epoch milliseconds of the server clock.
 *
 * The clock model follows Lichess: neither clock runs until both sides made their first move
 * (each first move has its own deadline instead, see FIRST_MOVE_MS); from then on the side to
 * move's clock runs from `runningSince`.
 */

/**
 * The most network lag credited to one move. The client reports its measured one-way lag; we
 * credit at most this much and never more than the time the move took, so a lying client gains
 * at most this per move and never gets time back that it did not spend.
 */
export const LAG_COMPENSATION_CAP_MS = 300;
/** Each side's first move must come within this, else the game ends as `nostart`. */
export const FIRST_MOVE_MS = 30_000;
/** A player whose sockets all closed keeps the game this long; then the opponent may claim victory. */
export const DISCONNECT_GRACE_MS = 60_000;
/** Clocks start with the move of this ply count (after both first moves). */
export const CLOCK_STARTS_AT_PLY = 2;

/**
 * The first-move window: with `ply` moves on the board, is a first move still missing? Then the
 * clocks do not run and the side to move has the first-move deadline instead (FIRST_MOVE_MS).
 * The server (its view's `firstMoveDeadline`, the sweeper) and the web (the first-move note) ask this.
 */
export const inFirstMoveWindow = (ply: number): boolean => ply < CLOCK_STARTS_AT_PLY;

export interface ClockState {
  whiteMs: number;
  blackMs: number;
  /** When the side to move's clock started; null while no clock runs. */
  runningSince: number | null;
}

export const initialClock = (initialMs: number): ClockState => ({
  whiteMs: initialMs,
  blackMs: initialMs,
  runningSince: null,
});

const msOf = (c: ClockState, color: Color): number => (color === 'white' ? c.whiteMs : c.blackMs);
const withMs = (c: ClockState, color: Color, ms: number): ClockState =>
  color === 'white' ? { ...c, whiteMs: ms } : { ...c, blackMs: ms };

/** Time the side to move has spent since its clock started (0 when not running; never negative). */
const elapsedMs = (c: ClockState, now: number): number =>
  c.runningSince === null ? 0 : Math.max(0, now - c.runningSince);

/** Remaining time of both sides at `now`, never below zero. */
export function remainingAt(c: ClockState, turn: Color, now: number): { white: number; black: number } {
  const running = Math.max(0, msOf(c, turn) - elapsedMs(c, now));
  return turn === 'white' ? { white: running, black: c.blackMs } : { white: c.whiteMs, black: running };
}

/** The lag credited to a move: the reported lag, capped, never negative, never more than the time spent. */
export function lagCredit(reportedLagMs: number | undefined, spentMs: number, cap = LAG_COMPENSATION_CAP_MS): number {
  const lag = reportedLagMs === undefined || !Number.isFinite(reportedLagMs) ? 0 : reportedLagMs;
  return Math.max(0, Math.min(lag, cap, spentMs));
}

export type MoveClockOutcome =
  | { ok: true; clock: ClockState; spentMs: number; creditMs: number }
  /** The mover's time ran out before the move (after the lag credit): the game ends on time. */
  | { ok: false; flagged: true };

/**
 * The clocks after `mover` moves at `now`. `ply` is the ply of this move (1 = White's first).
 * The mover pays the time since its clock started minus the capped lag credit, then gains the
 * increment; the opponent's clock starts at `now` once both sides have moved.
 */
export function clockAfterMove(opts: {
  clock: ClockState;
  mover: Color;
  ply: number;
  now: number;
  incrementMs: number;
  reportedLagMs?: number;
}): MoveClockOutcome {
  const { clock, mover, ply, now, incrementMs } = opts;
  const elapsed = elapsedMs(clock, now);
  const creditMs = lagCredit(opts.reportedLagMs, elapsed);
  const spentMs = elapsed - creditMs;
  const left = msOf(clock, mover) - spentMs;
  if (clock.runningSince !== null && left <= 0) return { ok: false, flagged: true };
  // Increment only once clocks run: Lichess adds none for the free first moves.
  const gained = clock.runningSince === null ? 0 : incrementMs;
  const next = withMs(clock, mover, left + gained);
  return { ok: true, clock: { ...next, runningSince: inFirstMoveWindow(ply) ? null : now }, spentMs, creditMs };
}

/**
 * When the side to move flags for sure: its remaining time plus the largest lag credit a move
 * could still get (a move sent in time but delayed by the network must not lose to the sweeper).
 */
export function flagDeadline(c: ClockState, turn: Color, cap = LAG_COMPENSATION_CAP_MS): number | null {
  return c.runningSince === null ? null : c.runningSince + msOf(c, turn) + cap;
}

/** Whether the side to move is out of time at `now` (no lag credit: nobody moved). */
export function isFlagged(c: ClockState, turn: Color, now: number, cap = LAG_COMPENSATION_CAP_MS): boolean {
  const deadline = flagDeadline(c, turn, cap);
  return deadline !== null && now >= deadline;
}

/** Stops the clocks at `now` (game end): the side to move pays its time, floored at zero. */
export function stopClock(c: ClockState, turn: Color, now: number): ClockState {
  const r = remainingAt(c, turn, now);
  return { whiteMs: r.white, blackMs: r.black, runningSince: null };
}

/**
 * The clocks after a takeback leaves `ply` moves on the board, at `now`: the side to move pays
 * the time it spent until now (no time is given back, as on Lichess), and the clock of the new
 * side to move runs from `now` once both first moves stand (CLOCK_STARTS_AT_PLY).
 */
export function clockAfterTakeback(c: ClockState, turn: Color, ply: number, now: number): ClockState {
  return { ...stopClock(c, turn, now), runningSince: inFirstMoveWindow(ply) ? null : now };
}

export const sideToMove = (ply: number): Color => (ply % 2 === 0 ? 'white' : 'black');
export const moverOfPly = (ply: number): Color => opposite(sideToMove(ply));
