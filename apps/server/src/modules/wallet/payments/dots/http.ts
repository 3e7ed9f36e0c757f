/**
 * The HTTP side of the Dots client: HTTP Basic with the client id and API key (docs.dots.dev:
 * "Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the
 * base64-encoded string username:password"), a timeout per attempt (SPEC 9: backend HTTP
 * timeout 6 s), and retries only where a second attempt cannot do a second thing: GETs, and
 * POSTs carrying an idempotency key the provider deduplicates on.
 */
export const DOTS_TIMEOUT_MS = 6_000;

export interface DotsHttpOptions {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  /** Per attempt; the production default is SPEC 9's 6 s (tests inject less). */
  timeoutMs?: number;
  /** Further attempts of an idempotent call after a timeout, a network error, a 429 or a 5xx. */
  retries?: number;
  /** Wait before retry n (1-based). */
  backoffMs?: (attempt: number) => number;
}

/** The provider could not be reached or answered a server error: the outcome of the call is unknown. */
export class DotsUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DotsUnavailable';
  }
}

/** The provider refused the request (4xx): its own message, to show as is where the SPEC says so. */
export class DotsRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'DotsRefused';
  }
}

export interface DotsResponse {
  status: number;
  body: unknown;
}

type Request = { method: 'GET' } | { method: 'POST'; body: unknown; idempotent: boolean };

export class DotsHttp {
  private readonly auth: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: (attempt: number) => number;

  constructor(private readonly options: DotsHttpOptions) {
    this.auth = `Basic ${Buffer.from(`${options.clientId}:${options.apiKey}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? DOTS_TIMEOUT_MS;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? ((n) => 200 * n);
  }

  get(path: string): Promise<DotsResponse> {
    return this.send(path, { method: 'GET' });
  }

  /** `idempotent`: the body carries a key the provider deduplicates on, so a retry is safe. */
  post(path: string, body: unknown, idempotent = false): Promise<DotsResponse> {
    return this.send(path, { method: 'POST', body, idempotent });
  }

  private async send(path: string, req: Request): Promise<DotsResponse> {
    const canRetry = req.method === 'GET' || req.idempotent;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.once(path, req);
        if (res.status >= 500 || res.status === 429) {
          throw new DotsUnavailable(`Dots ${req.method} ${path} answered ${res.status}`);
        }
        if (res.status >= 400) throw new DotsRefused(res.status, errorText(res.body, res.status), res.body);
        return res;
      } catch (e) {
        if (e instanceof DotsRefused) throw e;
        const err =
          e instanceof DotsUnavailable ? e : new DotsUnavailable(`Dots ${req.method} ${path} failed`, { cause: e });
        if (!canRetry || attempt >= this.retries) throw err;
        await new Promise((r) => setTimeout(r, this.backoffMs(attempt + 1)));
      }
    }
  }

  private async once(path: string, req: Request): Promise<DotsResponse> {
    const res = await fetch(this.options.baseUrl + path, {
      method: req.method,
      headers: {
        authorization: this.auth,
        accept: 'application/json',
        ...(req.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: req.method === 'POST' ? JSON.stringify(req.body) : undefined,
      // Covers the whole exchange, body included: a provider that stalls mid-answer times out too.
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    let body: unknown = null;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, body };
  }
}

/**
 * The provider's own words in an error body, or null: Dots publishes no error schema, so the
 * usual fields are tried (`message`, `error`, `detail`), then a short plain-text body.
 */
export function providerText(body: unknown): string | null {
  if (body && typeof body === 'object') {
    for (const k of ['message', 'error', 'detail']) {
      const v = (body as Record<string, unknown>)[k];
      if (typeof v === 'string' && v.trim() !== '' && v.length <= 500) return v;
    }
  }
  if (typeof body === 'string' && body.trim() !== '' && body.length <= 500) return body;
  return null;
}

/** The provider's words, else the status (for logs and errors, never for a user). */
export function errorText(body: unknown, status?: number): string {
  return providerText(body) ?? (status ? `Dots answered ${status}` : 'Dots refused the request');
}
