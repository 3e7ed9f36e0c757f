import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { STATEMENT_FEES_NOTE, TEXTS } from '@rush/domain';
import type { CurrencyFiguresView, StatementResponse } from '@rush/protocol';
import { renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { STATEMENT_TEXTS } from './StatementsPage.tsx';
import { mockWalletApi } from './testing.ts';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const ZERO: CurrencyFiguresView = {
  deposits: 0,
  withdrawals: 0,
  fees: 0,
  staked: 0,
  returned: 0,
  won: 0,
  lost: 0,
  net: 0,
  earned: 0,
  spent: 0,
};

const statement = (month: string, over: Partial<StatementResponse> = {}): StatementResponse => ({
  month,
  usd: ZERO,
  wbx: ZERO,
  games: 0,
  playedMs: 0,
  ...over,
});

const MARCH = statement('2026-03', {
  usd: { ...ZERO, deposits: 5000, withdrawals: 2000, fees: 50, staked: 1000, won: 900, lost: 100, net: -100 },
  wbx: { ...ZERO, earned: 50_000, spent: 3000, staked: 3000, lost: 3000, net: -3000 },
  games: 2,
  playedMs: 65 * 60_000,
});

function mockStatements(replies: Record<string, () => { status?: number; body?: unknown }>) {
  return mockWalletApi({
    routes: {
      'GET /api/wallet/statements': () => ({ body: { months: ['2026-04', '2026-03'] } }),
      ...replies,
    },
  });
}

const figure = (table: string, label: string) =>
  within(
    within(screen.getByRole('table', { name: table })).getByRole('row', { name: new RegExp(`^${label}`) }),
  ).getByRole('cell').textContent;

describe('statements (issue 37)', () => {
  test('the month picker, the figures of the chosen month and the two downloads', async () => {
    const api = mockStatements({
      'GET /api/wallet/statements/2026-04': () => ({ body: statement('2026-04') }),
      'GET /api/wallet/statements/2026-03': () => ({ body: MARCH }),
    });
    renderApp('/wallet/statements');
    expect(await screen.findByRole('heading', { name: 'Statements', level: 1 })).toBeTruthy();
    // The current month first; nothing happened in it yet.
    expect(await screen.findByText(STATEMENT_TEXTS.empty)).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Month' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['April 2026', 'March 2026']);

    fireEvent.change(picker, { target: { value: '2026-03' } });
    expect(await screen.findByRole('heading', { name: 'Statement for March 2026' })).toBeTruthy();
    expect(figure('USD', 'Deposits')).toBe('$50.00');
    expect(figure('USD', 'Withdrawals')).toBe('$20.00');
    expect(figure('USD', 'Fees')).toBe('$0.50');
    expect(figure('USD', 'Net result')).toBe('-$1.00');
    expect(figure('RushCoins', 'RushCoins earned')).toBe('500.00 RC');
    expect(figure('RushCoins', 'RushCoins spent')).toBe('30.00 RC');
    expect(figure('Play', 'Time played')).toBe('1 h 05 min');
    expect(screen.getByText(STATEMENT_FEES_NOTE)).toBeTruthy();

    const csv = screen.getByRole('link', { name: /^Download CSV/ });
    expect(csv.getAttribute('href')).toBe('/api/wallet/statements/2026-03/csv');
    expect(csv.getAttribute('download')).toBe('rushchess-statement-2026-03.csv');
    const pdf = screen.getByRole('link', { name: /^Download PDF/ });
    expect(pdf.getAttribute('href')).toBe('/api/wallet/statements/2026-03/pdf');
    expect(api.callsTo('GET', '/api/wallet/statements/2026-03')).toHaveLength(1);
  });

  test('opens the month the mail links to', async () => {
    mockStatements({ 'GET /api/wallet/statements/2026-03': () => ({ body: MARCH }) });
    renderApp('/wallet/statements?month=2026-03');
    expect(await screen.findByRole('heading', { name: 'Statement for March 2026' })).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Month' }).value).toBe('2026-03');
  });

  test('a failed read says so, with Try again', async () => {
    let fail = true;
    mockStatements({
      'GET /api/wallet/statements/2026-04': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } }
          : { body: statement('2026-04') },
    });
    renderApp('/wallet/statements');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: /^Try again/ }));
    expect(await screen.findByText(STATEMENT_TEXTS.empty)).toBeTruthy();
  });

  test('the wallet links to the statements', async () => {
    mockWalletApi();
    renderApp('/wallet');
    const link = await screen.findByRole('link', { name: 'Monthly statements' });
    expect(link.getAttribute('href')).toBe('/wallet/statements');
  });

  test('a closed (self-excluded) account still reads its statements, without the closed overlay', async () => {
    mockWalletApi({
      me: makeMe({ closed: true }),
      routes: {
        'GET /api/wallet/statements': () => ({ body: { months: ['2026-03'] } }),
        'GET /api/wallet/statements/2026-03': () => ({ body: MARCH }),
      },
    });
    renderApp('/wallet/statements');
    expect(await screen.findByRole('heading', { name: 'Statement for March 2026' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: TEXTS.accountClosed })).toBeNull();
    expect(screen.getByRole('link', { name: /^Download PDF/ })).toBeTruthy();
  });
});
