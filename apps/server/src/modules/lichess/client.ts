import { systemClock, type Clock } from '../../platform/clock.ts';
import {
  LichessAccountBody,
  LichessBulkPairingBody,
  LichessExportBody,
  LichessTokenTestBody,
  type LichessBulkPairing,
  LichessTokenBody,
  isFinishedStatus,
  type LichessAccount,
  type LichessAiGame,
  type LichessChallenge,
  type LichessGameExport,
  type LichessGameStreamEvent,
  type LichessIncomingEvent,
} from './api-types.ts';
import {
  LichessHttpError,
  LichessOAuthError,
  LichessRateLimitedError,
  LichessStreamError,
  LichessTokenRevokedError,
  LichessUnavailableError,
} from './errors.ts';
import { NdjsonLineReader } from './ndjson.ts';
import { RATE_LIMIT_PAUSE_MS, TokenGate } from './token-gate.ts';

/**
 * HTTP client of the Lichess endpoints board play uses (lichess-org/api, doc/specs/lichess-api.yaml
 * and the tags/ files named at each method). Every request carries one user's token (or none)
 * and goes through the TokenGate: one request in flight per token, nothing for 60 s after a 429.
 * Streams hold the token's turn only until their headers arrive, then read in the background,
 * re-opening after an error up to 3 times with 2 s between (SPEC 8); a malformed line re-opens
 * the stream.
 */
export interface LichessClientOptions {
  /** LICHESS_URL, e.g. https://lichess.org (tests: the emulator's URL). */
  baseUrl: string;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Whole-request timeout for non-stream requests; headers timeout for streams. */
  timeoutMs?: number;
  /** The pause after a 429 (never less than 60 s in production; tests keep the default). */
  rateLimitPauseMs?: number;
  /** Consecutive failures a stream survives (SPEC 8: 3). */
  streamRetries?: number;
  /** Wait before re-opening a stream (SPEC 8: 2 s). */
  streamRetryDelayMs?: number;
  /** A stream with no byte (not even a keep-alive line) for this long is re-opened. */
  streamIdleMs?: number;
  /** How waits are made (tests may replace it). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  userAgent?: string;
}

export const LICHESS_DEFAULTS = {
  timeoutMs: 10_000,
  streamRetries: 3,
  streamRetryDelayMs: 2_000,
  // The event stream sends a keep-alive line every 7 s; several missed ones mean a dead connection.
  streamIdleMs: 45_000,
} as const;

export interface StreamHandle {
  /** Stops reading (no further events, no re-open); `done` then resolves. */
  close(): void;
  /**
   * Resolves when the stream is over: a game stream after the game ended and Lichess closed it,
   * any stream after close(). Rejects with LichessTokenRevokedError (401), LichessHttpError
   * (404...) or LichessStreamError (retries exhausted).
   */
  readonly done: Promise<void>;
}

export interface StreamOptions {
  /** Called before each re-open, with the attempt number (1..retries) and the cause. */
  onRetry?: (attempt: number, cause: unknown) => void;
  /** Asked after the wait, before each re-open: false ends the stream instead (`done` resolves). */
  stillWanted?: () => Promise<boolean>;
}

interface RequestInit2 {
  form?: Record<string, string | number | boolean | undefined>;
  /** A text/plain body (the token test). */
  text?: string;
  query?: Record<string, string | number | boolean | undefined>;
  accept?: string;
  signal?: AbortSignal;
  /** Keep the response body for the caller (a stream); the token's turn ends with the headers. */
  stream?: boolean;
}

