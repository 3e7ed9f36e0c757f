import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GIVEAWAY_TEXTS, MATCH_TEXTS, MATCHMAKING } from '@rush/domain';
import { SANDBOX_DESCRIPTION } from '../../ui/SandboxMark.tsx';
import { makeMe } from '../../test/fakes.ts';
import { stubGeolocation } from '../wallet/testing.ts';
import { resetMatchCallGuard, takeMatchCall } from './guard.ts';
import { BOB, makeChallenge, makeRecord, refused, startMatchApp } from './testing.tsx';

const card = () => screen.findByRole('region', { name: 'Challenge' });

describe('incoming challenge card', () => {
  test('only the first pending challenge: challenger, Game Type, amount in RushCoins', async () => {
    startMatchApp('/wallet', {
      challenges: {
        incoming: [
          makeChallenge({ id: 'c0', status: 'declined', from: { uid: 'u3', username: 'dora' } }),
          makeChallenge(),
          makeChallenge({ id: 'c2', from: { uid: 'u4', username: 'erin' } }),
        ],
        outgoing: [],
      },
    });
    const shown = await card();
    expect(screen.getAllByRole('region', { name: 'Challenge' })).toHaveLength(1);
    expect(within(shown).getByText('bob')).toBeTruthy();
    expect(within(shown).getByText('Game Type')).toBeTruthy();
    expect(within(shown).getByText('Blitz 5+0')).toBeTruthy();
    expect(within(shown).getByText('100 RushCoins')).toBeTruthy();
    expect(within(shown).queryByText('erin')).toBeNull();
  });

  test('a USD challenge reads "USD $N"', async () => {
    startMatchApp('/wallet', {
      challenges: { incoming: [makeChallenge({ currency: 'usd', bet: 25, amount: 2500 })], outgoing: [] },
    });
    // The SPEC text as it is, with the Sandbox mark beside it (sandbox is the default config).
    const amount = within(await card()).getByText('USD $25');
    expect(within(amount).getByRole('note', { name: SANDBOX_DESCRIPTION }).textContent).toBe('Sandbox');
  });

  test('a giveaway reads the amount as a prize the acceptor does not pay', async () => {
    startMatchApp('/wallet', {
      challenges: {
        incoming: [makeChallenge({ currency: 'usd', bet: 25, amount: 2500, isGiveawayMode: true })],
        outgoing: [],
      },
    });
    const shown = await card();
    expect(within(shown).getByText(GIVEAWAY_TEXTS.prizeLabel)).toBeTruthy();
    expect(within(shown).queryByText('Amount')).toBeNull();
    expect(within(shown).getByText('USD $25')).toBeTruthy();
    expect(within(shown).getByText(GIVEAWAY_TEXTS.youStakeNothing)).toBeTruthy();
  });

  test('a staked challenge says Amount, no giveaway line', async () => {
    startMatchApp('/wallet', { challenges: { incoming: [makeChallenge()], outgoing: [] } });
    const shown = await card();
    expect(within(shown).getByText('Amount')).toBeTruthy();
    expect(within(shown).queryByText(GIVEAWAY_TEXTS.youStakeNothing)).toBeNull();
  });

  test('hidden for a banned user', async () => {
    const { api } = startMatchApp('/wallet', {
      me: makeMe({ banned: true, chessUsername: 'alice' }),
      challenges: { incoming: [makeChallenge()], outgoing: [] },
    });
    await waitFor(() => expect(api.callsTo('GET', '/api/challenges')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Challenge' })).toBeNull();
  });

  test('a challenge arriving live shows; Accept answers it and opens /match', async () => {
    const { api, app, state, connect, push } = startMatchApp('/wallet', {
      routes: {
        'POST /api/challenges/c1/accept': () => {
          state.challenges = { incoming: [], outgoing: [] };
          state.record = makeRecord({ state: 'matched', opponent: BOB, challengeId: 'c1' });
          return { body: {} };
        },
      },
    });
    await connect();
    await waitFor(() => expect(api.callsTo('GET', '/api/challenges')).toHaveLength(1));
    state.challenges = { incoming: [makeChallenge()], outgoing: [] };
    await push('user:u1', 'challenge.received', { challenge: makeChallenge() });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
    expect(api.callsTo('POST', '/api/challenges/c1/accept')[0]?.body).toEqual({});
    expect(await screen.findByText('Match found!')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Challenge' })).toBeNull();
  });

  test('accepting a USD challenge asks the browser for the location first', async () => {
    stubGeolocation();
    const { api } = startMatchApp('/wallet', {
      challenges: { incoming: [makeChallenge({ currency: 'usd', bet: 5 })], outgoing: [] },
      routes: { 'POST /api/challenges/c1/accept': () => refused(MATCH_TEXTS.realMoneyNeedsWallet, 'wallet') },
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Accept' }));
    const shown = await card();
    expect(await within(shown).findByText(MATCH_TEXTS.realMoneyNeedsWallet)).toBeTruthy();
    expect(within(shown).getByRole('link', { name: MATCH_TEXTS.depositFunds }).getAttribute('href')).toBe('/wallet');
    expect(api.callsTo('POST', '/api/challenges/c1/accept')[0]?.body).toMatchObject({
      deviceGps: { latitude: 40.71, longitude: -74 },
    });
  });

  test('Decline answers the challenge and the card goes', async () => {
    const { api, state } = startMatchApp('/wallet', {
      challenges: { incoming: [makeChallenge()], outgoing: [] },
      routes: {
        'POST /api/challenges/c1/decline': () => {
          state.challenges = { incoming: [], outgoing: [] };
          return { body: {} };
        },
      },
    });
    fireEvent.click(within(await card()).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Challenge' })).toBeNull());
    expect(api.callsTo('POST', '/api/challenges/c1/decline')).toHaveLength(1);
  });

  test('the challenger sees "Opponent declined the challenge"', async () => {
    const { api, connect, push } = startMatchApp('/wallet');
    await connect();
    await waitFor(() => expect(api.callsTo('GET', '/api/challenges')).toHaveLength(1));
    const mine = makeChallenge({
      from: { uid: 'u1', username: 'alice' },
      to: { uid: 'u2', username: 'bob' },
      status: 'declined',
    });
    await push('user:u1', 'challenge.closed', { challenge: mine });
    const alert = await screen.findByText(MATCH_TEXTS.opponentDeclinedChallenge);
    fireEvent.click(within(alert.closest('.invitation-card') as HTMLElement).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(MATCH_TEXTS.opponentDeclinedChallenge)).toBeNull());
  });
});

describe('the 3 s guard on matchmaking calls', () => {
  test('a call within 3 s of the previous one is refused; one after it goes', () => {
    resetMatchCallGuard();
    expect(takeMatchCall(10_000)).toBe(true);
    expect(takeMatchCall(10_000 + MATCHMAKING.debounceMs - 1)).toBe(false);
    expect(takeMatchCall(10_000 + MATCHMAKING.debounceMs)).toBe(true);
  });
});

describe('the announcement', () => {
  test('shown on every page while set to show, live from the app topic, and dismissible', async () => {
    const { connect, push } = startMatchApp('/wallet');
    const socket = await connect();
    // The banner listens once the shell has mounted it: an event before its subscription is one
    // the server would never send to it (it reads the state on subscribing instead).
    await waitFor(() => expect(socket.sent).toContainEqual({ t: 'sub', topic: 'app' }));
    expect(screen.queryByRole('status', { name: 'Back soon' })).toBeNull();
    await push('app', 'app.state', {
      paused: false,
      announcement: { show: true, title: 'Back soon', text: 'Maintenance tonight.', returnTime: null },
    });
    const banner = await screen.findByRole('status', { name: 'Back soon' });
    expect(within(banner).getByText('Maintenance tonight.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Back soon' })).toBeNull());
  });
});
