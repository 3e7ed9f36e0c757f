import type { Currency } from '../money/currency.ts';
import {
  activeWagers,
  wagerMinor,
  type AppStateConfig,
  type Catalog,
  type ModeConfig,
  type WagerConfig,
} from '../matchmaking/catalog.ts';
import { accountRefusal, lossLimitRefusal, type PlayerFacts, type Refusal } from '../matchmaking/eligibility.ts';
import { MATCH_TEXTS } from '../matchmaking/texts.ts';
import { GAME_MODES, isGameModeId, type GameModeId } from '../play/modes.ts';
import { BOT_LEVELS, BOT_STRENGTH, type BotLevel } from './strength.ts';
import { BOT_TEXTS } from './texts.ts';

/** SPEC 9: "Default game type for engine bot_000001". */
export const DEFAULT_BOT_GAME_TYPE: GameModeId = 'bot_000001';
/** The wizard opens on the level that pays least and is easiest to beat. */
export const DEFAULT_BOT_LEVEL: BotLevel = 'low';
/** SPEC 5: "Bot play only with wbx". */
export const BOT_CURRENCY = 'wbx' satisfies Currency;

export const isBotLevel = (x: unknown): x is BotLevel =>
  typeof x === 'string' && (BOT_LEVELS as readonly string[]).includes(x);

/** The active bot game types (SPEC 3: bot_000001..3), in the catalogue's order. */
export const activeBotModes = (c: Catalog): ModeConfig[] =>
  c.modes.filter((m) => m.status === 'active' && GAME_MODES[m.id].bot).sort((a, b) => a.order - b.order);

/** bot_000001 when active, else the first active bot type, else none (every bot type switched off). */
export function defaultBotGameType(c: Catalog): GameModeId | null {
  const active = activeBotModes(c);
  return active.find((m) => m.id === DEFAULT_BOT_GAME_TYPE)?.id ?? active[0]?.id ?? null;
}

export interface BotWizardParams {
  gameType: GameModeId | null;
  currency: typeof BOT_CURRENCY;
  bet: number | null;
  level: BotLevel;
}

/**
 * The bot wizard's query (`gameType`, `bet`, `c`, `bot`) corrected to valid values as SPEC 5
 * corrects the player wizard's: a game type that is not an active bot type falls back to the
 * default, the currency is always wbx (a `c=usd` cannot be honoured, and a USD `bet` means
 * nothing in RushCoins), `bet` to an active wbx value or the first one, `bot` to a level or Low.
 */
export function normalizeBotWizard(
  query: { gameType?: string | null; c?: string | null; bet?: string | null; bot?: string | null },
  catalog: Catalog,
): BotWizardParams {
  const active = activeBotModes(catalog);
  const gameType =
    query.gameType && isGameModeId(query.gameType) && active.some((m) => m.id === query.gameType)
      ? query.gameType
      : defaultBotGameType(catalog);
  const options = activeWagers(catalog, BOT_CURRENCY);
  const betApplies = query.c !== 'usd';
  const asked = betApplies && query.bet && /^\d+$/.test(query.bet) ? Number(query.bet) : NaN;
  const bet = options.find((w) => w.value === asked)?.value ?? options[0]?.value ?? null;
  return { gameType, currency: BOT_CURRENCY, bet, level: isBotLevel(query.bot) ? query.bot : DEFAULT_BOT_LEVEL };
}

export interface BotStartRequest {
  gameType: string;
  currency: Currency;
  /** Whole RushCoins, as in the wizard's `bet`. */
  bet: number;
  level: BotLevel;
}

export type BotStartDecision =
  { ok: true; mode: GameModeId; wager: WagerConfig; amount: bigint; level: BotLevel; multiplier: bigint } | Refusal;

/**
 * Whether the player may start this bot game: the account rules of every start (signed in, not
 * banned or closed, not paused, some balance), then RushCoins only, an active bot game type, an
 * active wbx wager and the balance to stake it. The wager ladder and the provisional rule are
 * not applied: both gate play against people (who is ready to meet whom for how much), and
 * the bot's strength is chosen by its level instead.
 */
export function decideBotStart(
  p: PlayerFacts,
  app: AppStateConfig,
  catalog: Catalog,
  req: BotStartRequest,
): BotStartDecision {
  const account = accountRefusal(p, app);
  if (account) return account;
  if (req.currency !== BOT_CURRENCY) return { ok: false, code: 'botCurrency', message: BOT_TEXTS.rushCoinsOnly };
  const mode = activeBotModes(catalog).find((m) => m.id === req.gameType);
  if (!mode) return { ok: false, code: 'gameType', message: MATCH_TEXTS.gameTypeUnavailable };
  const wager = activeWagers(catalog, BOT_CURRENCY).find((w) => w.value === req.bet);
  if (!wager) return { ok: false, code: 'wager', message: MATCH_TEXTS.wagerUnavailable };
  const amount = wagerMinor(wager.value);
  const loss = lossLimitRefusal(p, BOT_CURRENCY, amount);
  if (loss) return loss;
  if (p.balances.wbx < amount) return { ok: false, code: 'insufficient', message: MATCH_TEXTS.insufficientBalance };
  return {
    ok: true,
    mode: mode.id,
    wager,
    amount,
    level: req.level,
    multiplier: BigInt(BOT_STRENGTH[req.level].multiplier),
  };
}
