import type { Currency } from '../money/currency.ts';

/**
 * Issue 37 (operators): how close a player stands to a limit of their own. "Near" from this share
 * of the limit used (ours): 80 %, late enough that most players never show, early enough that a
 * reviewer can reach out before the limit bites. "At" once the use reaches the limit.
 */
export const NEAR_LIMIT_PERCENT = 80n;

export type LimitLevel = 'near' | 'at';

/** Where `used` stands against `max` (both minor units): at, near, or null (well inside it). */
export function limitLevel(used: bigint, max: bigint): LimitLevel | null {
  if (max < 0n || used < 0n) throw new RangeError('limit and use are never negative');
  if (used >= max) return 'at';
  return used * 100n >= max * NEAR_LIMIT_PERCENT ? 'near' : null;
}

/**
 * The limits the review reads. A deposit limit (SPEC 4) caps the month's deposits, so its use is
 * what was deposited this calendar month; a loss limit (issue 37) caps the net loss of a period.
 * A bet limit caps each stake, not a running total, so there is nothing to be near: not listed.
 */
export type ReviewedLimit =
  | { limit: 'deposit'; currency: 'usd'; period: 'month' }
  | { limit: 'loss'; currency: Currency; period: 'day' | 'week' | 'month' };

export type LimitUse = ReviewedLimit & { max: bigint; used: bigint };

/** A limit near or at its end. */
export type LimitFinding = LimitUse & { level: LimitLevel };

/** The uses that are near or at their limit, in the order given. */
export function limitFindings(uses: readonly LimitUse[]): LimitFinding[] {
  const found: LimitFinding[] = [];
  for (const use of uses) {
    const level = limitLevel(use.used, use.max);
    if (level) found.push({ ...use, level });
  }
  return found;
}
