import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GIVEAWAY_TEXTS, MATCH_TEXTS } from '@rush/domain';
import type { MatchmakingView } from '@rush/protocol';
import { makeGame } from '../play/testing.tsx';
import { BOB, makeRecord, startMatchApp } from './testing.tsx';

const ago = (ms: number, from = Date.now()) => new Date(from - ms).toISOString();
const timer = () => screen.getByRole('timer', { name: 'Waiting time' }).textContent;
const stateBox = () => document.querySelector('.match-state') as HTMLElement;
/**
 * The timer reads `m:ss` and shows `base` seconds plus the time this test has run since `since`
 * (a loaded machine may take seconds to render; an exact second would flake).
 */
function expectWaited(base: number, since: number) {
  const text = timer() ?? '';
  expect(text).toMatch(/^\d+:\d\d$/);
  const [m, s] = text.split(':').map(Number) as [number, number];
  const shown = m * 60 + s;
  expect(shown).toBeGreaterThanOrEqual(base);
  expect(shown).toBeLessThanOrEqual(base + Math.ceil((Date.now() - since) / 1000) + 1);
}

describe('/match while searching', () => {
  test('own profile, the opponent placeholder, the wait timer on the server clock, Cancel', async () => {
    // The server clock runs an hour ahead of this one: the timer must still read 0:05.
    const began = Date.now();
    const serverNow = began + 3_600_000;
    const { api, app, state } = startMatchApp('/match', {
      record: makeRecord({ startedAt: ago(5_000, serverNow), serverNow: new Date(serverNow).toISOString() }),
      routes: {
        'POST /api/matchmaking/cancel': () => {
          state.record = null;
          return { body: {} };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Match', level: 1 })).toBeTruthy();
    expect(within(screen.getByLabelText('You')).getByText('alice')).toBeTruthy();
    expect(within(screen.getByLabelText('Opponent')).getByText('Waiting for an opponent')).toBeTruthy();
    expect(within(stateBox()).getByText('Searching for an opponent…')).toBeTruthy();
    expect(stateBox().getAttribute('aria-live')).toBe('polite');
    expectWaited(5, began);
    expect(screen.getByText('Blitz 3+0 · 100 RushCoins')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(api.callsTo('POST', '/api/matchmaking/cancel')).toHaveLength(1);
  });

  test('minutes:seconds, and the timer restarts on a new search', async () => {
    const began = Date.now();
    const { connect, push } = startMatchApp('/match', { record: makeRecord({ startedAt: ago(125_000) }) });
    await screen.findByRole('timer', { name: 'Waiting time' });
    expectWaited(125, began);
    await connect();
    const restarted = Date.now();
    await push('user:u1', 'matchmaking.changed', { matchmaking: makeRecord({ id: 'm2', startedAt: ago(0) }) });
    await waitFor(() => expectWaited(0, restarted));
  });
});

describe('/match: puzzles while waiting', () => {
  test('casual puzzles open while searching and close when the match is found', async () => {
    const { connect, push } = startMatchApp('/match', { record: makeRecord() });
    fireEvent.click(await screen.findByRole('button', { name: 'Play puzzles while you wait' }));
    expect(await screen.findByRole('heading', { name: 'Casual Puzzles' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    await connect();
    await push('user:u1', 'matchmaking.changed', {
      matchmaking: makeRecord({
        state: 'matched',
        opponent: BOB,
        acceptDeadline: new Date(Date.now() + 15_000).toISOString(),
      }),
    });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Casual Puzzles' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  test('Go back closes the puzzles and keeps the search', async () => {
    startMatchApp('/match', { record: makeRecord() });
    fireEvent.click(await screen.findByRole('button', { name: 'Play puzzles while you wait' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Casual Puzzles' })).toBeNull());
    expect(screen.getByRole('timer', { name: 'Waiting time' })).toBeTruthy();
  });
});

describe('/match once matched', () => {
  test('the opponent, Accept and Decline with the countdown; Accept answers the match', async () => {
    const { api, connect, push } = startMatchApp('/match', {
      record: makeRecord({
        state: 'matched',
        opponent: BOB,
        acceptDeadline: new Date(Date.now() + 15_000).toISOString(),
      }),
      routes: { 'POST /api/matchmaking/accept': () => ({ body: {} }) },
    });
    expect(await screen.findByText('Match found!')).toBeTruthy();
    expect(within(screen.getByLabelText('Opponent')).getByText('bob')).toBeTruthy();
    expect(screen.getByText(/^1[45]s left to accept$/)).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/matchmaking/accept')).toHaveLength(1));
    await connect();
    await push('user:u1', 'matchmaking.changed', {
      matchmaking: makeRecord({ state: 'matched', opponent: BOB, accepted: { me: true, opponent: false } }),
    });
    expect(await screen.findByText('Match found. Waiting for your opponent to accept.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  test('Decline answers the match', async () => {
    const { api } = startMatchApp('/match', {
      record: makeRecord({ state: 'matched', opponent: BOB }),
      routes: { 'POST /api/matchmaking/decline': () => ({ body: {} }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/matchmaking/decline')).toHaveLength(1));
  });

  test('starting: "Match starting..."', async () => {
    startMatchApp('/match', { record: makeRecord({ state: 'starting', opponent: BOB }) });
    expect(await screen.findByText(MATCH_TEXTS.matchStarting)).toBeTruthy();
    expect(document.querySelector('.match-actions')?.children).toHaveLength(0);
  });
});

describe('/match after a search ended', () => {
  const searchAgain = async (record: MatchmakingView) => {
    const { api, state } = startMatchApp('/match', {
      record,
      routes: {
        'POST /api/matchmaking/seek': () => {
          state.record = makeRecord({
            id: 'm2',
            gameType: record.gameType,
            currency: record.currency,
            bet: record.bet,
          });
          return { body: { matchmaking: state.record } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Search Again' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/matchmaking/seek')[0]?.body).toEqual({
        gameType: record.gameType,
        c: record.currency,
        bet: record.bet,
      }),
    );
    expect(await screen.findByText('Searching for an opponent…')).toBeTruthy();
    expect(timer()).toMatch(/^0:0[01]$/);
  };

  test('notFound: "No match found" with Search Again (same stake) and Cancel', async () => {
    const record = makeRecord({
      state: 'notFound',
      gameType: 'wmgt_000003',
      bet: 500,
      message: MATCH_TEXTS.noMatchFound,
    });
    startMatchApp('/match', { record });
    expect(await screen.findByText(MATCH_TEXTS.noMatchFound)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  test('notFound: Search Again seeks with the same game type and stake and the timer restarts', async () => {
    await searchAgain(
      makeRecord({ state: 'notFound', gameType: 'wmgt_000003', bet: 500, startedAt: ago(120_000), message: null }),
    );
  });

  test.each([
    ['me', MATCH_TEXTS.youDeclinedMatch],
    ['opponent', MATCH_TEXTS.opponentDeclinedMatch],
  ] as const)('declined by %s: its text with Back (to /start) and Search Again', async (by, text) => {
    const { app, api } = startMatchApp('/match', {
      record: makeRecord({ state: 'declined', declinedBy: by, opponent: BOB }),
      routes: { 'POST /api/matchmaking/cancel': () => ({ body: {} }) },
    });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search Again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(api.callsTo('POST', '/api/matchmaking/cancel')).toHaveLength(1);
  });

  test('error: the message, then "Please search again later", Search Again and Cancel', async () => {
    const { app, api, state } = startMatchApp('/match', {
      record: makeRecord({ state: 'error', message: MATCH_TEXTS.insufficientBalance }),
      routes: {
        'POST /api/matchmaking/cancel': () => {
          state.record = null;
          return { body: {} };
        },
      },
    });
    const box = await waitFor(() => {
      const el = stateBox();
      expect(el).toBeTruthy();
      return el;
    });
    expect([...box.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      MATCH_TEXTS.insufficientBalance,
      MATCH_TEXTS.searchAgainLater,
    ]);
    expect(screen.getByRole('button', { name: 'Search Again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(api.callsTo('POST', '/api/matchmaking/cancel')).toHaveLength(1);
  });

  test('error: Search Again seeks again', async () => {
    await searchAgain(
      makeRecord({ state: 'error', currency: 'wbx', bet: 1000, message: MATCH_TEXTS.couldNotStartGame }),
    );
  });
});

describe('/match with the game', () => {
  test('playing: the game screen for the record\'s game, "Match in progress"', async () => {
    startMatchApp('/match', {
      record: makeRecord({ state: 'playing', opponent: BOB, gameId: 'g7' }),
      routes: { 'GET /api/play/games/g7': () => ({ body: makeGame({ id: 'g7' }) }) },
    });
    expect(await screen.findByRole('group', { name: 'Chess board' })).toBeTruthy();
    expect(screen.getByText(MATCH_TEXTS.matchInProgress)).toBeTruthy();
    expect(screen.queryByText(/^Giveaway:/)).toBeNull();
  });

  test('a giveaway says who funds the prize; its finish offers no Rematch', async () => {
    startMatchApp('/match', {
      record: makeRecord({ state: 'finished', opponent: BOB, gameId: 'g7', isGiveawayMode: true, giveawayBy: BOB.uid }),
      routes: { 'GET /api/play/games/g7': () => ({ body: finished() }) },
    });
    // Said where the amount is: in the prize pool.
    const pool = await screen.findByRole('region', { name: 'Prize pool' });
    expect(within(pool).getByText(GIVEAWAY_TEXTS.funded('bob'))).toBeTruthy();
    const popup = await screen.findByRole('dialog', { name: 'CONGRATS' });
    expect(within(popup).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(within(popup).queryByRole('button', { name: 'Rematch' })).toBeNull();
  });

  const finished = () =>
    makeGame({ id: 'g7', status: 'resign', winner: 'white', resultTitle: 'CONGRATS', statusText: 'Game was resigned' });

  test('finished: the result popup with Done, Rematch and Find New Match; Done clears the record', async () => {
    const { api, app, state } = startMatchApp('/match', {
      record: makeRecord({ state: 'finished', opponent: BOB, gameId: 'g7' }),
      routes: {
        'GET /api/play/games/g7': () => ({ body: finished() }),
        'POST /api/matchmaking/rematch': () => ({ body: {} }),
        'POST /api/matchmaking/done': () => {
          state.record = null;
          return { body: {} };
        },
      },
    });
    const popup = await screen.findByRole('dialog', { name: 'CONGRATS' });
    expect(within(popup).queryByRole('button', { name: 'Accept rematch' })).toBeNull();
    fireEvent.click(within(popup).getByRole('button', { name: 'Rematch' }));
    expect(await within(popup).findByText('Rematch offered. Waiting for your opponent.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/matchmaking/rematch')).toHaveLength(1);
    // No game command: the matchmaking rematch is an HTTP call, not the friendly one.
    fireEvent.click(within(popup).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(api.callsTo('POST', '/api/matchmaking/done')).toHaveLength(1);
  });

  test('finished: Find New Match seeks with the same stake and shows the search', async () => {
    const { api, state } = startMatchApp('/match', {
      record: makeRecord({ state: 'finished', opponent: BOB, gameId: 'g7', currency: 'wbx', bet: 200 }),
      routes: {
        'GET /api/play/games/g7': () => ({ body: finished() }),
        'POST /api/matchmaking/seek': () => {
          state.record = makeRecord({ id: 'm2', bet: 200 });
          return { body: { matchmaking: state.record } };
        },
      },
    });
    const popup = await screen.findByRole('dialog', { name: 'CONGRATS' });
    const before = api.callsTo('GET', '/api/session').length;
    fireEvent.click(within(popup).getByRole('button', { name: 'Find New Match' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/matchmaking/seek')[0]?.body).toEqual({
        gameType: 'wmgt_000001',
        c: 'wbx',
        bet: 200,
      }),
    );
    expect(await screen.findByText('Searching for an opponent…')).toBeTruthy();
    expect(before).toBeGreaterThan(1); // the popup refreshed the balances (session) when it opened
  });
});

describe('/match redirects', () => {
  test('no matchmaking record and no game: /start', async () => {
    const { app } = startMatchApp('/match');
    await waitFor(() => expect(app.location().pathname).toBe('/start'));
    expect(await screen.findByRole('heading', { name: 'Start a match', level: 1 })).toBeTruthy();
  });

  test('a record found while on another page opens /match', async () => {
    const { api, app, connect, push, state } = startMatchApp('/wallet', {
      routes: { 'GET /api/wallet': () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } }) },
    });
    await connect();
    await waitFor(() => expect(api.callsTo('GET', '/api/matchmaking/current')).toHaveLength(1));
    expect(app.location().pathname).toBe('/wallet');
    state.record = makeRecord({ state: 'matched', opponent: BOB });
    await push('user:u1', 'matchmaking.changed', { matchmaking: state.record });
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
    expect(await screen.findByText('Match found!')).toBeTruthy();
  });
});
