import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PROTOCOL_VERSION, type GameView, type Me, type PlayerView } from '@rush/protocol';
import { RealtimeProvider } from '../../api/realtime-react.tsx';
import { createQueryClient } from '../../app/providers.tsx';
import { setMe } from '../../api/session.ts';
import { fakeRealtime, type FakeSocket } from '../../test/fakes.ts';
import { storeGame } from './useLiveGame.ts';

/** Test data and harnesses for the play, spectate and history component tests. */

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export function makePlayer(overrides: Partial<PlayerView> = {}): PlayerView {
  return {
    uid: 'u1',
    username: 'alice',
    rating: 1500,
    provisional: true,
    avatarUrl: null,
    usernameColor: 'username_color_000001',
    connected: true,
    ratingDiff: null,
    ...overrides,
  };
}

/** A fresh Blitz 3+0 game, alice (u1) white against bob (u2) black, seen by alice. */
export function makeGame(overrides: Partial<GameView> = {}): GameView {
  const now = new Date().toISOString();
  return {
    id: 'g1',
    mode: 'wmgt_000001',
    rated: true,
    status: 'started',
    statusText: null,
    white: makePlayer(),
    black: makePlayer({ uid: 'u2', username: 'bob' }),
    engine: null,
    initialFen: START_FEN,
    moves: [],
    san: [],
    fen: START_FEN,
    ply: 0,
    turn: 'white',
    clock: {
      initialMs: 180_000,
      incrementMs: 0,
      whiteMs: 180_000,
      blackMs: 180_000,
      runningSince: null,
      serverNow: now,
    },
    winner: null,
    createdAt: now,
    endedAt: null,
    firstMoveDeadline: null,
    offers: { draw: null, takeback: null, rematch: null },
    stake: null,
    underReview: false,
    disconnect: null,
    spectators: 0,
    chat: [],
    spectatorChat: [],
    you: 'white',
    resultTitle: null,
    rematchGameId: null,
    chatClosesAt: null,
    version: 1,
    ...overrides,
  };
}

/** The game after f3 e5 g4 (White to be mated by Qh4#), clocks running. */
export function foolsMateSetup(overrides: Partial<GameView> = {}): GameView {
  const now = new Date().toISOString();
  return makeGame({
    moves: ['f2f3', 'e7e5', 'g2g4'],
    san: ['f3', 'e5', 'g4'],
    fen: 'rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2',
    ply: 3,
    turn: 'black',
    clock: {
      initialMs: 180_000,
      incrementMs: 0,
      whiteMs: 175_000,
      blackMs: 176_000,
      runningSince: now,
      serverNow: now,
    },
    version: 4,
    ...overrides,
  });
}

/**
 * Renders inside the providers the screens need (query cache, realtime with a fake socket, a
 * memory router). `connect()` opens the socket as the server would (hello).
 */
interface RenderOptions {
  /** The URL to start at. */
  path?: string;
  /** The route pattern the UI is mounted at (for its params). */
  route?: string;
  /** Games put in the cache before the first render. */
  games?: GameView[];
  /** The signed-in user, known before the first render (as the app shell makes sure). */
  session?: Me | null;
}

export function renderWithPlay(ui: ReactNode, { path = '/', route = '*', games = [], session }: RenderOptions = {}) {
  const realtime = fakeRealtime();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  });
  for (const game of games) storeGame(queryClient, game);
  if (session !== undefined) setMe(queryClient, session);
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider client={realtime.client} identity="session">
        <RouterProvider router={router} />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  const socket = (): FakeSocket => {
    const s = realtime.sockets[realtime.sockets.length - 1];
    if (!s) throw new Error('no socket yet');
    return s;
  };
  const connect = () => {
    const s = socket();
    act(() => {
      s.open();
      s.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true });
    });
    return s;
  };
  /** The commands sent so far: `{ id, name, payload }`. */
  const commands = () =>
    realtime.sockets
      .flatMap((s) => s.sent)
      .filter((m): m is { t: 'cmd'; id: number; name: string; payload: Record<string, unknown> } => {
        return typeof m === 'object' && m !== null && (m as { t?: unknown }).t === 'cmd';
      });
  return { ...view, queryClient, realtime, router, socket, connect, commands };
}
