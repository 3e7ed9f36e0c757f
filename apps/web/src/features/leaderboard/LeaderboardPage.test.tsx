import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderApp } from '../../test/render.tsx';
import { SANDBOX_DESCRIPTION } from '../../ui/SandboxMark.tsx';
import { makeMe } from '../../test/fakes.ts';
import { NO_WINNERS_TEXT } from './LeaderboardTable.tsx';
import { currentQuery, leaderboardServer, leaderboardUrls } from './testing.ts';

const table = () => screen.findByRole('table');
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);

function open(totals = { usd: 20, wbx: 4 }, delayMs = 0) {
  const answer = leaderboardServer(totals);
  const api: ReturnType<typeof mockApi> = mockApi({
    me: makeMe(),
    routes: {
      'GET /api/leaderboard': async () => {
        const body = answer(currentQuery(api));
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        return { body };
      },
    },
  });
  const app = renderApp('/leaderboard');
  return { api, app };
}

describe('leaderboard page', () => {
  test('15 rows of dollars won, medals for 1-3, money with two decimals', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' })).toBeTruthy();
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Rank', 'Username', 'USD Won']);
    const rows = bodyRows(t);
    expect(rows).toHaveLength(15);
    expect(within(rows[0]!).getByRole('img', { name: 'gold medal' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('img', { name: 'silver medal' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('img', { name: 'bronze medal' })).toBeTruthy();
    expect(within(rows[3]!).queryByRole('img')).toBeNull();
    expect(within(rows[3]!).getByText('4')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('usd1');
    expect(rows[0]!.textContent).toContain('$999.56');
    // Sandbox mode (the default config): the dollars won carry the mark.
    expect(within(rows[0]!).getByRole('note', { name: SANDBOX_DESCRIPTION }).textContent).toBe('Sandbox');
    expect(screen.getByRole('button', { name: 'Total Dollars Won' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('pages: ranks continue on page 2, which asks the server for it', async () => {
    const { api } = open();
    await table();
    const nav = screen.getByRole('navigation', { name: 'Leaderboard pages' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(5));
    const rows = bodyRows(screen.getByRole('table'));
    expect(rows[0]!.textContent).toContain('16');
    expect(rows[0]!.textContent).toContain('usd16');
    expect(within(rows[0]!).queryByRole('img')).toBeNull();
    expect(leaderboardUrls(api)).toEqual([
      '/api/leaderboard?currency=usd&page=1',
      '/api/leaderboard?currency=usd&page=2',
    ]);
  });

  test('the switch shows RushCoins from page 1', async () => {
    const { api } = open();
    await table();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Leaderboard pages' })).getByRole('button', { name: 'Page 2' }),
    );
    await waitFor(() => expect(bodyRows(screen.getByRole('table'))).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'Total RushCoins Won' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'WBX Won' })).toBeTruthy());
    const rows = bodyRows(screen.getByRole('table'));
    expect(rows).toHaveLength(4);
    expect(rows[0]!.textContent).toContain('wbx1');
    expect(rows[0]!.textContent).toContain('999.56 RC');
    expect(within(screen.getByRole('table')).queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Total RushCoins Won' }).getAttribute('aria-pressed')).toBe('true');
    // one page: no pagination
    expect(screen.queryByRole('navigation', { name: 'Leaderboard pages' })).toBeNull();
    expect(leaderboardUrls(api).at(-1)).toBe('/api/leaderboard?currency=wbx&page=1');
  });

  test('loading, then the empty text when nobody has won', async () => {
    open({ usd: 0, wbx: 0 }, 30);
    expect(await screen.findByText('Loading the leaderboard…')).toBeTruthy();
    expect(await screen.findByText(NO_WINNERS_TEXT)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a failed load offers Try again', async () => {
    let fail = true;
    mockApi({
      me: makeMe(),
      routes: {
        'GET /api/leaderboard': () =>
          fail
            ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try later' } } }
            : {
                body: {
                  currency: 'usd',
                  page: 1,
                  pageSize: 15,
                  total: 1,
                  rows: [{ rank: 1, uid: 'a', username: 'ann', won: 100 }],
                },
              },
      },
    });
    renderApp('/leaderboard');
    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again: the leaderboard' }));
    expect(await screen.findByRole('img', { name: 'gold medal' })).toBeTruthy();
  });

  test('visitors are sent to /login', async () => {
    mockApi({ me: null });
    const app = renderApp('/leaderboard');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });
});
