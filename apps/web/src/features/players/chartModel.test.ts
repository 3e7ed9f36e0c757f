import { describe, expect, test } from 'vitest';
import type { PlayerSeriesResponse } from '@rush/protocol';
import { chartsOf, formatChartValue, moneyChart, ratingChart } from './chartModel.ts';

const empty: PlayerSeriesResponse = { uid: 'u1', ratings: { blitz: [], rapid: [] }, money: { usd: [], wbx: [] } };

describe('player chart model', () => {
  test('a rating chart: title, summary, seconds on x, the table rows with History dates', () => {
    const spec = ratingChart('blitz', [
      { at: '2026-03-01T10:00:00.000Z', rating: 1512 },
      { at: '2026-03-02T23:30:00.000Z', rating: 1490 },
      { at: '2026-03-04T08:00:00.000Z', rating: 1531 },
    ]);
    expect(spec.title).toBe('Blitz rating');
    expect(spec.summary).toBe('Blitz: 3 rated games shown, 1512 after the first, 1531 now; highest 1531, lowest 1490.');
    expect(spec.xs).toEqual([
      Date.UTC(2026, 2, 1, 10) / 1000,
      Date.UTC(2026, 2, 2, 23, 30) / 1000,
      Date.UTC(2026, 2, 4, 8) / 1000,
    ]);
    expect(spec.lines).toEqual([{ label: 'Rating', values: [1512, 1490, 1531] }]);
    expect(spec.columns).toEqual(['Date', 'Rating']);
    expect(spec.rows).toEqual([
      ['2026/03/01', '1512'],
      ['2026/03/02', '1490'],
      ['2026/03/04', '1531'],
    ]);
  });

  test('one game is one point, said in the singular', () => {
    expect(ratingChart('rapid', [{ at: '2026-03-01T10:00:00.000Z', rating: 1488 }]).summary).toBe(
      'Rapid: 1 rated game shown, 1488 after the first, 1488 now; highest 1488, lowest 1488.',
    );
  });

  test('a money chart: won and lost lines, totals in the summary, amounts as the app writes them', () => {
    const usd = moneyChart('usd', [
      { at: '2026-03-01T10:00:00.000Z', won: 1000, lost: 0 },
      { at: '2026-03-02T10:00:00.000Z', won: 1000, lost: 500 },
    ]);
    expect(usd.title).toBe('USD won and lost');
    expect(usd.summary).toBe('USD: 2 games won or lost shown; $10.00 won and $5.00 lost in all (the wagers).');
    expect(usd.lines).toEqual([
      { label: 'Won', values: [1000, 1000] },
      { label: 'Lost', values: [0, 500] },
    ]);
    expect(usd.rows).toEqual([
      ['2026/03/01', '$10.00', '$0.00'],
      ['2026/03/02', '$10.00', '$5.00'],
    ]);
    const rc = moneyChart('wbx', [{ at: '2026-03-01T10:00:00.000Z', won: 123_456, lost: 0 }]);
    expect(rc.title).toBe('RushCoins won and lost');
    expect(rc.rows[0]).toEqual(['2026/03/01', '1,234.56 RC', '0.00 RC']);
  });

  test('only series with points become charts, ratings first', () => {
    expect(chartsOf(empty)).toEqual([]);
    const charts = chartsOf({
      ...empty,
      ratings: { blitz: [], rapid: [{ at: '2026-03-01T10:00:00.000Z', rating: 1500 }] },
      money: { usd: [], wbx: [{ at: '2026-03-01T10:00:00.000Z', won: 100, lost: 0 }] },
    });
    expect(charts.map((c) => c.id)).toEqual(['rating-rapid', 'money-wbx']);
  });

  test('values on the axes', () => {
    expect(formatChartValue({ kind: 'rating' }, 1523.4)).toBe('1523');
    expect(formatChartValue({ kind: 'money', currency: 'usd' }, 250_000)).toBe('$2,500.00');
  });
});
