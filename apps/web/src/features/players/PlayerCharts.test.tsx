import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryItem, PlayerSeriesResponse } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { PLAYER_CHART_TEXTS } from './PlayerCharts.tsx';

// jsdom has no canvas: uPlot is replaced by a recorder of what each chart was given.
const plots = vi.hoisted(() => [] as { data: number[][]; el: HTMLElement }[]);
vi.mock('uplot', () => {
  class Plot {
    constructor(_opts: unknown, data: number[][], el: HTMLElement) {
      plots.push({ data, el });
    }
    setSize() {}
    destroy() {}
    static tzDate = (d: Date) => d;
  }
  return { default: Plot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const SERIES: PlayerSeriesResponse = {
  uid: 'u1',
  ratings: {
    blitz: [
      { at: '2026-03-01T10:00:00.000Z', rating: 1512 },
      { at: '2026-03-02T10:00:00.000Z', rating: 1530 },
    ],
    rapid: [],
  },
  money: { usd: [], wbx: [{ at: '2026-03-02T10:00:00.000Z', won: 5000, lost: 0 }] },
};

function openHistory(
  series: () => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>,
  items: HistoryItem[] = [],
) {
  dismissOnboardingForTests();
  plots.length = 0;
  const api = mockApi({
    me: makeMe(),
    routes: {
      'GET /api/play/history': () => ({ body: { total: items.length, page: 1, pageSize: 20, items } }),
      'GET /api/players/u1/series': series,
    },
  });
  renderApp('/?history');
  return { api };
}

describe('charts in History (issue 19)', () => {
  test('one figure per series with points, its caption, the drawn points and a table alternative', async () => {
    openHistory(() => ({ body: SERIES }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const charts = await within(dialog).findByRole('region', { name: 'Your charts' });
    const figures = await within(charts).findAllByRole('figure');
    expect(figures.map((f) => within(f).getByRole('heading').textContent)).toEqual([
      'Blitz rating',
      'RushCoins won and lost',
    ]);
    expect(within(figures[0]!).getByText(/1512 after the first, 1530 now/)).toBeTruthy();
    // Drawn lazily, with the points: seconds on x, the ratings on y.
    await waitFor(() => expect(plots).toHaveLength(2));
    expect(plots[0]!.data).toEqual([
      [Date.UTC(2026, 2, 1, 10) / 1000, Date.UTC(2026, 2, 2, 10) / 1000],
      [1512, 1530],
    ]);
    expect(plots[1]!.data[1]).toEqual([5000]);
    expect(plots[1]!.data[2]).toEqual([0]);
    // The drawing is hidden from assistive tech; the points are a table one click away.
    expect(plots[0]!.el.getAttribute('aria-hidden')).toBe('true');
    const table = within(figures[0]!).getByRole('table', { hidden: true });
    fireEvent.click(within(figures[0]!).getByText('Table of the Blitz rating points'));
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DateRating', '2026/03/011512', '2026/03/021530']);
    // The game table is still there, below.
    expect(within(dialog).getByText('You have not played any games yet.')).toBeTruthy();
  });

  test('no games yet: a sentence instead of charts', async () => {
    openHistory(() => ({ body: { uid: 'u1', ratings: { blitz: [], rapid: [] }, money: { usd: [], wbx: [] } } }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByText(PLAYER_CHART_TEXTS.emptyOwn)).toBeTruthy();
    expect(within(dialog).queryByRole('figure')).toBeNull();
    expect(plots).toHaveLength(0);
  });

  test('an aborted game listed, no chart yet: the sentence never says there are no games (issue 36)', async () => {
    const aborted: HistoryItem = {
      gameId: 'g1',
      mode: 'bot_000002',
      status: 'aborted',
      statusText: 'Game was aborted',
      opponent: { uid: 'b1', username: 'AI Low', avatarUrl: null },
      color: 'white',
      outcome: 'aborted',
      resultText: 'Aborted: 50.00 RC returned',
      stake: { currency: 'wbx', amount: 5000 },
      underReview: false,
      date: '2026/11/29',
      endedAt: '2026-11-29T08:19:00.000Z',
      analyzeUrl: '/tv/g1?analysis=1',
      pgnUrl: '/api/play/games/g1/pgn',
    };
    openHistory(
      () => ({ body: { uid: 'u1', ratings: { blitz: [], rapid: [] }, money: { usd: [], wbx: [] } } }),
      [aborted],
    );
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    expect(await within(dialog).findByText(PLAYER_CHART_TEXTS.emptyOwn)).toBeTruthy();
    expect(await within(dialog).findByText('Aborted: 50.00 RC returned')).toBeTruthy();
    expect(within(dialog).queryByText(/No games yet/)).toBeNull();
  });

  test('loading, then a failure with Try again, which reads again', async () => {
    let fail = true;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { api } = openHistory(async (): Promise<{ status?: number; body?: unknown }> => {
      // The first read waits until the test has seen the loading line.
      await answered;
      return fail
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }
        : { body: SERIES };
    });
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const charts = await within(dialog).findByRole('region', { name: 'Your charts' });
    expect(within(charts).getByRole('status').textContent).toBe(PLAYER_CHART_TEXTS.loading);
    answer();
    const alert = await within(charts).findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again: charts' }));
    expect(await within(charts).findAllByRole('figure')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/players/u1/series')).toHaveLength(2);
  });
});
