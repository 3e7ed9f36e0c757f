/**
 * Lichess's published API for every call the product makes, written by reading lichess-org/api
 * (doc/lichess-api.yaml and the doc/specs/ files named at each operation, commit f59dc80):
 * path, method, encoding, parameters, status codes, the fields of each answer and their enums,
 * and the ND-JSON streams' events with their keep-alive empty lines. conformance.test.ts checks
 * every request the product's client sends and every answer the emulator gives against it, so
 * the emulator cannot drift from Lichess into what the product expects. Nothing here comes from
 * the emulator or the product: a field missing from the specification is not written.
 */

import { bool, int, nullable, obj, str, type Schema } from './schema.ts';
import {
  AiGame,
  BulkPairing,
  CHALLENGE_COLOR,
  ChallengeJson,
  ChatLineEvent,
  DECLINE_REASON,
  ErrorBody,
  GAME_COLOR,
  GameFullEvent,
  GameJson,
  GameStateEvent,
  Ok,
  OpponentGoneEvent,
  UserExtended,
  VARIANT_KEY,
} from './published-schemas.ts';

export { formViolations, violations, type Schema } from './schema.ts';
export { BULK_PAIRING_RULES, GAME_STATUS } from './published-schemas.ts';

export interface Answer {
  /** json: one JSON body; ndjson: lines of `events` (by `type`) or `lines`, and empty keep-alives; none: no body. */
  kind: 'json' | 'ndjson' | 'none';
  schema?: Schema;
  events?: Record<string, Schema>;
  /** ND-JSON lines without a `type` (the keep-alive challenge stream). */
  lines?: readonly Schema[];
}

export interface Operation {
  /** The operationId, and the file it was read from. */
  id: string;
  source: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** With {param} placeholders. */
  path: string;
  pathParams?: Record<string, Schema>;
  /** OAuth2 scopes (any one suffices, lila's OAuthScopes.intersects); [] any token; null no auth. */
  scopes: readonly string[] | null;
  query?: Record<string, Schema>;
  body?: { encoding: 'form' | 'text'; fields?: Record<string, Schema>; required?: readonly string[] };
  responses: Record<number, Answer>;
}

const json = (schema: Schema): Answer => ({ kind: 'json', schema });
const error = json(ErrorBody);
const notFound = json(ErrorBody);
const BOARD = ['board:play'];
const CHALLENGE = ['challenge:write', 'bot:play', 'board:play'];

