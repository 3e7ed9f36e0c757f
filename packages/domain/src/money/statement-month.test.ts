import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  monthBounds,
  monthEnded,
  monthOf,
  monthTitle,
  previousMonth,
  statementFileName,
  statementMonthAllowed,
  statementMonths,
} from './statement-month.ts';

const at = (iso: string) => new Date(iso);

describe('statement months', () => {
  it.each([
    ['2026-11-01T00:00:00.000Z', '2026-11'],
    ['2026-11-30T23:59:59.999Z', '2026-11'],
    ['2026-12-31T23:59:59.999Z', '2026-12'],
    ['2027-01-01T00:00:00.000Z', '2027-01'],
  ])('%s is in %s (UTC)', (iso, month) => {
    expect(monthOf(at(iso))).toBe(month);
  });

  it.each([
    ['2026-02', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2024-02', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('%s runs from its first instant to the next month', (month, from, to) => {
    expect(monthBounds(month)).toEqual({ from: at(from), to: at(to) });
  });

  it('refuses what is not a month', () => {
    for (const bad of ['2026-13', '2026-1', '2026-00', 'x']) expect(() => monthBounds(bad)).toThrow();
  });

  it.each([
    ['2026-01', '2025-12'],
    ['2026-03', '2026-02'],
  ])('before %s is %s', (m, before) => expect(previousMonth(m)).toBe(before));

  it('offers the account first month to the current one, newest first', () => {
    expect(statementMonths(at('2026-10-31T23:00:00Z'), at('2027-01-02T00:00:00Z'))).toEqual([
      '2027-01',
      '2026-12',
      '2026-11',
      '2026-10',
    ]);
    expect(statementMonths(at('2026-11-05T00:00:00Z'), at('2026-11-06T00:00:00Z'))).toEqual(['2026-11']);
    // A clock behind the account still offers the current month.
    expect(statementMonths(at('2026-12-05T00:00:00Z'), at('2026-11-06T00:00:00Z'))).toEqual(['2026-11']);
  });

  it.each([
    ['2026-10', true],
    ['2026-12', true],
    ['2026-09', false],
    ['2027-01', false],
    ['2026-1', false],
  ])('%s allowed: %s', (month, allowed) => {
    expect(statementMonthAllowed(month, at('2026-10-15T00:00:00Z'), at('2026-12-03T00:00:00Z'))).toBe(allowed);
  });

  it('ends at the next month first instant', () => {
    expect(monthEnded('2026-11', at('2026-11-30T23:59:59.999Z'))).toBe(false);
    expect(monthEnded('2026-11', at('2026-12-01T00:00:00.000Z'))).toBe(true);
  });

  it('names the month and the files', () => {
    expect(monthTitle('2026-11')).toBe('November 2026');
    expect(statementFileName('2026-11', 'csv')).toBe('rushchess-statement-2026-11.csv');
    expect(statementFileName('2026-11', 'pdf')).toBe('rushchess-statement-2026-11.pdf');
  });

  it('every instant lies in its month bounds, and the list is contiguous and allowed', () => {
    const instant = fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const { from, to } = monthBounds(monthOf(a));
        expect(from.getTime() <= a.getTime() && a.getTime() < to.getTime()).toBe(true);
        const [created, now] = a < b ? [a, b] : [b, a];
        const months = statementMonths(created, now);
        expect(months[0]).toBe(monthOf(now));
        expect(months[months.length - 1]).toBe(monthOf(created));
        for (let i = 1; i < months.length; i += 1) expect(previousMonth(months[i - 1]!)).toBe(months[i]);
        for (const m of months) expect(statementMonthAllowed(m, created, now)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
