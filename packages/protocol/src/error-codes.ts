import type { WalletSessionFlag } from '@rush/domain';

/*
 * The API's error codes, without zod: every page of the web branches on them, while the error
 * body's schema (errors.ts) loads with the other schemas, off the first load (issue 17).
 */

/** Stable error codes. The HTTP status is part of the contract: clients branch on `code`. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  ACCOUNT_DISABLED: 403,
  ACCOUNT_CLOSED: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  // Wallet (issue 3)
  INSUFFICIENT_FUNDS: 409,
  WITHDRAW_DISABLED: 403,
  LIMIT_ACTIVE: 409,
  DEPOSIT_REFUSED: 409,
  TOPUP_UNAVAILABLE: 409,
  /** Issue 37: a break is running: no stake, no deposit (withdrawals stay open). */
  COOL_OFF: 403,
  /** Issue 37: the stake, counted as lost, would pass a loss limit. */
  LOSS_LIMIT: 409,
  /** SPEC 9: a US withdrawal above $600.00 in the year waits for the player's tax details (PUT WALLET_ROUTES.tax). */
  TAX_INFO_REQUIRED: 409,
  /** No DeviceGPS with a deposit: the web asks the browser for the location first. */
  LOCATION_REQUIRED: 400,
  /** SPEC 8 wallet session flags: ll-blocked, id-blocked, id-ex, else 'Unable to process'. */
  LOCATION_BLOCKED: 403,
  IDENTITY_BLOCKED: 403,
  IDENTITY_EXISTS: 409,
  IDENTITY_FAILED: 422,
  // Matchmaking (issue 5): eligibility refusals carry `fields.reason` = the domain RefusalCode.
  MATCH_REFUSED: 400,
  /** SPEC 4: a matchmaking call within 3 s of the previous one is ignored. */
  TOO_SOON: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The error code each wallet session flag is answered with; the web turns it back into ?wallet={flag}. */
export const WALLET_FLAG_ERRORS = {
  'll-blocked': 'LOCATION_BLOCKED',
  'id-blocked': 'IDENTITY_BLOCKED',
  'id-ex': 'IDENTITY_EXISTS',
} as const satisfies Record<WalletSessionFlag, ErrorCode>;

/** The flag behind a refusal's code, if it is one. */
export function walletFlagOfError(code: string): WalletSessionFlag | null {
  const entry = Object.entries(WALLET_FLAG_ERRORS).find(([, c]) => c === code);
  return entry ? (entry[0] as WalletSessionFlag) : null;
}

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
