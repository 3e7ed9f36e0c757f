/**
 * Lichess's published API for every call the product makes, written by reading lichess-org/api
 * (doc/lichess-api.yaml and the doc/specs/ files named at each operation, commit f59dc80):
 * path, method, encoding, parameters, status codes, the fields of each answer and their enums,
 * and the ND-JSON streams' events with their keep-alive empty lines. conformance.test.ts checks
 * every request the product's client sends and every answer the emulator gives against it, so
 * the emulator cannot drift from Lichess into what the product expects. Nothing here comes from
 * the emulator or the product: a field missing from the specification is not written.
 */

export type Schema =
  | { type: 'object'; required?: readonly string[]; properties?: Record<string, Schema>; values?: Schema; open?: true }
  | { type: 'string'; enum?: readonly string[] }
  | { type: 'integer' | 'number'; minimum?: number; maximum?: number; enum?: readonly number[] }
  | { type: 'boolean' }
  | { type: 'array'; items?: Schema }
  | { type: 'null' }
  | { anyOf: readonly Schema[] };

const str = (e?: readonly string[]): Schema => (e ? { type: 'string', enum: e } : { type: 'string' });
const int = (minimum?: number, maximum?: number): Schema => ({ type: 'integer', minimum, maximum });
const bool: Schema = { type: 'boolean' };
const num: Schema = { type: 'number' };
/** An object whose inner fields the product does not read: its presence and kind are checked. */
const anyObject: Schema = { type: 'object', open: true };
const obj = (properties: Record<string, Schema>, required: readonly string[] = []): Schema => ({
  type: 'object',
  properties,
  required,
});
const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });

/** schemas/GameStatusName.yaml */
export const GAME_STATUS = [
  'created',
  'started',
  'aborted',
  'mate',
  'resign',
  'stalemate',
  'timeout',
  'draw',
  'outoftime',
  'cheat',
  'noStart',
  'unknownFinish',
  'insufficientMaterialClaim',
  'variantEnd',
] as const;
const SPEED = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
const VARIANT_KEY = [
  'standard',
  'chess960',
  'crazyhouse',
  'antichess',
  'atomic',
  'horde',
  'kingOfTheHill',
  'racingKings',
  'threeCheck',
  'fromPosition',
] as const;
const GAME_COLOR = ['white', 'black'] as const;
const CHALLENGE_COLOR = ['white', 'black', 'random'] as const;
const CHALLENGE_STATUS = ['created', 'offline', 'canceled', 'declined', 'accepted'] as const;
const DECLINE_REASON = [
  'generic',
  'later',
  'tooFast',
  'tooSlow',
  'timeControl',
  'rated',
  'casual',
  'standard',
  'variant',
  'noBot',
  'onlyBot',
] as const;
/** tags/bulkpairings/api-bulk-pairing.yaml `rules` */
export const BULK_PAIRING_RULES = ['noAbort', 'noRematch', 'noGiveTime', 'noClaimWin', 'noEarlyDraw'] as const;

/** schemas/Ok.yaml, Error.yaml, NotFound.yaml */
const Ok = obj({ ok: bool }, ['ok']);
const ErrorBody = obj({ error: str() }, ['error']);

/** schemas/Variant.yaml (key, name, short) */
const Variant = obj({ key: str(VARIANT_KEY), name: str(), short: str() }, ['key', 'name']);

/** schemas/GameStateEvent.yaml */
const GameStateEvent = obj(
  {
    type: str(['gameState']),
    moves: str(),
    wtime: int(),
    btime: int(),
    winc: int(),
    binc: int(),
    status: str(GAME_STATUS),
    winner: str(GAME_COLOR),
    wdraw: bool,
    bdraw: bool,
    wtakeback: bool,
    btakeback: bool,
    expiration: anyObject,
  },
  ['type', 'moves', 'wtime', 'btime', 'winc', 'binc', 'status'],
);

/** schemas/GameEventPlayer.yaml (title: a Title or null) */
const GameEventPlayer = obj(
  { aiLevel: int(), id: str(), name: str(), title: nullable(str()), rating: int(), provisional: bool },
  ['id', 'name'],
);

/** schemas/GameFullEvent.yaml */
const GameFullEvent = obj(
  {
    type: str(['gameFull']),
    id: str(),
    variant: Variant,
    clock: obj({ initial: int(), increment: int() }),
    speed: str(SPEED),
    perf: obj({ name: str() }),
    rated: bool,
    createdAt: int(),
    white: GameEventPlayer,
    black: GameEventPlayer,
    initialFen: str(),
    state: GameStateEvent,
    daysPerTurn: int(),
    tournamentId: str(),
  },
  ['type', 'id', 'variant', 'speed', 'perf', 'rated', 'createdAt', 'white', 'black', 'initialFen', 'state'],
);

/** schemas/ChatLineEvent.yaml */
const ChatLineEvent = obj(
  { type: str(['chatLine']), room: str(['player', 'spectator']), username: str(), text: str() },
  ['type', 'room', 'username', 'text'],
);

/** schemas/OpponentGoneEvent.yaml */
const OpponentGoneEvent = obj({ type: str(['opponentGone']), gone: bool, claimWinInSeconds: int() }, ['type', 'gone']);

/** schemas/ChallengeUser.yaml */
const ChallengeUser = obj(
  {
    id: str(),
    name: str(),
    rating: num,
    title: nullable(str()),
    flair: str(),
    provisional: bool,
    online: bool,
    lag: int(),
  },
  ['id', 'name'],
);

