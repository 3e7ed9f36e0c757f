import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MATCH_TEXTS, TEXTS } from '@rush/domain';
import type { LandingResponse, Me, OngoingGameView } from '@rush/protocol';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { sandboxMarks, textWithoutMarks } from '../../test/sandbox.ts';
import { FALLBACK_CONFIG } from '../../api/session.ts';
import { makeRows } from '../leaderboard/testing.ts';
import { ONBOARDING_DISMISSED_KEY } from './onboarding.ts';
import { LANDING_REFRESH_MS } from './useLanding.ts';

const onboarding = () => screen.queryByRole('dialog', { name: 'Ready to start?' });

describe('onboarding popup', () => {
  test('"skip. don\'t show again" persists in localStorage', async () => {
    mockApi({ me: null });
    const first = renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Ready to start?' })).toBeTruthy();
    expect(screen.getByText('Create account')).toBeTruthy();
    expect(screen.getByText('Verify wallet')).toBeTruthy();
    expect(screen.getByText('Join and enjoy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "skip. don't show again" }));
    expect(onboarding()).toBeNull();
    expect(localStorage.getItem(ONBOARDING_DISMISSED_KEY)).toBe('1');
    first.unmount();

    renderApp('/');
    await screen.findByRole('link', { name: 'Play 1 vs 1' });
    expect(onboarding()).toBeNull();
  });

  test('a normal close does not persist', async () => {
    mockApi({ me: makeMe() });
    const first = renderApp('/');
    await screen.findByRole('dialog', { name: 'Ready to start?' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onboarding()).toBeNull();
    expect(localStorage.getItem(ONBOARDING_DISMISSED_KEY)).toBeNull();
    first.unmount();

    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Ready to start?' })).toBeTruthy();
  });
});

describe('landing', () => {
  test('visitors: the game buttons go to /login', async () => {
    dismissOnboardingForTests();
    mockApi({ me: null });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'Play 1 vs 1' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Puzzle Games' }).getAttribute('href')).toBe('/login');
  });

  test('users: the game buttons go to /start and /puzzle-game', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'Play 1 vs 1' })).getAttribute('href')).toBe('/start');
    expect(screen.getByRole('link', { name: 'Puzzle Games' }).getAttribute('href')).toBe('/puzzle-game');
  });

  test('players online: fetched, then live from the presence topic', async () => {
    dismissOnboardingForTests();
    mockApi({ me: null });
    const app = renderApp('/');
    expect(await screen.findByText('Players online: 7')).toBeTruthy();
    const socket = app.realtime.sockets[0];
    expect(socket).toBeTruthy();
    act(() => {
      socket?.open();
      socket?.receive({ t: 'hello', protocol: 1, connId: 'c1', authenticated: false });
    });
    expect(socket?.sent).toContainEqual({ t: 'sub', topic: 'presence' });
    act(() => socket?.receive({ t: 'ev', topic: 'presence', v: 4, type: 'presence.count', data: { online: 12 } }));
    expect(await screen.findByText('Players online: 12')).toBeTruthy();
    act(() => socket?.receive({ t: 'resync', topic: 'presence', v: 9, snapshot: { online: 30 } }));
    expect(await screen.findByText('Players online: 30')).toBeTruthy();
  });

  test('an unverified user gets the verification popup; Resend email confirms', async () => {
    dismissOnboardingForTests();
    const api = mockApi({
      me: makeMe({ emailVerified: false }),
      routes: { 'POST /api/auth/resend-verification': () => ({ body: { message: 'sent' } }) },
    });
    renderApp('/');
    await screen.findByRole('dialog', { name: 'Verify your email' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Please check your email, including spam folder')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(1);
  });

  test('a Resend within the minute shows the wait and counts down, never "check your email"', async () => {
    dismissOnboardingForTests();
    const wait = TEXTS.verificationMailWait('40 seconds');
    const api = mockApi({
      me: makeMe({ emailVerified: false }),
      routes: {
        'POST /api/auth/resend-verification': () => ({
          status: 429,
          headers: { 'retry-after': '40' },
          body: { error: { code: 'TOO_MANY_ATTEMPTS', message: wait } },
        }),
      },
    });
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Verify your email' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend email' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(wait);
    const button = within(dialog).getByRole('button', { name: /^Resend email in \d+ s$/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByText(TEXTS.checkEmail)).toBeNull();
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(1);
  });

  test('the verification link lands with a notice', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    const app = renderApp('/?emailVerified=1');
    expect(await screen.findByText(TEXTS.emailVerified)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(app.location().search).toBe(''));
  });
});

