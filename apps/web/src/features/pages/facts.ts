/**
 * Figures quoted by the static pages, from SPEC sections 1, 3 and 9. They are prose here, not
 * rules: the server enforces the real limits.
 */
export const CASH_PLAY_REFUSED_STATES = [
  'Arizona',
  'Arkansas',
  'Delaware',
  'Louisiana',
  'Maryland',
  'Montana',
  'South Carolina',
  'South Dakota',
  'Tennessee',
] as const;

export const PLATFORM_FEE_PERCENT = 10;
export const DEPOSIT_MIN_USD = '$10';
export const DEPOSIT_MAX_PER_MONTH_USD = 'US$3,000';
export const DEPOSIT_PRESETS_USD = ['$20', '$50', '$100', '$200'] as const;
export const CANADA_DEPOSIT_FEE = 'US$0.50';
export const CANADA_WITHDRAWAL_FEE = 'US$2.00';
export const WITHDRAWAL_BLOCK_AFTER_DEPOSIT_HOURS = 48;
export const US_TAX_INFO_THRESHOLD = '$600';
export const DISPUTE_NOTICE_DAYS = 60;
export const ARBITRATION_THRESHOLD = '$10,000';

export const USD_WAGERS = ['$1', '$5', '$10', '$25', '$50'] as const;
export const RC_WAGERS = ['50', '100', '200', '500', '1,000', '2,500'] as const;
export const GAME_MODES = ['Blitz 3+0', 'Blitz 5+0', 'Rapid 10+0'] as const;
export const BOT_TIME_CONTROLS = ['30', '15', '10'] as const;

export const RC_REWARDS = {
  linkAccount: 500,
  perGame: 100,
  winBonus: 250,
  firstGameOfDay: 300,
  outOfCoinsTopUp: 100,
} as const;

export const ELO_GAP = 700;

/** "a, b and c" */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