export type ChallengeDone = 'accepted' | 'declined' | 'canceled' | 'expired' | 'closed';

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export class LichessClient {
  readonly baseUrl: string;
  readonly gate: TokenGate;
  private readonly clock: Clock;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly streamRetries: number;
  private readonly streamRetryDelayMs: number;
  private readonly streamIdleMs: number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly userAgent: string;

  constructor(opts: LichessClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.clock = opts.clock ?? systemClock;
    this.gate = new TokenGate(this.clock, Math.max(opts.rateLimitPauseMs ?? RATE_LIMIT_PAUSE_MS, 0));
    this.fetchImpl = opts.fetch ?? fetch;
    this.timeoutMs = opts.timeoutMs ?? LICHESS_DEFAULTS.timeoutMs;
    this.streamRetries = opts.streamRetries ?? LICHESS_DEFAULTS.streamRetries;
    this.streamRetryDelayMs = opts.streamRetryDelayMs ?? LICHESS_DEFAULTS.streamRetryDelayMs;
    this.streamIdleMs = opts.streamIdleMs ?? LICHESS_DEFAULTS.streamIdleMs;
    this.sleep = opts.sleep ?? defaultSleep;
    this.userAgent = opts.userAgent ?? 'RushChess';
  }

  // ---- OAuth (tags/oauth/api-token.yaml) -------------------------------------------------

  /** POST /api/token, form: grant_type=authorization_code, code, code_verifier, redirect_uri, client_id. */
  async exchangeCode(input: { clientId: string; redirectUri: string; code: string; verifier: string }): Promise<{
    accessToken: string;
    expiresInSec: number | undefined;
  }> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
    });
    const { res, done } = await this.gate.run(null, () =>
      this.send(null, 'POST', '/api/token', { body: form, accept: 'application/json', tolerate: [400, 401] }),
    );
    const body = (await res
      .json()
      .catch(() => ({}))
      .finally(done)) as Record<string, unknown>;
    if (!res.ok) {
      throw new LichessOAuthError(
        typeof body.error === 'string' ? body.error : `http_${res.status}`,
        typeof body.error_description === 'string' ? body.error_description : undefined,
      );
    }
    const parsed = LichessTokenBody.safeParse(body);
    if (!parsed.success)
      throw new LichessOAuthError('invalid_response', 'the token endpoint answered an unexpected body');
    return { accessToken: parsed.data.access_token, expiresInSec: parsed.data.expires_in };
  }

  /** DELETE /api/token: revokes the token sent (unlinking, or a token we no longer want). */
  async revokeToken(token: string): Promise<void> {
    await this.call(token, 'DELETE', '/api/token', {});
  }

  // ---- Account (tags/account/api-account.yaml) --------------------------------------------

  /** GET /api/account: id, username, blitz and rapid perfs (`prov` only when provisional). */
  async account(token: string): Promise<LichessAccount> {
    const body = await this.json(token, 'GET', '/api/account', {});
    const parsed = LichessAccountBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('an account body of an unexpected shape');
    const a = parsed.data;
    const perf = (p: { rating: number; rd: number; games: number; prov?: boolean } | undefined) =>
      p ? { rating: p.rating, rd: p.rd, games: p.games, provisional: p.prov === true } : null;
    return {
      id: a.id,
      username: a.username,
      blitz: perf(a.perfs?.blitz),
      rapid: perf(a.perfs?.rapid),
      closed: a.disabled === true,
      tosViolation: a.tosViolation === true,
    };
  }

  // ---- Board (tags/board/*.yaml) ----------------------------------------------------------

  /** POST /api/board/game/{id}/move/{uci}[?offeringDraw=true] */
  async move(token: string, gameId: string, uci: string, opts: { offeringDraw?: boolean } = {}): Promise<void> {
    if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) throw new LichessHttpError(400, 'not a UCI move');
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/move/${uci}`, {
      query: opts.offeringDraw ? { offeringDraw: true } : undefined,
    });
  }

  /**
   * POST /api/board/game/{id}/draw/{accept}: yes offers or accepts, false declines (`accept` is
   * published as a boolean or "yes"; "no" is not).
   */
  async draw(token: string, gameId: string, accept: boolean): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/draw/${accept ? 'yes' : 'false'}`, {});
  }

  /** POST /api/board/game/{id}/takeback/{accept}: yes proposes or accepts, false declines. */
  async takeback(token: string, gameId: string, accept: boolean): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/takeback/${accept ? 'yes' : 'false'}`, {});
  }

  /** POST /api/board/game/{id}/resign */
  async resign(token: string, gameId: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/resign`, {});
  }

  /** POST /api/board/game/{id}/abort */
  async abort(token: string, gameId: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/abort`, {});
  }

  /** POST /api/board/game/{id}/claim-victory (after opponentGone's claimWinInSeconds). */
  async claimVictory(token: string, gameId: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/claim-victory`, {});
  }

  /** POST /api/board/game/{id}/chat, form room (player|spectator) and text. */
  async chat(token: string, gameId: string, room: 'player' | 'spectator', text: string): Promise<void> {
    await this.call(token, 'POST', `/api/board/game/${seg(gameId)}/chat`, { form: { room, text } });
  }

  /**
   * GET /api/board/game/stream/{id} (ndjson): gameFull first, then gameState, chatLine,
   * opponentGone. Lichess closes it when the game ends; a close before the end is a drop and
   * the stream re-opens (a fresh gameFull: GameMoves turns it into the moves not seen yet).
   */
  streamGame(
    token: string,
    gameId: string,
    onEvent: (e: LichessGameStreamEvent) => void,
    opts: StreamOptions = {},
  ): StreamHandle {
    let ended = false;
    return this.openStream(
      token,
      `/api/board/game/stream/${seg(gameId)}`,
      opts,
      (v) => {
        const e = v as unknown as LichessGameStreamEvent;
        if (e.type === 'gameFull' && isFinishedStatus(e.state?.status)) ended = true;
        if (e.type === 'gameState' && isFinishedStatus(e.status)) ended = true;
        onEvent(e);
        return ended;
      },
      () => ended,
    );
  }

  /**
   * GET /api/stream/event (ndjson, an empty keep-alive line every 7 s): gameStart, gameFinish,
   * challenge, challengeCanceled, challengeDeclined; current games and challenges on open.
   * Endless: any close is a drop. Lichess keeps one event stream per token (a second one closes
   * the first), so a process must share one per token.
   */
  streamEvents(token: string, onEvent: (e: LichessIncomingEvent) => void, opts: StreamOptions = {}): StreamHandle {
    return this.openStream(
      token,
      '/api/stream/event',
      opts,
      (v) => {
        onEvent(v as unknown as LichessIncomingEvent);
        return false;
      },
      () => false,
    );
  }

  // ---- Challenges (tags/challenges/*.yaml) ------------------------------------------------

  /**
   * POST /api/challenge/{username}, form clock.limit, clock.increment (seconds), rated, color.
   * Without keepAliveStream a real-time challenge expires after 20 s if not accepted.
   */
  async challenge(
    token: string,
    username: string,
    opts: { clockLimitSec: number; clockIncrementSec: number; rated?: boolean; color?: 'white' | 'black' | 'random' },
  ): Promise<LichessChallenge> {
    return (await this.json(token, 'POST', `/api/challenge/${seg(username)}`, {
      form: challengeForm(opts),
    })) as LichessChallenge;
  }

  /**
   * The same with keepAliveStream=true: the challenge stays open while we read; Lichess answers
   * the challenge JSON, then `{"done":"accepted"|"declined"|...}` and closes. The token's turn
   * ends with the headers; `waitMs` bounds the wait for `done` once the challenge JSON arrived
   * (its id is then known: closing the connection does not withdraw a challenge on Lichess, so
   * the caller cancels it by id); the request itself is bounded by the client's timeout.
   */
  async challengeAndWait(
    token: string,
    username: string,
    opts: {
      clockLimitSec: number;
      clockIncrementSec: number;
      rated?: boolean;
      color?: 'white' | 'black' | 'random';
      waitMs?: number;
    },
  ): Promise<{ challenge: LichessChallenge | null; done: ChallengeDone }> {
    const ac = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let challenge: LichessChallenge | null = null;
    let done: ChallengeDone = 'closed';
    try {
      const { res } = await this.gate.run(token, () =>
        this.send(token, 'POST', `/api/challenge/${seg(username)}`, {
          body: new URLSearchParams(stringsOf({ ...challengeForm(opts), keepAliveStream: true })),
          accept: 'application/x-ndjson',
          signal: ac.signal,
          streaming: true,
        }),
      );
      await readNdjson(res, this.streamIdleMs, ac.signal, (v) => {
        if (typeof v.done === 'string') {
          done = (
            ['accepted', 'declined', 'canceled', 'expired'].includes(v.done) ? v.done : 'closed'
          ) as ChallengeDone;
          return true;
        }
        if (typeof v.id === 'string' && challenge === null) {
          challenge = v as unknown as LichessChallenge;
          timer = setTimeout(() => ac.abort(), opts.waitMs ?? 30_000);
        }
        return false;
      });
      // Our wait ran out: closing the connection withdrew the challenge.
      if (ac.signal.aborted && done === 'closed') done = 'expired';
    } catch (e) {
      if (!ac.signal.aborted) throw e;
      done = 'expired';
    } finally {
      clearTimeout(timer);
    }
    return { challenge, done };
  }

  /** POST /api/challenge/{id}/accept */
  async acceptChallenge(token: string, challengeId: string): Promise<void> {
    await this.call(token, 'POST', `/api/challenge/${seg(challengeId)}/accept`, {});
  }

  /** POST /api/challenge/{id}/decline, optional form reason (a declineReasonKey). */
  async declineChallenge(token: string, challengeId: string, reason?: string): Promise<void> {
    await this.call(token, 'POST', `/api/challenge/${seg(challengeId)}/decline`, {
      form: reason ? { reason } : undefined,
    });
  }

  /** POST /api/challenge/{id}/cancel: the challenger withdraws, or aborts an accepted game not yet played. */
  async cancelChallenge(token: string, challengeId: string): Promise<void> {
    await this.call(token, 'POST', `/api/challenge/${seg(challengeId)}/cancel`, {});
  }

  /** POST /api/challenge/ai, form level 1..8, clock.limit, clock.increment, color: 201 with the game. */
  async challengeAi(
    token: string,
    opts: { level: number; clockLimitSec: number; clockIncrementSec: number; color?: 'white' | 'black' | 'random' },
  ): Promise<LichessAiGame> {
    if (!Number.isInteger(opts.level) || opts.level < 1 || opts.level > 8)
      throw new LichessHttpError(400, 'AI level is 1..8');
    return (await this.json(token, 'POST', '/api/challenge/ai', {
      form: {
        level: opts.level,
        'clock.limit': opts.clockLimitSec,
        'clock.increment': opts.clockIncrementSec,
        color: opts.color ?? 'random',
      },
    })) as LichessAiGame;
  }

  // ---- Bulk pairing (tags/bulkpairings/api-bulk-pairing.yaml) --------------------------------

  /**
   * POST /api/bulk-pairing with the operator's `challenge:bulk` token, form players
   * (`whiteToken:blackToken,...`, each with `challenge:write`), clock.limit, clock.increment
   * (seconds), rated, rules (comma-separated). 200: the BulkPairing with its games (id, white,
   * black: user ids); 400 refuses the whole bulk (a token missing, repeated or without the
   * scope, a closed account...); 429 after 500 games in 10 minutes.
   */
  async bulkPairing(
    bulkToken: string,
    opts: {
      pairs: { white: string; black: string }[];
      clockLimitSec: number;
      clockIncrementSec: number;
      rules: readonly string[];
    },
  ): Promise<LichessBulkPairing> {
    const body = await this.json(bulkToken, 'POST', '/api/bulk-pairing', {
      form: {
        players: opts.pairs.map((p) => `${p.white}:${p.black}`).join(','),
        'clock.limit': opts.clockLimitSec,
        'clock.increment': opts.clockIncrementSec,
        rated: false,
        rules: opts.rules.length > 0 ? opts.rules.join(',') : undefined,
      },
    });
    const parsed = LichessBulkPairingBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('a bulk pairing body of an unexpected shape');
    return parsed.data;
  }

  // ---- Token test (tags/oauth/api-token-test.yaml) -------------------------------------------

  /**
   * POST /api/token/test, text/plain tokens separated by commas (no auth): each token's user
   * and scopes, or null when it is not valid.
   */
  async testTokens(tokens: readonly string[]): Promise<Map<string, { userId: string; scopes: string[] } | null>> {
    const body = await this.json(null, 'POST', '/api/token/test', { text: tokens.join(',') });
    const parsed = LichessTokenTestBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('a token test body of an unexpected shape');
    return new Map(
      tokens.map((t) => {
        const v = parsed.data[t];
        return [t, v ? { userId: v.userId, scopes: v.scopes.split(',').filter((x) => x !== '') } : null];
      }),
    );
  }

  // ---- Games (tags/games/game-export-gameId.yaml) -----------------------------------------

  /**
   * GET /game/export/{id} with Accept: application/json (GameJson). Ongoing games are delayed
   * by 3 moves: settle only on a finished status. The token is optional (the endpoint is public).
   */
  async exportGame(gameId: string, token: string | null = null): Promise<LichessGameExport> {
    const body = await this.json(token, 'GET', `/game/export/${seg(gameId)}`, {
      accept: 'application/json',
      query: { moves: true, clocks: false, evals: false, opening: false, literate: false, pgnInJson: false },
    });
    const parsed = LichessExportBody.safeParse(body);
    if (!parsed.success) throw new LichessUnavailableError('an export body of an unexpected shape');
    return parsed.data;
  }

  // ---- Plumbing -----------------------------------------------------------------------------

  private async call(token: string | null, method: string, path: string, init: RequestInit2): Promise<void> {
    await this.json(token, method, path, init);
  }

  private json(token: string | null, method: string, path: string, init: RequestInit2): Promise<unknown> {
    return this.gate.run(token, async () => {
      const { res, done } = await this.send(token, method, path, {
        body: init.form ? new URLSearchParams(stringsOf(init.form)) : init.text,
        query: init.query,
        accept: init.accept ?? 'application/json',
      });
      // The body is read inside the token's turn and the timeout: the request is in flight until then.
      const text = await res
        .text()
        .catch((e: unknown) => {
          throw new LichessUnavailableError(String(e));
        })
        .finally(done);
      if (text.trim() === '') return {};
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new LichessUnavailableError('a body that is not JSON');
      }
    });
  }

  /**
   * One HTTP exchange. Throws the typed errors: 429 pauses the token, 401 with a token is a
   * revocation, other non-2xx are LichessHttpError (unless tolerated), no answer in time is
   * LichessUnavailableError.
   */
  private async send(
    token: string | null,
    method: string,
    path: string,
    o: {
      body?: URLSearchParams | string;
      query?: Record<string, string | number | boolean | undefined>;
      accept: string;
      signal?: AbortSignal;
      streaming?: boolean;
      tolerate?: number[];
    },
  ): Promise<{ res: Response; done: () => void }> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: o.accept, 'user-agent': this.userAgent };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (o.body !== undefined)
      headers['content-type'] =
        typeof o.body === 'string' ? 'text/plain; charset=utf-8' : 'application/x-www-form-urlencoded';
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.timeoutMs);
    const signal = o.signal ? AbortSignal.any([o.signal, timeout.signal]) : timeout.signal;
    let res: Response;
    try {
      res = await this.fetchImpl(url, { method, headers, body: o.body?.toString(), signal, redirect: 'manual' });
    } catch (e) {
      clearTimeout(timer);
      if (o.signal?.aborted) throw e;
      throw new LichessUnavailableError(timeout.signal.aborted ? 'timeout' : String(e));
    }
    if (o.streaming) clearTimeout(timer);
    if (res.ok || o.tolerate?.includes(res.status)) return { res, done: () => clearTimeout(timer) };
    const errorText = await res.text().catch(() => '');
    clearTimeout(timer);
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new LichessRateLimitedError(this.gate.pause(token, Number.isFinite(retryAfter) ? retryAfter * 1000 : 0));
    }
    if (res.status === 401 && token !== null) throw new LichessTokenRevokedError();
    let lichessError: string | undefined;
    try {
      const b = JSON.parse(errorText) as { error?: unknown };
      lichessError = typeof b.error === 'string' ? b.error : undefined;
    } catch {
      lichessError = undefined;
    }
    throw new LichessHttpError(res.status, lichessError);
  }

  /** The re-opening reader under streamGame and streamEvents. */
  private openStream(
    token: string,
    path: string,
    opts: StreamOptions,
    onValue: (v: Record<string, unknown>) => boolean,
    isOver: () => boolean,
  ): StreamHandle {
    const closer = new AbortController();
    const run = async () => {
      let failures = 0;
      while (!closer.signal.aborted) {
        const attempt = new AbortController();
        const signal = AbortSignal.any([closer.signal, attempt.signal]);
        try {
          const { res } = await this.gate.run(token, () =>
            this.send(token, 'GET', path, { accept: 'application/x-ndjson', signal, streaming: true }),
          );
          await readNdjson(res, this.streamIdleMs, signal, (v) => {
            // A line that parsed: the connection works again.
            failures = 0;
            return onValue(v);
          });
          if (isOver() || closer.signal.aborted) return;
          throw new Error('the stream ended before the game did');
        } catch (e) {
          attempt.abort();
          if (closer.signal.aborted) return;
          if (isOver()) return;
          if (e instanceof LichessTokenRevokedError) throw e;
          if (e instanceof LichessHttpError && e.httpStatus >= 400 && e.httpStatus < 500) throw e;
          failures += 1;
          if (failures > this.streamRetries) throw new LichessStreamError(failures, e);
          opts.onRetry?.(failures, e);
          const wait =
            e instanceof LichessRateLimitedError
              ? Math.max(this.streamRetryDelayMs, e.retryAt.getTime() - this.clock.now().getTime())
              : this.streamRetryDelayMs;
          await this.sleep(wait, closer.signal);
          if (opts.stillWanted && !closer.signal.aborted && !(await opts.stillWanted())) return;
        }
      }
    };
    const done = run();
    // The caller awaits `done`; this keeps an unobserved failure from being an unhandled rejection.
    done.catch(() => undefined);
    return { close: () => closer.abort(), done };
  }
}