/** schemas/ChallengeJson.yaml */
const ChallengeJson = obj(
  {
    id: str(),
    url: str(),
    status: str(CHALLENGE_STATUS),
    challenger: ChallengeUser,
    destUser: nullable(ChallengeUser),
    variant: Variant,
    rated: bool,
    speed: str(SPEED),
    timeControl: anyObject,
    color: str(CHALLENGE_COLOR),
    finalColor: str(GAME_COLOR),
    perf: obj({ icon: str(), name: str() }),
    direction: str(['in', 'out']),
    initialFen: str(),
    rematchOf: str(),
    // schemas/ChallengeDeclinedJson.yaml adds these to a declined challenge.
    declineReason: str(),
    declineReasonKey: str(DECLINE_REASON),
  },
  ['id', 'url', 'status', 'challenger', 'destUser', 'variant', 'rated', 'speed', 'timeControl', 'color', 'perf'],
);

/** schemas/BulkPairing.yaml */
const BulkPairing = obj(
  {
    id: str(),
    games: { type: 'array', items: obj({ id: str(), black: str(), white: str() }) },
    variant: str(VARIANT_KEY),
    clock: obj({ increment: int(), limit: int() }),
    pairAt: int(),
    pairedAt: nullable(int()),
    rated: bool,
    startClocksAt: int(),
    scheduledAt: int(),
  },
  // startClocksAt is listed as required; the schema's own example omits nothing, and the product
  // never sends it: an answer without it is not judged here (see conformance.test.ts).
  ['id', 'games', 'variant', 'clock', 'pairAt', 'pairedAt', 'rated', 'scheduledAt'],
);

/** schemas/UserExtended.yaml = User.yaml (id, username required) + url required */
const UserExtended = obj(
  {
    id: str(),
    username: str(),
    perfs: anyObject,
    title: str(),
    flair: str(),
    createdAt: int(),
    disabled: bool,
    tosViolation: bool,
    profile: anyObject,
    seenAt: int(),
    playTime: anyObject,
    patron: bool,
    patronColor: int(),
    verified: bool,
    url: str(),
    playing: str(),
    count: anyObject,
    streaming: bool,
    streamer: anyObject,
    followable: bool,
    following: bool,
    blocking: bool,
    fideId: num,
  },
  ['id', 'username', 'url'],
);

/** schemas/GameJson.yaml */
const GameJson = obj(
  {
    id: str(),
    rated: bool,
    variant: str(VARIANT_KEY),
    speed: str(SPEED),
    perf: str(),
    createdAt: int(),
    lastMoveAt: int(),
    status: str(GAME_STATUS),
    source: str(),
    players: anyObject,
    initialFen: str(),
    winner: str(GAME_COLOR),
    opening: anyObject,
    moves: str(),
    pgn: str(),
    daysPerTurn: int(),
    analysis: { type: 'array' },
    arenaTour: anyObject,
    swissTour: anyObject,
    clock: anyObject,
    clocks: { type: 'array' },
    division: anyObject,
  },
  ['id', 'rated', 'variant', 'speed', 'perf', 'createdAt', 'lastMoveAt', 'status', 'players'],
);

/** tags/challenges/api-challenge-ai.yaml 201 (an inline object, nothing required) */
const AiGame = obj({
  id: str(),
  variant: Variant,
  speed: str(SPEED),
  perf: str(),
  rated: bool,
  fen: str(),
  turns: int(),
  source: str(),
  status: anyObject,
  createdAt: int(),
  player: str(GAME_COLOR),
  fullId: str(),
});

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

/** What in `value` the schema refuses, as readable lines (empty: it conforms). */
export function violations(schema: Schema, value: unknown, at = '$'): string[] {
  if ('anyOf' in schema)
    return schema.anyOf.some((s) => violations(s, value, at).length === 0) ? [] : [`${at}: none of anyOf fits`];
  switch (schema.type) {
    case 'null':
      return value === null ? [] : [`${at}: not null`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    case 'string':
      if (typeof value !== 'string') return [`${at}: not a string`];
      return schema.enum && !schema.enum.includes(value) ? [`${at}: ${value} not in ${schema.enum.join('|')}`] : [];
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value)))
        return [`${at}: not an ${schema.type}`];
      const out: string[] = [];
      if (schema.minimum !== undefined && value < schema.minimum) out.push(`${at}: below ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum) out.push(`${at}: above ${schema.maximum}`);
      if (schema.enum && !schema.enum.includes(value)) out.push(`${at}: ${value} not in ${schema.enum.join('|')}`);
      return out;
    }
    case 'array':
      if (!Array.isArray(value)) return [`${at}: not an array`];
      return schema.items ? value.flatMap((v, i) => violations(schema.items!, v, `${at}[${i}]`)) : [];
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
      if (schema.open) return [];
      const v = value as Record<string, unknown>;
      const out = (schema.required ?? []).filter((k) => !(k in v)).map((k) => `${at}.${k}: required, missing`);
      for (const [k, x] of Object.entries(v)) {
        const s = schema.properties?.[k] ?? schema.values;
        if (!s) out.push(`${at}.${k}: not in the published schema`);
        else out.push(...violations(s, x, `${at}.${k}`));
      }
      return out;
    }
  }
}

/** A form or query value as its declared type reads it ("true", "600"). */
export function formViolations(fields: Record<string, Schema>, values: URLSearchParams, at: string): string[] {
  const out: string[] = [];
  for (const [k, raw] of values) {
    const s = fields[k];
    if (!s) {
      out.push(`${at}.${k}: not a published parameter`);
      continue;
    }
    const typed =
      'type' in s && (s.type === 'integer' || s.type === 'number')
        ? Number(raw)
        : 'type' in s && s.type === 'boolean'
          ? raw === 'true'
            ? true
            : raw === 'false'
              ? false
              : raw
          : raw;
    out.push(...violations(s, typed, `${at}.${k}`));
  }
  return out;
}
