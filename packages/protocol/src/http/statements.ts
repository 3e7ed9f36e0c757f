import { z } from 'zod';

/** Issue 37 statements. Minor units on the wire; `net` and `withdrawals` may be negative. */
const signedMinor = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** GET WALLET_ROUTES.statements: the months a player may ask for, newest first. */
export const StatementMonthsResponse = z.object({ months: z.array(month) });
export type StatementMonthsResponse = z.infer<typeof StatementMonthsResponse>;

/** The path of one month's statement ("2026-11"); the CSV and PDF routes take the same. */
export const StatementParams = z.object({ month });
export type StatementParams = z.infer<typeof StatementParams>;

export const CurrencyFiguresView = z.object({
  deposits: signedMinor,
  withdrawals: signedMinor,
  fees: signedMinor,
  staked: signedMinor,
  returned: signedMinor,
  won: signedMinor,
  lost: signedMinor,
  net: signedMinor,
  earned: signedMinor,
  spent: signedMinor,
});
export type CurrencyFiguresView = z.infer<typeof CurrencyFiguresView>;

/** GET WALLET_ROUTES.statement(month): the month's figures (domain statements.ts). */
export const StatementResponse = z.object({
  month,
  usd: CurrencyFiguresView,
  wbx: CurrencyFiguresView,
  games: z.number().int().min(0),
  playedMs: z.number().int().min(0),
});
export type StatementResponse = z.infer<typeof StatementResponse>;
