import { systemClock, type Clock } from '../../platform/clock.ts';
import {
  LichessHttpError,
  LichessRateLimitedError,
  LichessStreamError,
  LichessTokenRevokedError,
  LichessUnavailableError,
} from './errors.ts';
import { NdjsonLineReader } from './ndjson.ts';
import { RATE_LIMIT_PAUSE_MS, TokenGate } from './token-gate.ts';

/**
 * The Lichess client's transport (its endpoints are in client.ts). Every request carries one user's token (or none)
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

export class LichessTransport {
  readonly baseUrl: string;
  readonly gate: TokenGate;
  private readonly clock: Clock;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly streamRetries: number;
  private readonly streamRetryDelayMs: number;
  protected readonly streamIdleMs: number;
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

  protected async call(token: string | null, method: string, path: string, init: RequestInit2): Promise<void> {
    await this.json(token, method, path, init);
  }

  protected json(token: string | null, method: string, path: string, init: RequestInit2): Promise<unknown> {
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
  protected async send(
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
  protected openStream(
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
export async function readNdjson(
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

export const stringsOf = (form: Record<string, string | number | boolean | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** A path segment from an id or username: only what Lichess ids and names contain. */
export function seg(s: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(s)) throw new LichessHttpError(400, 'not a Lichess id');
  return s;
}