/**
 * Reads an ndjson body to its end: keep-alive lines only reset the idle timer; each value goes
 * to onValue, which returns true to stop reading. A malformed line throws NdjsonParseError
 * (the caller re-opens); no byte for idleMs throws.
 */
async function readNdjson(
  res: Response,
  idleMs: number,
  signal: AbortSignal,
  onValue: (v: Record<string, unknown>) => boolean,
): Promise<void> {
  if (!res.body) return;
  const reader: ReadableStreamDefaultReader<Uint8Array> = res.body.getReader();
  const lines = new NdjsonLineReader();
  let idle: NodeJS.Timeout | undefined;
  let idleFired = false;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      idleFired = true;
      void reader.cancel().catch(() => undefined);
    }, idleMs);
  };
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    arm();
    for (;;) {
      const { value, done } = await reader.read();
      if (signal.aborted) return;
      if (idleFired) throw new LichessUnavailableError('stream idle');
      const items = done ? lines.end() : lines.push(value);
      arm();
      for (const item of items) {
        if (item.kind === 'value' && onValue(item.value)) {
          void reader.cancel().catch(() => undefined);
          return;
        }
      }
      if (done) return;
    }
  } finally {
    clearTimeout(idle);
    signal.removeEventListener('abort', onAbort);
  }
}

function challengeForm(opts: { clockLimitSec: number; clockIncrementSec: number; rated?: boolean; color?: string }) {
  return {
    'clock.limit': opts.clockLimitSec,
    'clock.increment': opts.clockIncrementSec,
    rated: opts.rated ?? false,
    color: opts.color ?? 'random',
  };
}

const stringsOf = (form: Record<string, string | number | boolean | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** A path segment from an id or username: only what Lichess ids and names contain. */
function seg(s: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(s)) throw new LichessHttpError(400, 'not a Lichess id');
  return s;
}
