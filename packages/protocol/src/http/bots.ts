import { z } from 'zod';
import { BOT_LEVELS, CURRENCIES, GAME_MODE_IDS } from '@rush/domain';

/**
 * Bot games over HTTP (issue 13; SPEC 7 startBotGame, abortBotGame). The game itself is a
 * built-in game: its moves, clocks and end arrive on `game:{id}` like any game's, and resign
 * and moves go through the game commands.
 */

export const BotLevelSchema = z.enum(BOT_LEVELS);

/** The wizard's choices. `c` is accepted as a currency so USD is refused with its reason, not a 400 shape error. */
export const BotStartRequest = z.object({
  gameType: z.enum(GAME_MODE_IDS),
  c: z.enum(CURRENCIES),
  bet: z.number().int().min(0).max(1_000_000),
  level: BotLevelSchema,
});
export type BotStartRequest = z.infer<typeof BotStartRequest>;

export const BotGameView = z.object({
  gameId: z.string(),
  level: BotLevelSchema,
  /** SPEC 9: Low 1, Mid 2, High 3. */
  multiplier: z.number().int().min(1).max(3),
  currency: z.literal('wbx'),
  /** The player's stake, minor units. */
  stake: z.number().int().min(0),
  /** What a win pays the player (the pot minus the 10% fee), minor units. */
  winPays: z.number().int().min(0),
});
export type BotGameView = z.infer<typeof BotGameView>;

export const BotCurrentResponse = z.object({ bot: BotGameView.nullable() });
export type BotCurrentResponse = z.infer<typeof BotCurrentResponse>;
