import { afterEach, expect } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { defaultCatalog, type Currency } from '@rush/domain';
import {
  PROTOCOL_VERSION,
  type AppStateView,
  type CatalogResponse,
  type ChallengeView,
  type Me,
  type MatchmakingView,
  type OptionsResponse,
  type WagerOptionView,
} from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp, type Handler } from '../../test/render.tsx';
import { resetMatchCallGuard } from './guard.ts';

/** Test data and an API double for the matchmaking component tests. */

afterEach(() => resetMatchCallGuard());

export function makeCatalog(change: (c: CatalogResponse) => void = () => {}): CatalogResponse {
  const catalog: CatalogResponse = structuredClone(defaultCatalog());
  change(catalog);
  return catalog;
}

const option = (currency: Currency, value: number, i: number): WagerOptionView => ({
  key: `${currency}_${i + 1}`,
  name: currency === 'usd' ? `USD $${value}` : `${value} RushCoins`,
  value,
  amount: value * 100,
  refusal: null,
});

export function makeOptions(overrides: Partial<OptionsResponse> = {}, usd = [1, 5, 10, 25, 50]): OptionsResponse {
  return {
    gameType: 'wmgt_000001',
    account: null,
    wagers: {
      usd: usd.map((v, i) => option('usd', v, i)),
      wbx: [50, 100, 200, 500, 1000, 2500].map((v, i) => option('wbx', v, i)),
    },
    contentCreator: false,
    ...overrides,
  };
}

export const RUNNING: AppStateView = {
  paused: false,
  announcement: { show: false, title: '', text: '', returnTime: null },
};

export const PAUSED: AppStateView = {
  paused: true,
  announcement: {
    show: false,
    title: 'Scheduled maintenance',
    text: 'New games are paused while we upgrade the servers.',
    returnTime: '2030-01-02T15:00:00.000Z',
  },
};

const alice = { uid: 'u1', username: 'alice', rating: 1500, provisional: false, avatarUrl: null };
const bob = { uid: 'u2', username: 'bob', rating: 1540, provisional: false, avatarUrl: null };

export function makeRecord(overrides: Partial<MatchmakingView> = {}): MatchmakingView {
  const now = new Date().toISOString();
  return {
    id: 'm1',
    state: 'searching',
    gameType: 'wmgt_000001',
    currency: 'wbx',
    bet: 100,
    amount: 10_000,
    startedAt: now,
    me: alice,
    opponent: null,
    accepted: { me: false, opponent: false },
    acceptDeadline: null,
    declinedBy: null,
    gameId: null,
    message: null,
    result: null,
    challengeId: null,
    isGiveawayMode: false,
    giveawayBy: null,
    serverNow: now,
    ...overrides,
  };
}

export const BOB = bob;

export function makeChallenge(overrides: Partial<ChallengeView> = {}): ChallengeView {
  const now = Date.now();
  return {
    id: 'c1',
    from: { uid: 'u2', username: 'bob' },
    to: { uid: 'u1', username: 'alice' },
    gameType: 'wmgt_000002',
    currency: 'wbx',
    bet: 100,
    amount: 10_000,
    status: 'pending',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 120_000).toISOString(),
    isGiveawayMode: false,
    ...overrides,
  };
}

interface MatchApiOptions {
  me?: Me | null;
  catalog?: CatalogResponse;
  options?: OptionsResponse;
  appState?: AppStateView;
  record?: MatchmakingView | null;
  challenges?: { incoming: ChallengeView[]; outgoing: ChallengeView[] };
  routes?: Record<string, Handler>;
}

export const refused = (message: string, reason: string) => ({
  status: 400,
  body: { error: { code: 'MATCH_REFUSED', message, fields: { reason } } },
});

/**
 * The whole app at `path` over mockApi plus the matchmaking routes. `state` holds what the GETs
 * answer, so a test changes it between calls; `urls()` lists every requested URL with its query.
 */
export function startMatchApp(path: string, opts: MatchApiOptions = {}) {
  dismissOnboardingForTests();
  const state = {
    catalog: opts.catalog ?? makeCatalog(),
    options: opts.options ?? makeOptions(),
    appState: opts.appState ?? RUNNING,
    record: opts.record ?? null,
    challenges: opts.challenges ?? { incoming: [], outgoing: [] },
  };
  const api = mockApi({
    me: opts.me === undefined ? makeMe({ chessUsername: 'alice' }) : opts.me,
    routes: {
      'GET /api/play/catalog': () => ({ body: state.catalog }),
      'GET /api/app/state': () => ({ body: state.appState }),
      'GET /api/matchmaking/options': () => ({ body: state.options }),
      'GET /api/matchmaking/current': () => ({ body: { matchmaking: state.record } }),
      'GET /api/challenges': () => ({ body: state.challenges }),
      'GET /api/play/current': () => ({ body: { game: null } }),
      'GET /api/play/invitations': () => ({ body: { incoming: [], outgoing: [] } }),
      ...opts.routes,
    },
  });
  const app = renderApp(path);
  const urls = () =>
    api.fetchMock.mock.calls.map(([input]) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return href;
    });
  const connect = async () => {
    await waitFor(() => expect(app.realtime.sockets.length).toBeGreaterThan(0));
    const socket = app.realtime.sockets.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true });
    });
    return socket;
  };
  const versions = new Map<string, number>();
  /** Pushes an event as the server would, on `topic` (versions in order per topic). */
  const push = async (topic: string, type: string, data: unknown) => {
    let socket = app.realtime.sockets.at(-1);
    if (!socket || socket.readyState !== 1) socket = await connect();
    // The client drops an event for a topic nobody listens to, as the server never sends one;
    // so wait for the page's subscription, which a loaded machine may render after the push.
    const open = socket;
    await waitFor(() => expect(open.sent).toContainEqual(expect.objectContaining({ t: 'sub', topic })));
    const v = (versions.get(topic) ?? 0) + 1;
    versions.set(topic, v);
    act(() => open.receive({ t: 'ev', topic, v, type, data }));
  };
  return { api, app, state, urls, connect, push };
}
