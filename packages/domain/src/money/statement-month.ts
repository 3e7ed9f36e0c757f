/**
 * Issue 37 statements: a statement covers one calendar month in UTC, named "YYYY-MM". A player
 * can ask for every month from the one their account was created in to the current one.
 */
export type StatementMonth = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** "2026-11" for any instant of November 2026 (UTC). */
export function monthOf(at: Date): StatementMonth {
  return `${String(at.getUTCFullYear()).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const isStatementMonth = (s: string): s is StatementMonth => MONTH.test(s);

/** The month's first instant, inclusive, and the next month's first instant, exclusive. */
export function monthBounds(month: StatementMonth): { from: Date; to: Date } {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`not a month: ${month}`);
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

/** The month before `month` ("2026-01" -> "2025-12"). */
export function previousMonth(month: StatementMonth): StatementMonth {
  const { from } = monthBounds(month);
  return monthOf(new Date(from.getTime() - 1));
}

/** The months a player can ask for, newest first: the account's first month to `now`'s. */
export function statementMonths(accountCreatedAt: Date, now: Date): StatementMonth[] {
  const first = monthOf(accountCreatedAt);
  const months: StatementMonth[] = [];
  let m = monthOf(now);
  // A clock behind the account's creation still offers the current month, never an empty list.
  months.push(m);
  while (m > first) {
    m = previousMonth(m);
    months.push(m);
  }
  return months;
}

/** Whether `month` is one the player may ask for (see `statementMonths`). */
export function statementMonthAllowed(month: string, accountCreatedAt: Date, now: Date): boolean {
  if (!isStatementMonth(month)) return false;
  const current = monthOf(now);
  const first = monthOf(accountCreatedAt) < current ? monthOf(accountCreatedAt) : current;
  return month >= first && month <= current;
}

/** Whether the month has ended at `now` (its mail goes out only then). */
export const monthEnded = (month: StatementMonth, now: Date): boolean =>
  now.getTime() >= monthBounds(month).to.getTime();

/** "November 2026": how the month is written on the statement and in its mail. */
export function monthTitle(month: StatementMonth): string {
  const { from } = monthBounds(month);
  return from.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The downloaded file's name: "rushchess-statement-2026-11.csv" (or .pdf). */
export const statementFileName = (month: StatementMonth, kind: 'csv' | 'pdf'): string =>
  `rushchess-statement-${month}.${kind}`;