describe('landing dashboard', () => {
  const landing = (overrides: Partial<LandingResponse> = {}): LandingResponse => ({
    playersOnline: 7,
    totalGames: 12345,
    leaderboard: { usd: makeRows(15, 1, 'usd'), wbx: makeRows(3, 1, 'wbx') },
    ongoing: [],
    recentGame: null,
    featured: null,
    ...overrides,
  });
  const live: OngoingGameView = {
    gameId: 'g42',
    gameType: 'wmgt_000001',
    white: { uid: 'u1', username: 'alice', rating: 1510 },
    black: { uid: 'u2', username: 'bob', rating: 1490 },
    currency: 'usd',
    amount: 500,
    startedAt: '2024-05-01T10:00:00.000Z',
  };
  const show = (me: Me | null, body: LandingResponse) => {
    dismissOnboardingForTests();
    const api = mockApi({ me, routes: { 'GET /api/landing': () => ({ body }) } });
    return { api, app: renderApp('/') };
  };
  const ongoing = () => screen.findByRole('region', { name: 'Ongoing matches' });

  test('ongoing matches: "name (rating) VS name (rating)", the wager, Watch to /tv/{id}', async () => {
    show(null, landing({ ongoing: [live, { ...live, gameId: 'g43', currency: 'wbx', amount: 10_000 }] }));
    const list = await ongoing();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText((_, el) => el?.textContent === 'alice (1510) VS bob (1490)')).toBeTruthy();
    expect(items[0]!.textContent).toContain('$5.00');
    expect(items[1]!.textContent).toContain('100.00 RC');
    const watch = within(items[0]!).getByRole('link', { name: 'Watch alice (1510) VS bob (1490)' });
    expect(watch.textContent).toBe('Watch');
    expect(watch.getAttribute('href')).toBe('/tv/g42');
  });

  test('a player sees their own game from their side', async () => {
    show(makeMe({ uid: 'u2', username: 'bob' }), landing({ ongoing: [live] }));
    const list = await ongoing();
    expect(within(list).getByText((_, el) => el?.textContent === 'bob (1490) VS alice (1510)')).toBeTruthy();
  });

  test('the hero shows the featured live game: its pieces, last move, players, and Watch (issue 19)', async () => {
    const fen = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
    show(
      null,
      landing({
        featured: {
          gameId: 'g42',
          live: true,
          fen,
          lastMove: 'e7e5',
          white: { username: 'alice', rating: 1510 },
          black: { username: 'bob', rating: 1490 },
          result: null,
        },
      }),
    );
    const board = await screen.findByRole('img', { name: 'Live game: alice (1510) vs bob (1490)' });
    expect(board.querySelectorAll('[data-piece]')).toHaveLength(32);
    expect(board.querySelector('[data-piece="white king"]')).toBeTruthy();
    expect([...board.querySelectorAll('.last-move')].length).toBe(2);
    expect(screen.getByRole('link', { name: 'Watch alice vs bob' }).getAttribute('href')).toBe('/tv/g42');
  });

  test('with nothing live the hero shows the latest game with its result; with no game the start position', async () => {
    const first = show(
      null,
      landing({
        featured: {
          gameId: 'g7',
          live: false,
          fen: 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3',
          lastMove: 'd8h4',
          white: { username: 'carol', rating: 1400 },
          black: { username: 'dave', rating: 1450 },
          result: '0-1',
        },
      }),
    );
    expect(await screen.findByRole('img', { name: 'Latest game: carol (1400) vs dave (1450), 0-1' })).toBeTruthy();
    expect(screen.getByText('Latest game · 0-1')).toBeTruthy();
    first.app.unmount();
    show(null, landing({ featured: null }));
    const start = await screen.findByRole('img', { name: 'The starting position' });
    await waitFor(() => expect(screen.getByText('No games yet: be the first to play.')).toBeTruthy());
    expect(start.querySelectorAll('[data-piece]')).toHaveLength(32);
  });

  test('the promos: Combatting Cheating to /security, Send feedback opens the bug report; no community link unless configured', async () => {
    show(null, landing());
    const promos = await screen.findByRole('region', { name: 'More from us' });
    expect(within(promos).getByRole('link', { name: 'Combatting Cheating' }).getAttribute('href')).toBe('/security');
    expect(within(promos).queryByRole('link', { name: /^Community/ })).toBeNull();
    fireEvent.click(within(promos).getByRole('link', { name: 'Send feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Report a Bug' })).toBeTruthy();
  });

  test('the community link when COMMUNITY_URL names one: a new tab', async () => {
    dismissOnboardingForTests();
    mockApi({
      config: { communityUrl: 'https://forum.example/rush' },
      routes: { 'GET /api/landing': () => ({ body: landing() }) },
    });
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Community (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://forum.example/rush');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  test('no live games: "No matches at the moment"', async () => {
    show(null, landing());
    expect(within(await ongoing()).getByText(MATCH_TEXTS.noMatchesNow)).toBeTruthy();
  });

  test('the top 15 with the currency switch and a link to /leaderboard; total games played', async () => {
    show(null, landing());
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    expect(within(board).getAllByRole('row')).toHaveLength(16);
    expect(within(board).getByRole('img', { name: 'gold medal' })).toBeTruthy();
    expect(within(board).getByRole('columnheader', { name: 'USD Won' })).toBeTruthy();
    expect(within(board).getByRole('link', { name: 'View full leaderboard' }).getAttribute('href')).toBe(
      '/leaderboard',
    );
    fireEvent.click(within(board).getByRole('button', { name: 'Total RushCoins Won' }));
    expect(within(board).getAllByRole('row')).toHaveLength(4);
    expect(within(board).getByRole('columnheader', { name: 'WBX Won' })).toBeTruthy();
    expect(
      screen.getByText((_, el) => el?.className === 'landing-total' && el.textContent === '12,345 games played'),
    ).toBeTruthy();
  });

  test('visitors: Play Now, Play 1 vs 1 and Puzzle Games go to /login; no recent game card', async () => {
    show(null, landing({ recentGame: null }));
    expect((await screen.findByRole('link', { name: 'Play Now' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Play 1 vs 1' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Puzzle Games' }).getAttribute('href')).toBe('/login');
    await ongoing();
    expect(screen.queryByRole('region', { name: 'Your recent game' })).toBeNull();
  });

  test('users: Play Now goes to /start; the recent game card shows the last result', async () => {
    show(
      makeMe(),
      landing({
        recentGame: {
          gameId: 'g7',
          opponent: 'bob',
          outcome: 'win',
          currency: 'usd',
          amount: 2500,
          endedAt: '2024-05-01T10:00:00.000Z',
          underReview: false,
        },
      }),
    );
    expect((await screen.findByRole('link', { name: 'Play Now' })).getAttribute('href')).toBe('/start');
    const card = await screen.findByRole('region', { name: 'Your recent game' });
    expect(card.textContent).toContain('You won vs bob');
    expect(textWithoutMarks(card)).toContain('Wager $25.00 won');
    expect(sandboxMarks(card)).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'View game' }).getAttribute('href')).toBe('/tv/g7');
  });

  test('a payout held for a fair-play review reads "under review" on the card, not "won"', async () => {
    show(
      makeMe(),
      landing({
        recentGame: {
          gameId: 'g8',
          opponent: 'bob',
          outcome: 'win',
          currency: 'wbx',
          amount: 5000,
          endedAt: '2024-05-01T10:00:00.000Z',
          underReview: true,
        },
      }),
    );
    const card = await screen.findByRole('region', { name: 'Your recent game' });
    expect(textWithoutMarks(card)).toMatch(/Wager .+ under review/);
    expect(textWithoutMarks(card)).not.toMatch(/Wager .+ won/);
  });

  test('a banned user sees the ban notice; others do not', async () => {
    const first = show(makeMe({ banned: true }), landing());
    expect(
      (await screen.findByText(TEXTS.loginDisabled(FALLBACK_CONFIG.supportEmail))).closest('[role="alert"]'),
    ).toBeTruthy();
    first.app.unmount();
    show(makeMe(), landing());
    await ongoing();
    expect(screen.queryByText(TEXTS.loginDisabled(FALLBACK_CONFIG.supportEmail))).toBeNull();
  });

  test('refreshes every 15 s while shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api } = show(null, landing());
    await ongoing();
    expect(api.callsTo('GET', '/api/landing')).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(LANDING_REFRESH_MS));
    await waitFor(() => expect(api.callsTo('GET', '/api/landing')).toHaveLength(2));
  });
});