export const PUBLISHED_API: readonly Operation[] = [
  {
    id: 'apiToken',
    source: 'tags/oauth/api-token.yaml',
    method: 'POST',
    path: '/api/token',
    scopes: null,
    body: {
      encoding: 'form',
      fields: { grant_type: str(), code: str(), code_verifier: str(), redirect_uri: str(), client_id: str() },
    },
    responses: {
      200: json(obj({ token_type: str(), access_token: str(), expires_in: int() }, ['token_type', 'access_token'])),
      400: json(obj({ error: str(), error_description: str() }, ['error'])),
    },
  },
  {
    id: 'apiTokenDelete',
    source: 'tags/oauth/api-token.yaml',
    method: 'DELETE',
    path: '/api/token',
    scopes: [],
    responses: { 204: { kind: 'none' } },
  },
  {
    id: 'tokenTest',
    source: 'tags/oauth/api-token-test.yaml',
    method: 'POST',
    path: '/api/token/test',
    scopes: null,
    body: { encoding: 'text' },
    responses: {
      200: json({
        type: 'object',
        values: nullable(obj({ userId: str(), scopes: str(), expires: nullable(int()) })),
      }),
    },
  },
  {
    id: 'accountMe',
    source: 'tags/account/api-account.yaml',
    method: 'GET',
    path: '/api/account',
    scopes: [],
    responses: { 200: json(UserExtended) },
  },
  {
    id: 'boardGameStream',
    source: 'tags/board/api-board-game-stream-gameId.yaml',
    method: 'GET',
    path: '/api/board/game/stream/{gameId}',
    scopes: BOARD,
    responses: {
      200: {
        kind: 'ndjson',
        events: {
          gameFull: GameFullEvent,
          gameState: GameStateEvent,
          chatLine: ChatLineEvent,
          opponentGone: OpponentGoneEvent,
        },
      },
      404: notFound,
    },
  },
  {
    id: 'boardGameMove',
    source: 'tags/board/api-board-game-gameId-move-move.yaml',
    method: 'POST',
    path: '/api/board/game/{gameId}/move/{move}',
    scopes: BOARD,
    query: { offeringDraw: bool },
    responses: { 200: json(Ok), 400: error },
  },
  ...(['draw', 'takeback'] as const).map((what): Operation => ({
    id: what === 'draw' ? 'boardGameDraw' : 'boardGameTakeback',
    source: `tags/board/api-board-game-gameId-${what}-accept.yaml`,
    method: 'POST',
    path: `/api/board/game/{gameId}/${what}/{accept}`,
    // `accept`: a boolean, or the string "yes".
    pathParams: { accept: str(['true', 'false', 'yes']) },
    scopes: BOARD,
    responses: { 200: json(Ok), 400: error },
  })),
  ...(['resign', 'abort', 'claim-victory'] as const).map((what): Operation => ({
    id: `boardGame-${what}`,
    source: `tags/board/api-board-game-gameId-${what}.yaml`,
    method: 'POST',
    path: `/api/board/game/{gameId}/${what}`,
    scopes: BOARD,
    responses: { 200: json(Ok), 400: error },
  })),
  {
    id: 'boardGameChatPost',
    source: 'tags/board/api-board-game-gameId-chat.yaml',
    method: 'POST',
    path: '/api/board/game/{gameId}/chat',
    scopes: BOARD,
    body: { encoding: 'form', fields: { room: str(['player', 'spectator']), text: str() }, required: ['room', 'text'] },
    responses: { 200: json(Ok), 400: error },
  },
  {
    id: 'challengeCreate',
    source: 'tags/challenges/api-challenge-username.yaml',
    method: 'POST',
    path: '/api/challenge/{username}',
    scopes: CHALLENGE,
    body: {
      encoding: 'form',
      fields: {
        'clock.limit': int(0, 10_800),
        'clock.increment': int(0, 60),
        days: { type: 'integer', enum: [1, 2, 3, 5, 7, 10, 14] },
        rated: bool,
        color: str(CHALLENGE_COLOR),
        variant: str(VARIANT_KEY),
        fen: str(),
        keepAliveStream: bool,
        rules: str(),
      },
    },
    responses: {
      // keepAliveStream: the challenge, then {"done": ...} (ND-JSON); otherwise the challenge.
      200: { kind: 'json', schema: ChallengeJson, lines: [ChallengeJson, obj({ done: str() }, ['done'])] },
      400: error,
    },
  },
  ...(['accept', 'decline', 'cancel'] as const).map((what): Operation => ({
    id: `challenge-${what}`,
    source: `tags/challenges/api-challenge-challengeId-${what}.yaml`,
    method: 'POST',
    path: `/api/challenge/{challengeId}/${what}`,
    scopes: CHALLENGE,
    ...(what === 'accept' ? { query: { color: str(GAME_COLOR) } } : {}),
    ...(what === 'cancel' ? { query: { opponentToken: str() } } : {}),
    ...(what === 'decline' ? { body: { encoding: 'form' as const, fields: { reason: str(DECLINE_REASON) } } } : {}),
    responses: { 200: json(Ok), 404: notFound },
  })),
  {
    id: 'challengeAi',
    source: 'tags/challenges/api-challenge-ai.yaml',
    method: 'POST',
    path: '/api/challenge/ai',
    scopes: CHALLENGE,
    body: {
      encoding: 'form',
      fields: {
        level: int(1, 8),
        'clock.limit': int(0, 10_800),
        'clock.increment': int(0, 60),
        days: { type: 'integer', enum: [1, 2, 3, 5, 7, 10, 14] },
        color: str(CHALLENGE_COLOR),
        variant: str(VARIANT_KEY),
        fen: str(),
      },
      required: ['level'],
    },
    responses: { 201: json(AiGame), 400: error },
  },
  {
    id: 'bulkPairingCreate',
    source: 'tags/bulkpairings/api-bulk-pairing.yaml',
    method: 'POST',
    path: '/api/bulk-pairing',
    scopes: ['challenge:bulk'],
    body: {
      encoding: 'form',
      fields: {
        players: str(),
        'clock.limit': int(0, 10_800),
        'clock.increment': int(0, 60),
        days: { type: 'integer', enum: [1, 2, 3, 5, 7, 10, 14] },
        pairAt: int(),
        startClocksAt: int(),
        rated: bool,
        variant: str(VARIANT_KEY),
        fen: str(),
        message: str(),
        // "Extra game rules separated by commas", each of the enum.
        rules: str(),
      },
    },
    responses: { 200: json(BulkPairing), 400: error },
  },
  {
    id: 'gamePgn',
    source: 'tags/games/game-export-gameId.yaml',
    method: 'GET',
    path: '/game/export/{gameId}',
    scopes: null,
    query: {
      moves: bool,
      pgnInJson: bool,
      tags: bool,
      clocks: bool,
      evals: bool,
      accuracy: bool,
      opening: bool,
      division: bool,
      literate: bool,
      withBookmarked: bool,
    },
    responses: { 200: json(GameJson) },
  },
];

/**
 * Lichess answers 429 to any request past its rate limits (lichess-api.yaml, "Rate limiting":
 * wait a full minute), and 401 when a token is missing or invalid, 403 when it lacks a scope:
 * common to every operation.
 */
export const COMMON_STATUSES: Record<number, Answer> = { 401: error, 403: error, 429: error };

/** The operation of a request, by method and path (placeholders match one segment). */
export function operationOf(method: string, path: string): { op: Operation; params: Record<string, string> } | null {
  // A literal segment wins over a placeholder (/api/challenge/ai is not a username).
  const byLiteralFirst = [...PUBLISHED_API].sort(
    (a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0),
  );
  for (const op of byLiteralFirst) {
    if (op.method !== method) continue;
    const names: string[] = [];
    const re = new RegExp(
      `^${op.path.replace(/\{(\w+)\}/g, (_, n: string) => {
        names.push(n);
        return '([^/]+)';
      })}$`,
    );
    const m = re.exec(path);
    if (m) return { op, params: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])) };
  }
  return null;
}
