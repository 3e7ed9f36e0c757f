import crypto from 'node:crypto';
import type { LichessEmulator, LichessEmulatorOptions } from './options.ts';
import type { Challenge, EmulatedGame, EmulatedUser, OpenStream, PendingCode, PerfInit, TokenRecord } from './types.ts';

/**
 * Everything one Lichess emulator holds, shared by its endpoint files: accounts, tokens, codes,
 * games, challenges, open streams, timers, the fault switches and the request log; and the
 * helpers that make ids and tokens (lila's `lio_` personal tokens, lichess-org/api
 * tags/oauth/api-token.yaml) and schedule work (cleared when the emulator closes).
 */

/** The fault switches a test or the control API turns on (see LichessEmulator['faults']). */
export interface Faults {
  rateLimit: number;
  rateLimitToken: string | undefined;
  rateLimitPath: string | undefined;
  malformed: number;
  slowMs: number;
  declineBots: boolean;
  /** Bots' answers to challenges wait here until released (a test orders them, no timer). */
  heldBotAnswers: (() => void)[] | null;
}

export interface EmulatorState {
  readonly opts: LichessEmulatorOptions;
  /** Set once the server listens. */
  url: string;
  readonly now: () => number;
  readonly botDelayMs: number;
  readonly users: Map<string, EmulatedUser>;
  readonly tokens: Map<string, TokenRecord>;
  readonly codes: Map<string, PendingCode>;
  readonly games: Map<string, EmulatedGame>;
  readonly challenges: Map<string, Challenge>;
  readonly exportOverrides: Map<string, Record<string, unknown>>;
  readonly bulkPairedAt: Map<string, number[]>;
  readonly streams: Set<OpenStream>;
  readonly inFlight: Map<string, number>;
  readonly timers: Set<NodeJS.Timeout>;
  /** The account the next /oauth approves (undefined: the hint or the first person). */
  nextLogin: string | null | undefined;
  readonly fault: Faults;
  readonly log: LichessEmulator['log'];
}

export const ALL_SCOPES = ['board:play', 'challenge:write', 'challenge:read'];

export function createState(opts: LichessEmulatorOptions): EmulatorState {
  const em: EmulatorState = {
    opts,
    url: '',
    now: opts.now ?? (() => Date.now()),
    botDelayMs: opts.botDelayMs ?? 20,
    users: new Map(),
    tokens: new Map(),
    codes: new Map(),
    games: new Map(),
    challenges: new Map(),
    exportOverrides: new Map(),
    bulkPairedAt: new Map(),
    streams: new Set(),
    inFlight: new Map(),
    timers: new Set(),
    nextLogin: undefined,
    fault: {
      rateLimit: 0,
      rateLimitToken: undefined,
      rateLimitPath: undefined,
      malformed: 0,
      slowMs: 0,
      declineBots: false,
      heldBotAnswers: null,
    },
    log: { requests: [], maxInFlightPerToken: 0, refusals: [], replacedStreams: 0 },
  };
  addUser(em, 'maia1', { blitz: { rating: 1500, games: 10_000 }, rapid: { rating: 1500, games: 10_000 } }, true);
  return em;
}

export function addUser(
  em: EmulatorState,
  username: string,
  perfs: { blitz?: PerfInit; rapid?: PerfInit } = {},
  bot = false,
): EmulatedUser {
  const u: EmulatedUser = {
    id: username.toLowerCase(),
    username,
    bot,
    perfs: { blitz: perfs.blitz ?? { rating: 1500, games: 50 }, rapid: perfs.rapid ?? { rating: 1500, games: 50 } },
    takebacks: true,
  };
  em.users.set(u.id, u);
  return u;
}

/** Runs `fn` after `ms`, unless the emulator closes first. */
export function later(em: EmulatorState, ms: number, fn: () => void): void {
  const t = setTimeout(() => {
    em.timers.delete(t);
    fn();
  }, ms);
  em.timers.add(t);
}

export function newId(n = 8): string {
  const abc = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let s = '';
  for (const b of crypto.randomBytes(n)) s += abc[b % abc.length];
  return s;
}

export function newToken(em: EmulatorState, userId: string, scopes: string[]): string {
  const t = `lio_${crypto.randomBytes(24).toString('base64url').replace(/-/g, 'A').replace(/_/g, 'B')}`;
  em.tokens.set(t, { userId, scopes, revoked: false });
  return t;
}
