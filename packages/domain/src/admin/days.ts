/**
 * UTC calendar days for the admin dashboard (issue 12): a range of days as `YYYY-MM-DD`, the
 * rules a requested range must meet, and per-day series filled with zeros where the database
 * had no row. Pure, so the server's queries and the web's range picker agree on every edge.
 */

/** A range covers at most this many days (a leap year). */
export const DASHBOARD_MAX_DAYS = 366;
/** With no range asked for: the last 30 days, today (UTC) included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

export const DAY_MS = 86_400_000;

export const DAY_RANGE_TEXTS = {
  invalid: 'Dates must be real days written YYYY-MM-DD', // ours
  reversed: 'The first day must not be after the last day', // ours
  tooLong: `A range covers at most ${DASHBOARD_MAX_DAYS} days`, // ours
} as const;

export type DayRangeRefusal = keyof typeof DAY_RANGE_TEXTS;

/** An inclusive range of UTC days; `start` and `endExclusive` bound the timestamps in it. */
export interface DayRange {
  from: string;
  to: string;
  days: string[];
  start: Date;
  endExclusive: Date;
}

export type DayRangeDecision =
  { ok: true; range: DayRange } | { ok: false; reason: DayRangeRefusal; message: string; field: 'from' | 'to' };

const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of an instant, `YYYY-MM-DD`. */
export function dayKey(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Midnight UTC opening `day`, or null when it is not a real calendar day (2026-02-30, 2026-13-01). */
export function parseDay(day: string): Date | null {
  const m = DAY_SHAPE.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0-99 to 1900-1999.
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) return null;
  return at;
}

/** `day` moved by `n` days (negative: earlier). `day` must be valid. */
export function addDays(day: string, n: number): string {
  const at = parseDay(day);
  if (!at) throw new RangeError(`not a day: ${day}`);
  return dayKey(new Date(at.getTime() + n * DAY_MS));
}

/** Every day from `from` to `to`, both included, in order; empty when `to` is before `from`. */
export function listDays(from: string, to: string): string[] {
  const a = parseDay(from);
  const b = parseDay(to);
  if (!a || !b) throw new RangeError(`not a day range: ${from}..${to}`);
  const out: string[] = [];
  for (let t = a.getTime(); t <= b.getTime(); t += DAY_MS) out.push(dayKey(new Date(t)));
  return out;
}

/**
 * The range a dashboard request asks for. `to` defaults to today (UTC), `from` to 29 days
 * before `to`; a day that is not a real date, a reversed range and one longer than
 * DASHBOARD_MAX_DAYS are refused with a message the admin can act on.
 */
export function resolveDayRange(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): DayRangeDecision {
  const refuse = (reason: DayRangeRefusal, field: 'from' | 'to' = 'from'): DayRangeDecision => ({
    ok: false,
    reason,
    message: DAY_RANGE_TEXTS[reason],
    field,
  });
  const to = query.to ?? dayKey(now);
  const end = parseDay(to);
  if (!end) return refuse('invalid', 'to');
  const from = query.from ?? dayKey(new Date(end.getTime() - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS));
  const start = parseDay(from);
  if (!start) return refuse('invalid');
  if (start.getTime() > end.getTime()) return refuse('reversed');
  const count = Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > DASHBOARD_MAX_DAYS) return refuse('tooLong');
  return {
    ok: true,
    range: { from, to, days: listDays(from, to), start, endExclusive: new Date(end.getTime() + DAY_MS) },
  };
}

/**
 * One value per day of `days`: the row's value for days that have one, zero for the others.
 * Rows for days outside the range are ignored; two rows for one day are added up.
 */
export function fillSeries(days: readonly string[], rows: Iterable<{ day: string; value: number }>): number[] {
  const byDay = new Map<string, number>();
  for (const r of rows) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.value);
  return days.map((d) => byDay.get(d) ?? 0);
}
