import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  DASHBOARD_MAX_DAYS,
  DAY_MS,
  DAY_RANGE_TEXTS,
  dayKey,
  fillSeries,
  listDays,
  parseDay,
  resolveDayRange,
} from './days.ts';

const now = new Date('2026-03-10T23:59:59.999Z');

/** Any day from 1970 to 2200, as `YYYY-MM-DD`. */
const anyDay = fc.integer({ min: 0, max: 84_000 }).map((n) => dayKey(new Date(n * DAY_MS)));

describe('parseDay', () => {
  it.each([
    ['2026-03-10', '2026-03-10T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['0050-01-01', '0050-01-01T00:00:00.000Z'],
  ])('%s is midnight UTC', (day, iso) => {
    expect(parseDay(day)?.toISOString()).toBe(iso);
  });
  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-01', '26-01-01', '2026-01-01T00:00', ''])(
    '%j is not a day',
    (day) => {
      expect(parseDay(day)).toBeNull();
    },
  );
  it('round-trips with dayKey', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        expect(dayKey(parseDay(day)!)).toBe(day);
      }),
    );
  });
});

describe('listDays', () => {
  it('lists both ends and every day between, across month, year and leap days', () => {
    expect(listDays('2024-02-27', '2024-03-02')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(listDays('2025-12-31', '2026-01-01')).toEqual(['2025-12-31', '2026-01-01']);
    expect(listDays('2026-03-10', '2026-03-10')).toEqual(['2026-03-10']);
    expect(listDays('2026-03-10', '2026-03-09')).toEqual([]);
  });
  it('n days after `from` makes n + 1 consecutive, distinct, increasing days', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 400 }), (from, n) => {
        const days = listDays(from, addDays(from, n));
        expect(days).toHaveLength(n + 1);
        expect(days[0]).toBe(from);
        for (let i = 1; i < days.length; i++) expect(days[i]).toBe(addDays(days[i - 1]!, 1));
        expect([...days].sort()).toEqual(days);
      }),
    );
  });
});

describe('resolveDayRange', () => {
  it('defaults to the last 30 days, today (UTC) included', () => {
    const r = resolveDayRange({}, now);
    expect(r.ok && r.range.from).toBe('2026-02-09');
    expect(r.ok && r.range.to).toBe('2026-03-10');
    expect(r.ok && r.range.days).toHaveLength(30);
  });
  it('fills a missing end from the other', () => {
    const onlyTo = resolveDayRange({ to: '2026-01-31' }, now);
    expect(onlyTo.ok && [onlyTo.range.from, onlyTo.range.to]).toEqual(['2026-01-02', '2026-01-31']);
    const onlyFrom = resolveDayRange({ from: '2026-03-01' }, now);
    expect(onlyFrom.ok && [onlyFrom.range.from, onlyFrom.range.to]).toEqual(['2026-03-01', '2026-03-10']);
  });
  it('bounds the timestamps: start is midnight of the first day, endExclusive midnight after the last', () => {
    const r = resolveDayRange({ from: '2026-03-01', to: '2026-03-02' }, now);
    expect(r.ok && r.range.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(r.ok && r.range.endExclusive.toISOString()).toBe('2026-03-03T00:00:00.000Z');
  });
  it.each([
    ['one day', { from: '2026-03-10', to: '2026-03-10' }, 1],
    ['366 days (a leap year)', { from: '2024-01-01', to: '2024-12-31' }, 366],
    ['future days are allowed (they are zeros)', { from: '2026-03-10', to: '2026-04-10' }, 32],
  ])('accepts %s', (_name, query, length) => {
    const r = resolveDayRange(query, now);
    expect(r.ok && r.range.days.length).toBe(length);
  });
  it.each([
    ['reversed', { from: '2026-03-02', to: '2026-03-01' }, 'reversed', 'from'],
    ['367 days', { from: '2024-01-01', to: '2025-01-01' }, 'tooLong', 'from'],
    ['only from, a year and more ago', { from: '2025-01-01' }, 'tooLong', 'from'],
    ['not a date', { from: '2026-02-30', to: '2026-03-01' }, 'invalid', 'from'],
    ['not a date at the end', { to: '2026-99-01' }, 'invalid', 'to'],
  ] as const)('refuses %s', (_name, query, reason, field) => {
    const r = resolveDayRange(query, now);
    expect(r).toEqual({ ok: false, reason, message: DAY_RANGE_TEXTS[reason], field });
  });
  it('accepts exactly the valid ranges of at most DASHBOARD_MAX_DAYS days, and lists them all', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -5, max: DASHBOARD_MAX_DAYS + 5 }), (from, n) => {
        const to = addDays(from, n);
        const r = resolveDayRange({ from, to }, now);
        const days = n + 1;
        if (days < 1) expect(r.ok || r.reason).toBe('reversed');
        else if (days > DASHBOARD_MAX_DAYS) expect(r.ok || r.reason).toBe('tooLong');
        else {
          expect(r.ok).toBe(true);
          if (r.ok) {
            expect(r.range.days).toHaveLength(days);
            expect(r.range.endExclusive.getTime() - r.range.start.getTime()).toBe(days * DAY_MS);
          }
        }
      }),
    );
  });
});

describe('fillSeries', () => {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03'];
  it('puts each row on its day and zeros elsewhere; ignores days outside the range', () => {
    expect(fillSeries(days, [])).toEqual([0, 0, 0]);
    expect(
      fillSeries(days, [
        { day: '2026-03-03', value: 7 },
        { day: '2026-03-01', value: 2 },
        { day: '2026-02-28', value: 99 },
      ]),
    ).toEqual([2, 0, 7]);
  });
  it('adds up two rows of one day', () => {
    expect(
      fillSeries(days, [
        { day: '2026-03-02', value: 1 },
        { day: '2026-03-02', value: 4 },
      ]),
    ).toEqual([0, 5, 0]);
  });
  it('keeps the length of the range and the total of the rows inside it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ day: fc.constantFrom(...days, '2026-04-01'), value: fc.integer({ min: 0, max: 1e6 }) })),
        (rows) => {
          const filled = fillSeries(days, rows);
          expect(filled).toHaveLength(days.length);
          const inside = rows.filter((r) => days.includes(r.day)).reduce((s, r) => s + r.value, 0);
          expect(filled.reduce((s, v) => s + v, 0)).toBe(inside);
        },
      ),
    );
  });
});
