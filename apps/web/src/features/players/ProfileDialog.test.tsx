import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAYER_TEXTS } from '@rush/domain';
import type { LandingResponse, PlayerCardResponse, PlayerSeriesResponse } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { leaderboardServer } from '../leaderboard/testing.ts';
import { memberSinceText, ratingText } from './ProfileDialog.tsx';
import { closeProfile } from './profileRequests.ts';

// The open profile is page state kept by a module: no test leaves one open for the next.
afterEach(closeProfile);

vi.mock('uplot', () => {
  class Plot {
    setSize() {}
    destroy() {}
    static tzDate = (d: Date) => d;
  }
  return { default: Plot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

function card(uid: string, username: string): PlayerCardResponse {
  return {
    uid,
    username,
    usernameColor: 'username_color_000003',
    avatarUrl: null,
    memberSince: '2026-02-14T09:00:00.000Z',
    ratings: {
      blitz: { family: 'blitz', rating: 1531, rd: 80, provisional: false, games: 12 },
      rapid: { family: 'rapid', rating: 1500, rd: 350, provisional: true, games: 0 },
    },
    record: { played: 12, won: 7, lost: 4, drawn: 1 },
  };
}

const series = (uid: string): PlayerSeriesResponse => ({
  uid,
  ratings: { blitz: [{ at: '2026-03-01T10:00:00.000Z', rating: 1531 }], rapid: [] },
  money: { usd: [{ at: '2026-03-01T10:00:00.000Z', won: 500, lost: 0 }], wbx: [] },
});

function openLeaderboard(signedIn: boolean, cardReply?: () => { status?: number; body?: unknown }) {
  dismissOnboardingForTests();
  const board = leaderboardServer({ usd: 3, wbx: 0 })(new URLSearchParams('currency=usd&page=1'));
  const landing: LandingResponse = {
    playersOnline: 1,
    totalGames: 3,
    leaderboard: { usd: board.rows, wbx: [] },
    ongoing: [],
    recentGame: null,
    featured: null,
  };
  return mockApi({
    me: signedIn ? makeMe() : null,
    routes: {
      'GET /api/leaderboard': () => ({ body: board }),
      // Visitors see the top 15 on the landing (the /leaderboard page is for users).
      'GET /api/landing': () => ({ body: landing }),
      'GET /api/players/usd-u2': cardReply ?? (() => ({ body: card('usd-u2', 'usd2') })),
      'GET /api/players/usd-u2/series': () => ({ body: series('usd-u2') }),
    },
  });
}

describe('a player profile from a name (issue 19)', () => {
  test('a visitor opens a name of the landing leaderboard: the card and the charts; Escape closes it, focus returns', async () => {
    const api = openLeaderboard(false);
    renderApp('/');
    const name = await screen.findByRole('button', { name: 'usd2, profile' });
    expect(name.getAttribute('aria-haspopup')).toBe('dialog');
    name.focus();
    fireEvent.click(name);
    const dialog = await screen.findByRole('dialog', { name: 'Profile of usd2' });
    const facts = await within(dialog).findByRole('list', { name: 'Public figures' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Blitz 1531', 'Rapid 1500?', 'Games 12: 7 won, 4 lost, 1 drawn', 'Member since 2026/02']);
    const charts = await within(dialog).findByRole('region', { name: 'Charts of usd2' });
    const figures = await within(charts).findAllByRole('figure');
    expect(figures.map((f) => within(f).getByRole('heading').textContent)).toEqual([
      'Blitz rating',
      'USD won and lost',
    ]);
    expect(api.callsTo('GET', '/api/players/usd-u2/series')).toHaveLength(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile of usd2' })).toBeNull());
    expect(document.activeElement).toBe(name);
  });

  test('no public profile (a closed or bot account): the server text, and no Try again', async () => {
    openLeaderboard(true, () => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: PLAYER_TEXTS.notFound } },
    }));
    renderApp('/leaderboard');
    fireEvent.click(await screen.findByRole('button', { name: 'usd2, profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Profile of usd2' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(PLAYER_TEXTS.notFound);
    expect(within(dialog).queryByRole('button', { name: /^Try again/ })).toBeNull();
  });

  test('the profile belongs to the page it was opened on: going elsewhere closes it', async () => {
    openLeaderboard(true);
    const { router } = renderApp('/leaderboard');
    fireEvent.click(await screen.findByRole('button', { name: 'usd2, profile' }));
    expect(await screen.findByRole('dialog', { name: 'Profile of usd2' })).toBeTruthy();
    await act(() => router.navigate('/about'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile of usd2' })).toBeNull());
  });

  test('texts of the card', () => {
    expect(memberSinceText('2025-12-31T23:59:00.000Z')).toBe('2025/12');
    expect(ratingText({ rating: 1499, provisional: true })).toBe('1499?');
    expect(ratingText({ rating: 1601, provisional: false })).toBe('1601');
  });
});
