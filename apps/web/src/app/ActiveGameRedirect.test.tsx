import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeRecord } from '../features/matchmaking/testing.tsx';
import { makeRun } from '../features/puzzles/testing.tsx';
import { makeMe } from '../test/fakes.ts';
import type { Handler } from '../test/render.tsx';
import { dismissOnboardingForTests, mockApi, renderApp } from '../test/render.tsx';

const READY = { 'GET /api/puzzles/status': () => ({ body: { ready: true, imported: 60_000, total: 60_000 } }) };
const importing = {
  'GET /api/puzzles/next': () => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Importing' } } }),
};
const active = (mode: 'solo' | 'battle', route: string) => ({
  'GET /api/puzzles/active': () => ({ body: { active: { mode, id: 'x1', route } } }),
});
const noPuzzleGame = { 'GET /api/puzzles/active': () => ({ body: { active: null } }) };
const matchmaking = (state: 'searching' | 'finished') => ({
  'GET /api/matchmaking/current': () => ({ body: { matchmaking: makeRecord({ state }) } }),
});

function start(path: string, routes: Record<string, Handler>, me = makeMe()) {
  dismissOnboardingForTests();
  const api = mockApi({ me, routes: { ...READY, ...routes } });
  return { api, app: renderApp(path) };
}

/** SPEC 2 redirects (issue 20 item 3): a game in progress forces its route from every page. */
describe('a game in progress forces its route', () => {
  test('a solo rush in play: the mode selection goes to it', async () => {
    const { app } = start('/puzzle-game', {
      ...active('solo', '/puzzle-game/solo-rush'),
      'POST /api/puzzles/solo': () => ({ body: makeRun({ status: 'running' }) }),
    });
    await waitFor(() => expect(app.location().pathname).toBe('/puzzle-game/solo-rush'));
    expect(await screen.findByRole('heading', { name: 'Solo Puzzle Rush' })).toBeTruthy();
  });

  test('a solo rush in play: a page outside the puzzles goes to it too', async () => {
    const { app } = start('/about', {
      ...active('solo', '/puzzle-game/solo-rush'),
      'POST /api/puzzles/solo': () => ({ body: makeRun({ status: 'running' }) }),
    });
    await waitFor(() => expect(app.location().pathname).toBe('/puzzle-game/solo-rush'));
  });

  test('a battle in progress: casual goes to its lobby', async () => {
    const { app } = start('/puzzle-game/casual', { ...active('battle', '/puzzle-game/battle?lobby=x1'), ...importing });
    await waitFor(() => expect(app.location().pathname).toBe('/puzzle-game/battle'));
    expect(app.location().search).toBe('?lobby=x1');
  });

  test('the solo page stays when its own run is the active game', async () => {
    const { api, app } = start('/puzzle-game/solo-rush', {
      ...active('solo', '/puzzle-game/solo-rush'),
      'POST /api/puzzles/solo': () => ({ body: makeRun({ status: 'running' }) }),
    });
    expect(await screen.findByRole('timer', { name: 'Time left' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/puzzles/active')).toHaveLength(1));
    expect(app.location().pathname).toBe('/puzzle-game/solo-rush');
  });

  test('active matchmaking forces /match from any page', async () => {
    const searching = start('/leaderboard', { ...noPuzzleGame, ...matchmaking('searching') });
    await waitFor(() => expect(searching.app.location().pathname).toBe('/match'));
  });

  test('a finished record and no puzzle game: the page stays', async () => {
    const { api, app } = start('/about', { ...noPuzzleGame, ...matchmaking('finished') });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/puzzles/active')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', '/api/matchmaking/current')).toHaveLength(1));
    expect(app.location().pathname).toBe('/about');
  });

  test('matchmaking wins over a puzzle game, so /match keeps the user', async () => {
    const { api, app } = start('/match', { ...active('solo', '/puzzle-game/solo-rush'), ...matchmaking('searching') });
    await waitFor(() => expect(api.callsTo('GET', '/api/puzzles/active')).toHaveLength(1));
    expect(app.location().pathname).toBe('/match');
  });

  test('an embedded casual view is never moved', async () => {
    const embedded = start('/puzzle-game/casual?embedded', {
      ...active('solo', '/puzzle-game/solo-rush'),
      ...importing,
    });
    expect(await screen.findByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(embedded.api.callsTo('GET', '/api/puzzles/active')).toHaveLength(0);
    expect(embedded.app.location().pathname).toBe('/puzzle-game/casual');
  });

  test('the admin console is not a player page', async () => {
    const { api, app } = start('/admin', { ...active('solo', '/puzzle-game/solo-rush') }, makeMe({ role: 'admin' }));
    expect(await screen.findByRole('navigation', { name: 'Admin sections' }, { timeout: 5000 })).toBeTruthy();
    expect(api.callsTo('GET', '/api/puzzles/active')).toHaveLength(0);
    expect(app.location().pathname).toBe('/admin');
  });
});
