/**
 * The emulator's bulk pairing (tags/bulkpairings/api-bulk-pairing.yaml, POST /api/bulk-pairing):
 * the operator's `challenge:bulk` token schedules games between players given by their own
 * tokens (`players=white1:black1,white2:black2`), each needing `challenge:write`. The whole bulk
 * is refused (400, Error.yaml) when a token is missing, unknown, present twice or lacks the
 * scope, or a player is paired twice; partial bulks are never created. Up to 500 games every 10
 * minutes per operator: more answers 429. Games start at once (pairAt omitted or past).
 */

export const BULK_RULES = ['noAbort', 'noRematch', 'noGiveTime', 'noClaimWin', 'noEarlyDraw'] as const;
export type BulkRule = (typeof BULK_RULES)[number];
export const BULK_GAMES_PER_10_MIN = 500;

interface TokenInfo {
  userId: string;
  scopes: string[];
  revoked: boolean;
}

export interface BulkContext {
  now: () => number;
  token: (token: string) => TokenInfo | undefined;
  /** Creates a started game (source api) between two users; answers its id. */
  createGame: (input: {
    whiteId: string;
    blackId: string;
    limit: number;
    increment: number;
    rated: boolean;
    rules: BulkRule[];
  }) => string;
  newId: () => string;
  /** Creation times of the games each operator paired (the 10-minute limit). */
  pairedAt: Map<string, number[]>;
}

type Answer = { status: number; body: unknown };

const refuse = (error: string): Answer => ({ status: 400, body: { error } });

export function createBulk(ctx: BulkContext, operatorId: string, form: URLSearchParams): Answer {
  const pairs = (form.get('players') ?? '')
    .split(',')
    .filter((p) => p !== '')
    .map((p) => p.split(':'));
  if (pairs.length === 0) return refuse('players: required');
  if (pairs.some((p) => p.length !== 2 || p.some((t) => t === ''))) return refuse('players: a token is missing');
  const tokens = pairs.flat();
  if (new Set(tokens).size !== tokens.length) return refuse('players: a token is present more than once');
  const users: string[] = [];
  for (const t of tokens) {
    const info = ctx.token(t);
    if (!info || info.revoked) return refuse(`players: invalid token ${t.slice(0, 8)}...`);
    if (!info.scopes.includes('challenge:write'))
      return refuse(`players: the token of ${info.userId} lacks the challenge:write scope`);
    users.push(info.userId);
  }
  if (new Set(users).size !== users.length) return refuse('players: a player is paired more than once');
  const limit = Number(form.get('clock.limit'));
  const increment = Number(form.get('clock.increment'));
  if (!Number.isInteger(limit) || limit < 0 || limit > 10_800) return refuse('clock.limit: 0..10800');
  if (!Number.isInteger(increment) || increment < 0 || increment > 60) return refuse('clock.increment: 0..60');
  const rules = (form.get('rules') ?? '').split(',').filter((r) => r !== '');
  const unknown = rules.find((r) => !(BULK_RULES as readonly string[]).includes(r));
  if (unknown) return refuse(`rules: unknown rule ${unknown}`);
  const message = form.get('message');
  if (message !== null && !message.includes('{game}')) return refuse('message: must contain {game}');
  const now = ctx.now();
  const recent = (ctx.pairedAt.get(operatorId) ?? []).filter((t) => t > now - 10 * 60_000);
  if (recent.length + pairs.length > BULK_GAMES_PER_10_MIN)
    return { status: 429, body: { error: 'Too many games scheduled. Try again later.' } };
  ctx.pairedAt.set(operatorId, [...recent, ...pairs.map(() => now)]);
  const rated = form.get('rated') === 'true';
  const games = pairs.map((_, i) => {
    const whiteId = users[2 * i]!;
    const blackId = users[2 * i + 1]!;
    const id = ctx.createGame({ whiteId, blackId, limit, increment, rated, rules: rules as BulkRule[] });
    return { id, white: whiteId, black: blackId };
  });
  const startClocksAt = form.get('startClocksAt');
  return {
    status: 200,
    body: {
      id: ctx.newId(),
      games,
      variant: 'standard',
      clock: { limit, increment },
      pairAt: now,
      pairedAt: now,
      rated,
      ...(startClocksAt !== null ? { startClocksAt: Number(startClocksAt) } : {}),
      scheduledAt: now,
    },
  };
}
