import {
  ARBITRATION_THRESHOLD,
  CANADIAN_DEPOSIT_FEE,
  CANADIAN_WITHDRAWAL_FEE,
  CASH_REFUSED_STATES,
  DEFAULT_USD_WAGERS,
  DEFAULT_WBX_WAGERS,
  DEPOSIT_PRESETS,
  FEE_PERCENT,
  formatAmount,
  GAME_MODES,
  MIN_DEPOSIT,
  MONTHLY_DEPOSIT_CAP,
  RC_REWARDS,
  units,
  US_TAX_INFO_THRESHOLD,
} from '@rush/domain';

/**
 * The figures the static pages quote (SPEC 1, 3, 9), each worded from the domain's constant the
 * rules use, so the Terms and the FAQ cannot drift from what the server enforces. Plain numbers
 * (the ELO gap, hours, days) the pages take from the domain as they are.
 */

/** "$10": round dollar figures read without cents, as prose quotes them. */
const dollars = (minor: bigint) => formatAmount(minor, 'usd', { trimCents: true });
/** "US$3,000": the SPEC's wording of bounds and fees, said in full for Canadian readers. */
const usDollars = (minor: bigint) => formatAmount(minor, 'usd', { mark: 'long', trimCents: true });
/** "500 RC". */
const rushCoins = (minor: bigint) => formatAmount(minor, 'wbx', { trimCents: true });

export const CASH_PLAY_REFUSED_STATES = Object.values(CASH_REFUSED_STATES);

export const PLATFORM_FEE_PERCENT = String(FEE_PERCENT);
export const DEPOSIT_MIN_USD = dollars(MIN_DEPOSIT);
export const DEPOSIT_MAX_PER_MONTH_USD = usDollars(MONTHLY_DEPOSIT_CAP);
export const DEPOSIT_PRESETS_USD = DEPOSIT_PRESETS.map(dollars);
// The fees keep their cents ("US$2.00"), as the SPEC writes them.
export const CANADA_DEPOSIT_FEE = formatAmount(CANADIAN_DEPOSIT_FEE, 'usd', { mark: 'long' });
export const CANADA_WITHDRAWAL_FEE = formatAmount(CANADIAN_WITHDRAWAL_FEE, 'usd', { mark: 'long' });
export const US_TAX_INFO_THRESHOLD_USD = dollars(US_TAX_INFO_THRESHOLD);
export const ARBITRATION_THRESHOLD_USD = dollars(ARBITRATION_THRESHOLD);

/** The default catalogue's wagers (an admin may change the live ones): "$1" ... and "50" ... "2,500". */
export const USD_WAGERS = DEFAULT_USD_WAGERS.map((value) => dollars(units(value)));
export const RC_WAGERS = DEFAULT_WBX_WAGERS.map((value) =>
  formatAmount(units(value), 'wbx', { mark: 'none', trimCents: true }),
);

const modes = Object.values(GAME_MODES).sort((a, b) => a.order - b.order);
/** "Blitz 3+0", "Blitz 5+0", "Rapid 10+0". */
export const HUMAN_GAME_MODES = modes.filter((m) => !m.bot).map((m) => m.name);
/** Minutes a side of the bot games, longest first: "30", "15", "10". */
export const BOT_TIME_CONTROLS = modes
  .filter((m) => m.bot)
  .map((m) => m.initialMs / 60_000)
  .sort((a, b) => b - a)
  .map(String);

/** SPEC 9 RushCoin rewards as the FAQ lists them ("500 RC"). */
export const RC_REWARD_TEXTS = {
  linkAccount: rushCoins(RC_REWARDS.linkAccount),
  perGame: rushCoins(RC_REWARDS.perGame),
  winBonus: rushCoins(RC_REWARDS.winBonus),
  firstGameOfDay: rushCoins(RC_REWARDS.firstGameOfDay),
  outOfCoinsTopUp: rushCoins(RC_REWARDS.topUp),
} as const;

/** "a, b and c" (or "a, b or c") */
export function listInWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}
