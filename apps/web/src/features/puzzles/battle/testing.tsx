import type { LobbySummary, LobbyView, Me, OptionsResponse, ParticipantView, PuzzleView } from '@rush/protocol';
import type { Handler } from '../../../test/render.tsx';
import { makeOptions, startMatchApp } from '../../matchmaking/testing.tsx';

/** Test data and an API double for the battle screens (fetch and the realtime socket mocked). */

export function makeSummaryRow(overrides: Partial<LobbySummary> = {}): LobbySummary {
  return {
    id: 'L1',
    owner: 'alice',
    locked: false,
    prizeMode: 'pool',
    minutes: 3,
    stakesCurrency: 'wbx',
    stakesAmount: 100,
    eloRange: { min: 1300, max: 1700 },
    users: 2,
    max: 8,
    ...overrides,
  };
}

export function makeParticipant(
  uid: string,
  username: string,
  overrides: Partial<ParticipantView> = {},
): ParticipantView {
  return {
    uid,
    username,
    avatarUrl: null,
    elo: 1500,
    strikes: 0,
    skips: 0,
    currentStreak: 0,
    largestStreak: 0,
    puzzlesCompleted: 0,
    points: 0,
    left: false,
    ...overrides,
  };
}

export const ALICE = makeParticipant('u1', 'alice', { elo: 1500 });
export const BOB = makeParticipant('u2', 'bob', { elo: 1580 });

/** A lobby owned by alice (u1, the signed-in user by default) with alice and bob in it. */
export function makeLobby(overrides: Partial<LobbyView> = {}): LobbyView {
  const now = Date.now();
  return {
    id: 'L1',
    owner: { uid: 'u1', username: 'alice' },
    type: 'battle',
    status: 'created',
    settings: {
      difficulty: 'normal',
      theme: 'healthyMix',
      time: 180_000,
      privacy: 'public',
      maxParticipants: 8,
      prizeMode: 'pool',
      stakesCurrency: 'usd',
      stakesAmount: 5,
    },
    createdAt: new Date(now).toISOString(),
    autoStartAt: new Date(now + 90_000).toISOString(),
    startedAt: null,
    endsAt: null,
    participants: [ALICE, BOB],
    eloRange: { min: 1300, max: 1700 },
    grandPrize: 1000,
    chat: [],
    results: null,
    code: null,
    error: null,
    serverNow: new Date(now).toISOString(),
    ...overrides,
  };
}

/** The same lobby as a running battle. */
export function startedLobby(overrides: Partial<LobbyView> = {}): LobbyView {
  const now = Date.now();
  return makeLobby({
    status: 'started',
    autoStartAt: null,
    startedAt: new Date(now).toISOString(),
    endsAt: new Date(now + 180_000).toISOString(),
    ...overrides,
  });
}

/** After 1.e4: black to move, so the user plays white; the setup move is 1...e5. */
export const PUZZLE_1: PuzzleView = {
  attemptId: 'a1',
  puzzleId: 'p1',
  fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
  firstMove: 'e7e5',
  color: 'white',
  rating: 1500,
  themes: ['opening'],
  userMoves: 2,
};

/** The start position: white to move, so the user plays black; the setup move is 1.d4. */
export const PUZZLE_2: PuzzleView = {
  attemptId: 'a2',
  puzzleId: 'p2',
  fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  firstMove: 'd2d4',
  color: 'black',
  rating: 1520,
  themes: ['opening'],
  userMoves: 1,
};

interface BattleApiOptions {
  /** The signed-in user (default: the match app's). */
  me?: Me;
  lobbies?: LobbySummary[];
  lobby?: LobbyView | null;
  options?: OptionsResponse;
  routes?: Record<string, Handler>;
}

/**
 * The whole app at `path` with the battle routes. `state.lobby` is what GET lobby answers (a test
 * changes it between calls); `push` sends a topic event as the server would.
 */
export function startBattleApp(path: string, opts: BattleApiOptions = {}) {
  const state = { lobbies: opts.lobbies ?? [], lobby: opts.lobby ?? null };
  const notFound = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
  const lobbyRoutes: Record<string, Handler> = {
    'GET /api/puzzles/lobbies': () => ({ body: { lobbies: state.lobbies } }),
    'GET /api/puzzles/active': () => ({ body: { active: null } }),
  };
  if (state.lobby) {
    const id = state.lobby.id;
    lobbyRoutes[`GET /api/puzzles/lobbies/${id}`] = () => (state.lobby ? { body: state.lobby } : notFound);
    // Leave, start and forfeit answer the lobby after the action, as the server does.
    for (const action of ['leave', 'start', 'forfeit']) {
      lobbyRoutes[`POST /api/puzzles/lobbies/${id}/${action}`] = () => ({ body: { lobby: state.lobby } });
    }
    for (const action of ['kick', 'chat']) {
      lobbyRoutes[`POST /api/puzzles/lobbies/${id}/${action}`] = () => ({ status: 204 });
    }
  }
  const app = startMatchApp(path, {
    ...(opts.me ? { me: opts.me } : {}),
    options: opts.options ?? makeOptions(),
    routes: { ...lobbyRoutes, ...opts.routes },
  });
  return { ...app, state };
}

export const search = (app: ReturnType<typeof startBattleApp>['app']) =>
  Object.fromEntries(new URLSearchParams(app.location().search));
