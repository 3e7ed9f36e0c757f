import { describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DAY_RANGE_TEXTS, listDays } from '@rush/domain';
import type { DashboardResponse } from '@rush/protocol';
import { mockApi } from '../../../test/render.tsx';
import type { DashboardChartProps } from './DashboardChart.tsx';
import { DashboardSection } from './DashboardSection.tsx';

// jsdom has no canvas: the uPlot module is replaced by a stand-in that lists what it was given.
vi.mock('./DashboardChart.tsx', () => ({
  DashboardChart: ({ days, series }: DashboardChartProps) => (
    <p data-testid="chart">
      {series.map((s) => `${s.label}=${s.values.join(',')}`).join(' ')} over {days.length} days
    </p>
  ),
}));

const TODAY = '2026-03-10';

function response(from: string, to: string, fill: Partial<DashboardResponse> = {}): DashboardResponse {
  const days = listDays(from, to);
  const zeros = () => days.map(() => 0);
  return {
    days,
    games: zeros(),
    newUsers: zeros(),
    depositsUsd: zeros(),
    withdrawalsUsd: zeros(),
    feesUsd: zeros(),
    feesWbx: zeros(),
    onlinePeak: zeros(),
    onlineNow: 0,
    house: { float: 100_000_000, atRisk: 0, lostHour: 0, lostDay: 0 },
    ...fill,
  };
}

/** Three days with something on each series. */
const busy = (from: string, to: string): DashboardResponse => {
  const r = response(from, to);
  const set = (k: keyof Omit<DashboardResponse, 'days' | 'onlineNow' | 'house'>, values: number[]) => {
    r[k] = r.days.map((_, i) => values[i - (r.days.length - values.length)] ?? 0);
  };
  set('games', [3, 0, 1]);
  set('newUsers', [2, 0, 1234]);
  set('depositsUsd', [10_000, 0, 2000]);
  set('withdrawalsUsd', [0, 5000, 0]);
  set('feesUsd', [300, 200, 0]);
  set('feesWbx', [0, 0, 500]);
  set('onlinePeak', [7, 0, 2]);
  return { ...r, onlineNow: 4 };
};

type Reply = { status: number; body: unknown };

/** mockApi plus the query strings of the dashboard calls (mockApi's handlers see only the path). */
function mockDashboard(reply: (q: URLSearchParams) => Reply) {
  const queries: URLSearchParams[] = [];
  const api = mockApi({ routes: { 'GET /api/admin/dashboard': () => reply(queries.at(-1)!) } });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/admin/dashboard') queries.push(url.searchParams);
    return api.fetchMock(input, init);
  });
  return { queries };
}

function show() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${TODAY}T15:00:00Z`));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DashboardSection />
    </QueryClientProvider>,
  );
}

const asRange = (q: URLSearchParams | undefined) => q && `${q.get('from')}..${q.get('to')}`;
const ok = (q: URLSearchParams): Reply => ({ status: 200, body: busy(q.get('from')!, q.get('to')!) });

describe('Admin dashboard', () => {
  test('asks for the last 30 UTC days first; shows totals, one captioned chart per group', async () => {
    const { queries } = mockDashboard(ok);
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading the dashboard…');
    await screen.findByText('2026-02-09 to 2026-03-10 (30 days, UTC)');
    expect(asRange(queries[0])).toBe('2026-02-09..2026-03-10');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');

    const stat = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(stat('Games')).toBe('4');
    expect(stat('New users')).toBe('1,236');
    expect(stat('Deposits')).toBe('$120.00');
    expect(stat('Withdrawals')).toBe('$50.00');
    expect(stat('Fees (USD)')).toBe('$5.00');
    expect(stat('Fees (RC)')).toBe('5.00 RC');
    expect(stat('Online peak (highest day)')).toBe('7');
    expect(stat('Online now')).toBe('4');

    const figures = screen.getAllByRole('figure');
    expect(figures.map((f) => within(f).getByRole('heading').textContent)).toEqual([
      'Games and new users',
      'Deposits and withdrawals (USD)',
      'Platform fee revenue (USD and RC)',
      'Users online (daily peak of 5-minute samples)',
    ]);
    expect(figures[1]!.textContent).toContain(
      'Deposits: $120.00 in total, most $100.00 on 2026-03-08. Withdrawals: $50.00 in total, most $50.00 on 2026-03-09.',
    );
    expect(figures[3]!.textContent).toContain('Online peak: highest 7 on 2026-03-08.');
    const charts = await screen.findAllByTestId('chart');
    expect(charts[2]!.textContent).toContain('Fees (RC)=');
    expect(charts[0]!.textContent).toContain('over 30 days');
  });

  test('the table shows the same numbers per day, formatted', async () => {
    mockDashboard(ok);
    show();
    const toggle = await screen.findByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table', { name: 'Dashboard per UTC day, 2026-02-09 to 2026-03-10' });
    expect(screen.queryAllByRole('figure')).toHaveLength(0);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Day (UTC)', 'Games', 'New users', 'Deposits', 'Withdrawals', 'Fees (USD)', 'Fees (RC)', 'Online peak']);
    expect(cells(rows[1]!)).toEqual(['2026-02-09', '0', '0', '$0.00', '$0.00', '$0.00', '0.00 RC', '0']);
    expect(cells(rows[28]!)).toEqual(['2026-03-08', '3', '2', '$100.00', '$0.00', '$3.00', '0.00 RC', '7']);
    expect(cells(rows[29]!)).toEqual(['2026-03-09', '0', '0', '$0.00', '$50.00', '$2.00', '0.00 RC', '0']);
    expect(cells(rows[30]!)).toEqual(['2026-03-10', '1', '1,234', '$20.00', '$0.00', '$0.00', '5.00 RC', '2']);
  });

  test('presets and a chosen range go into the request; a reversed range is refused before asking', async () => {
    const { queries } = mockDashboard(ok);
    show();
    await screen.findByText('2026-02-09 to 2026-03-10 (30 days, UTC)');

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await screen.findByText('2026-03-04 to 2026-03-10 (7 days, UTC)');
    expect(asRange(queries.at(-1))).toBe('2026-03-04..2026-03-10');
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await screen.findByText('2025-12-11 to 2026-03-10 (90 days, UTC)');
    expect(asRange(queries.at(-1))).toBe('2025-12-11..2026-03-10');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText('2026-01-01 to 2026-01-31 (31 days, UTC)');
    expect(asRange(queries.at(-1))).toBe('2026-01-01..2026-01-31');
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');

    const asked = queries.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe(DAY_RANGE_TEXTS.reversed);
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-06-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert').textContent).toBe(DAY_RANGE_TEXTS.tooLong);
    expect(queries.length).toBe(asked);
    // The shown range is still the last good one.
    expect(screen.getByText('2026-01-01 to 2026-01-31 (31 days, UTC)')).toBeTruthy();
  });

  test('a failure shows the server message and Try again, which reads again', async () => {
    let fail = true;
    const { queries } = mockDashboard((q) =>
      fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something broke' } } } : ok(q),
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something broke');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again: dashboard' }));
    await screen.findByText('2026-02-09 to 2026-03-10 (30 days, UTC)');
    expect(queries).toHaveLength(2);
  });

  test('an empty range says so instead of drawing flat lines; the table is still there', async () => {
    mockDashboard((q) => ({ status: 200, body: response(q.get('from')!, q.get('to')!) }));
    show();
    await screen.findByText('Nothing in this range: no games, sign-ups, payments, fees or online samples.');
    expect(screen.queryAllByRole('figure')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
  });
});
