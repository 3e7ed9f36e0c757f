import { describe, expect, test } from 'vitest';
import { FAIRPLAY_TEXTS } from '@rush/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HistoryItem, HistoryResponse } from '@rush/protocol';
import { SANDBOX_DESCRIPTION } from '../../ui/SandboxMark.tsx';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { opponentName, pgnHref } from './HistoryOverlay.tsx';

function item(n: number, overrides: Partial<HistoryItem> = {}): HistoryItem {
  return {
    gameId: `g${n}`,
    mode: 'wmgt_000001',
    status: 'mate',
    statusText: 'Checkmate',
    opponent: { uid: 'u2', username: 'bob', avatarUrl: null },
    color: 'white',
    outcome: 'win',
    resultText: 'W: $5.00',
    stake: { currency: 'usd', amount: 500 },
    underReview: false,
    date: '2025/03/04',
    endedAt: '2025-03-04T10:20:00.000Z',
    analyzeUrl: `/tv/g${n}?analysis=1`,
    pgnUrl: `/api/play/games/g${n}/pgn`,
    ...overrides,
  };
}

async function openHistory(page: HistoryResponse) {
  dismissOnboardingForTests();
  const api = mockApi({ me: makeMe(), routes: { 'GET /api/play/history': () => ({ body: page }) } });
  renderApp('/?history');
  const dialog = await screen.findByRole('dialog', { name: 'History' });
  return { api, dialog };
}

describe('History (?history)', () => {
  test('one row per game: opponent, date, result, Analyze, Challenge, PGN', async () => {
    const { dialog } = await openHistory({
      total: 2,
      page: 1,
      pageSize: 20,
      items: [
        item(1),
        item(2, {
          opponent: null,
          color: 'black',
          outcome: 'loss',
          resultText: 'L: 100.00 RC',
          stake: { currency: 'wbx', amount: 10_000 },
          date: '2025/01/09',
          analyzeUrl: '/tv/g2?analysis=1&orientation=black',
        }),
      ],
    });
    const table = await within(dialog).findByRole('table', { name: 'Game history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('bob')).toBeTruthy();
    expect(within(first).getByText('2025/03/04')).toBeTruthy();
    expect(within(first).getByText('W: $5.00')).toBeTruthy();
    expect(within(first).getByRole('note', { name: SANDBOX_DESCRIPTION }).textContent).toBe('Sandbox');
    const analyze = within(first).getByRole('link', { name: /^Analyze/ });
    expect(analyze.getAttribute('href')).toBe('/tv/g1?analysis=1');
    expect(analyze.getAttribute('target')).toBe('_blank');
    expect(analyze.getAttribute('rel')).toContain('noopener');
    expect(within(first).getByRole('link', { name: 'Challenge bob' }).getAttribute('href')).toBe(
      '/start?challengeid=u2&step=1',
    );
    expect(within(first).getByRole('link', { name: /^PGN/ }).getAttribute('href')).toBe(
      '/api/play/games/g1/pgn?download=1',
    );

    expect(within(second).getByText('None')).toBeTruthy();
    expect(within(second).getByText('L: 100.00 RC')).toBeTruthy();
    expect(within(second).queryByRole('note')).toBeNull();
    expect(
      within(second)
        .getByRole('link', { name: /^Analyze/ })
        .getAttribute('href'),
    ).toBe('/tv/g2?analysis=1&orientation=black');
    expect(within(second).getByRole('button', { name: 'Challenge' }).hasAttribute('disabled')).toBe(true);
  });

  test('a held payout reads "Under review" with the note instead of the win', async () => {
    const { dialog } = await openHistory({
      total: 2,
      page: 1,
      pageSize: 20,
      items: [item(1, { underReview: true }), item(2)],
    });
    const table = await within(dialog).findByRole('table', { name: 'Game history' });
    const [held, paid] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(held).getByText(FAIRPLAY_TEXTS.underReview)).toBeTruthy();
    expect(within(held).getByText(FAIRPLAY_TEXTS.underReviewNote)).toBeTruthy();
    expect(within(held).queryByText('W: $5.00')).toBeNull();
    expect(
      within(held)
        .getByRole('link', { name: /^Analyze/ })
        .getAttribute('href'),
    ).toBe('/tv/g1?analysis=1');
    expect(within(paid).getByText('W: $5.00')).toBeTruthy();
    expect(within(paid).queryByText(FAIRPLAY_TEXTS.underReview)).toBeNull();
  });

  test('empty state', async () => {
    const { dialog } = await openHistory({ total: 0, page: 1, pageSize: 20, items: [] });
    expect(await within(dialog).findByText('You have not played any games yet.')).toBeTruthy();
  });

  test('pages when there are more games than a page holds', async () => {
    const { dialog, api } = await openHistory({
      total: 45,
      page: 1,
      pageSize: 20,
      items: Array.from({ length: 20 }, (_, i) => item(i + 1)),
    });
    const nav = await within(dialog).findByRole('navigation', { name: 'History pages' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.map(([url]) => (typeof url === 'string' ? url : ''))).toContain(
        '/api/play/history?page=3',
      ),
    );
  });

  test('Cash and RushCoins list the games staked in that currency, from the first page', async () => {
    dismissOnboardingForTests();
    const api = mockApi({
      me: makeMe(),
      routes: {
        'GET /api/play/history': ({ query }) => {
          const items = query.get('currency') === 'wbx' ? [] : [item(1)];
          return { body: { total: items.length, page: 1, pageSize: 20, items } };
        },
      },
    });
    renderApp('/?history');
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const filters = within(dialog).getByRole('tablist', { name: 'Games by currency' });
    expect(within(filters).getByRole('tab', { name: 'All games' }).getAttribute('aria-selected')).toBe('true');
    await within(dialog).findByText('W: $5.00');

    fireEvent.click(within(filters).getByRole('tab', { name: 'Cash' }));
    const asked = () => api.callsTo('GET', '/api/play/history').map((c) => c.query.toString());
    await waitFor(() => expect(asked()).toContain('page=1&currency=usd'));
    expect(within(filters).getByRole('tab', { name: 'Cash' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(dialog).findByText('W: $5.00')).toBeTruthy();

    fireEvent.click(within(filters).getByRole('tab', { name: 'RushCoins' }));
    expect(await within(dialog).findByText('You have not played any RushCoin games yet.')).toBeTruthy();
    expect(asked()).toContain('page=1&currency=wbx');
  });

  test('helpers', () => {
    expect(opponentName({ opponent: null })).toBe('None');
    expect(pgnHref('/api/play/games/g1/pgn')).toBe('/api/play/games/g1/pgn?download=1');
    expect(pgnHref('/x?download=1')).toBe('/x?download=1');
  });
});
