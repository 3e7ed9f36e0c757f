import { z } from 'zod';
import { COLORS, CURRENCIES, GAME_MODE_IDS } from '@rush/domain';
import { isoTime } from '../time.ts';

/**
 * Fair play over HTTP (issue 14): a finished game's engine analysis for its players (the
 * analysis page, History: Analyze) and admins, and the admin review of held payouts. Changes
 * reach admins as `admin.changed {section: 'flags'}` on the admin topic, and players through
 * `balances.changed` (a released payout) and the game view's `underReview`.
 */
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().max(500);

export const MOVE_CLASSES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder', 'book', 'forced'] as const;
export const MoveClassSchema = z.enum(MOVE_CLASSES);

export const MoveTimeProfileView = z.object({
  meanMs: z.number(),
  varianceMs2: z.number(),
  constantShare: z.number().min(0).max(1),
});

/** domain SideFigures on the wire. */
export const SideFiguresView = z.object({
  counted: z.number().int().min(0),
  acpl: z.number().min(0),
  top1: z.number().min(0).max(1),
  top3: z.number().min(0).max(1),
  blunders: z.number().int().min(0),
  mistakes: z.number().int().min(0),
  inaccuracies: z.number().int().min(0),
  moveTime: MoveTimeProfileView.nullable(),
});
export type SideFiguresView = z.infer<typeof SideFiguresView>;

export const VerdictKindSchema = z.enum(['insufficient', 'clean', 'suspect']);

export const AnalysedPlyView = z.object({
  ply: z.number().int().min(1),
  color: z.enum(COLORS),
  uci: z.string(),
  san: z.string(),
  class: MoveClassSchema,
  /**
   * White's view after the move, centipawns clamped to ±1000 (a mate shows as ±1000), for the
   * graph; null where nothing evaluated the position (the book).
   */
  evalCp: z.number().int().nullable(),
  /** The engine's first choice before the move (UCI and SAN); shown on demand. */
  best: z.string().nullable(),
  bestSan: z.string().nullable(),
});
export type AnalysedPlyView = z.infer<typeof AnalysedPlyView>;

export const GameAnalysisResponse = z.object({
  gameId: z.string(),
  /** `none`: not analysed (an unstaked, unrated game); `queued`/`running`: not yet; `failed`: the engine gave up. */
  state: z.enum(['none', 'queued', 'running', 'done', 'failed']),
  plies: z.array(AnalysedPlyView),
  white: SideFiguresView.nullable(),
  black: SideFiguresView.nullable(),
  verdict: z.object({ white: VerdictKindSchema, black: VerdictKindSchema }).nullable(),
});
export type GameAnalysisResponse = z.infer<typeof GameAnalysisResponse>;

const PlayerRef = z.object({ uid: z.string(), username: z.string() });

export const HeldGameView = z.object({
  gameId: z.string(),
  mode: z.enum(GAME_MODE_IDS),
  heldAt: isoTime,
  stake: z.object({ currency: z.enum(CURRENCIES), amount: minor, pot: minor }),
  /** The flagged winner whose payout is held, and the opponent. */
  winner: PlayerRef,
  loser: PlayerRef,
  winnerColor: z.enum(COLORS),
  /** A bot game (issue 33): the loser is the bot, the house staked the rest of the pot and keeps it on confirm. */
  againstBot: z.boolean(),
  white: SideFiguresView.nullable(),
  black: SideFiguresView.nullable(),
  /** Why the winner was flagged (the domain verdict's reasons). */
  reasons: z.array(z.string()),
});
export type HeldGameView = z.infer<typeof HeldGameView>;
export const HeldGamesResponse = z.object({ games: z.array(HeldGameView) });
export type HeldGamesResponse = z.infer<typeof HeldGamesResponse>;

export const ConfirmHeldRequest = z.object({ reason: reason.default('') });
export type ConfirmHeldRequest = z.infer<typeof ConfirmHeldRequest>;
