import {
  fenHistory,
  flagDeadline,
  FIRST_MOVE_MS,
  CLOCK_STARTS_AT_PLY,
  GAME_STATUSES,
  isGameModeId,
  sideToMove,
  type ClockState,
  type Color,
  type GameModeId,
  type GameStatus,
} from '@rush/domain';
import type { ClockView, OffersView } from '@rush/protocol';
import type { GameRecord } from './games.store.ts';

/** Reading a game row in domain terms. */

export const statusOf = (g: Pick<GameRecord, 'status'>): GameStatus =>
  (GAME_STATUSES as readonly string[]).includes(g.status) ? (g.status as GameStatus) : 'unknownfinish';

export const modeOf = (g: Pick<GameRecord, 'mode'>): GameModeId => {
  if (!isGameModeId(g.mode)) throw new Error(`unknown game mode ${g.mode}`);
  return g.mode;
};

export function colorOf(g: Pick<GameRecord, 'whiteId' | 'blackId'>, uid: string | null): Color | null {
  if (uid === null) return null;
  if (g.whiteId === uid) return 'white';
  if (g.blackId === uid) return 'black';
  return null;
}

/** The FEN after each ply (stored; rebuilt by replay for rows from before the column existed). */
export const fensOf = (g: Pick<GameRecord, 'fens' | 'ply' | 'initialFen' | 'moves'>): string[] =>
  g.fens.length === g.ply + 1 ? g.fens : fenHistory(g.initialFen, g.moves);

/** Each ply's think time (null: not measured); rows from before the column have nulls for their moves. */
export const moveTimesOf = (g: Pick<GameRecord, 'moveTimes' | 'ply'>): (number | null)[] =>
  g.moveTimes.length === g.ply ? g.moveTimes : Array.from({ length: g.ply }, (_, i) => g.moveTimes[i] ?? null);

export const uidOf = (g: Pick<GameRecord, 'whiteId' | 'blackId'>, c: Color): string =>
  c === 'white' ? g.whiteId : g.blackId;

export const turnOf = (g: Pick<GameRecord, 'ply'>): Color => sideToMove(g.ply);

export const clockOf = (g: Pick<GameRecord, 'whiteMs' | 'blackMs' | 'turnStartedAt'>): ClockState => ({
  whiteMs: g.whiteMs,
  blackMs: g.blackMs,
  runningSince: g.turnStartedAt ? g.turnStartedAt.getTime() : null,
});

export const clockColumns = (c: ClockState) => ({
  whiteMs: Math.round(c.whiteMs),
  blackMs: Math.round(c.blackMs),
  turnStartedAt: c.runningSince === null ? null : new Date(c.runningSince),
});

/**
 * The instant the sweeper must look at a live game: while a first move is missing, the
 * first-move deadline (counted from `since`, the last move or the creation); afterwards the
 * moment the side to move flags.
 */
export function deadlineFor(ply: number, clock: ClockState, since: Date): Date | null {
  if (ply < CLOCK_STARTS_AT_PLY) return new Date(since.getTime() + FIRST_MOVE_MS);
  const at = flagDeadline(clock, sideToMove(ply));
  return at === null ? null : new Date(at);
}

export function clockView(g: GameRecord, now: Date): ClockView {
  return {
    initialMs: g.initialMs,
    incrementMs: g.incrementMs,
    whiteMs: g.whiteMs,
    blackMs: g.blackMs,
    runningSince: g.turnStartedAt ? g.turnStartedAt.toISOString() : null,
    serverNow: now.toISOString(),
  };
}

export const offersView = (g: Pick<GameRecord, 'drawOffer' | 'takebackOffer' | 'rematchOffer'>): OffersView => ({
  draw: g.drawOffer ?? null,
  takeback: g.takebackOffer ?? null,
  rematch: g.rematchOffer ?? null,
});
