import type { ErrorCode } from '@rush/protocol';
import { TEXTS } from '@rush/domain';
import { loadSchemas, type Schemas } from './schemaLoader.ts';

/** The minimal shape of a protocol schema this client needs: a zod `safeParse`. */
export interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/**
 * The schema of an answer: picked from the protocol's schemas once they have loaded
 * (`(s) => s.GameView`), so that the caller's module does not carry zod into a page's first
 * load; or a parser of the caller's own.
 */
export type SchemaOf<T> = ((schemas: Schemas) => Parser<T>) | Parser<T>;

/**
 * An API failure in the protocol's shape: a stable code, the user-facing text, field texts.
 * A 429 also carries the server's Retry-After, as seconds and as a local deadline.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Readonly<Record<string, string>>;
  readonly retryAfterSeconds: number | null;
  /** `Date.now()` after which a retry may succeed; null when the server named no wait. */
  readonly retryAt: number | null;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    fields: Record<string, string> = {},
    retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.retryAt = retryAfterSeconds === null ? null : Date.now() + retryAfterSeconds * 1000;
  }

  /** The request never reached the server (offline, DNS, connection reset). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Text for a failure that never reached the server (ours). */
export const NETWORK_ERROR_TEXT = 'Could not reach the server. Please check your connection and try again.';

/**
 * A change without a body (resign, accept) or whose JSON body is at most this long is sent with
 * `keepalive`: the browser finishes it even if the page goes away, so a toggle saved just before a
 * reload or a link is not lost.
 * Browsers cap keepalive bodies (64 kB in flight per page), so uploads and long bodies go without.
 */
export const KEEPALIVE_MAX_CHARS = 4096;

const CSRF_COOKIE = 'csrf';
const CSRF_HEADER = 'x-csrf-token';
const BOOTSTRAP_PATH = '/api/session';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  /** JSON body (sent with content-type application/json). */
  json?: unknown;
  /** Multipart body (the browser sets the boundary). */
  form?: FormData;
  /** Protocol schema of the success body; without it the body is ignored. */
  schema?: SchemaOf<T>;
  /** Extra request headers (e.g. the admin money calls' Idempotency-Key). */
  headers?: Record<string, string>;
}

async function send(
  method: Method,
  path: string,
  body: BodyInit | undefined,
  isJson: boolean,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  if (isJson) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers[CSRF_HEADER] = token;
  }
  try {
    const keepalive =
      method !== 'GET' && (body === undefined || (typeof body === 'string' && body.length <= KEEPALIVE_MAX_CHARS));
    return await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      ...(keepalive ? { keepalive } : {}),
    });
  } catch {
    throw new ApiError(0, 'UNAVAILABLE', NETWORK_ERROR_TEXT);
  }
}

/** Retry-After as whole seconds: delta-seconds or an HTTP date (RFC 9110); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The schemas, or null when they could not be loaded (then no body can be read). */
const schemasOrNull = (): Promise<Schemas | null> => loadSchemas().catch(() => null);

async function toApiError(res: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    payload = null;
  }
  const schemas = await schemasOrNull();
  const parsed = schemas ? schemas.ErrorBody.safeParse(payload) : { success: false as const };
  if (res.status === 429) {
    const seconds = parseRetryAfter(res.headers.get('retry-after'));
    // The API's own limit (or a proxy's, without our body) says how long to wait, counted from now.
    if (!parsed.success || parsed.data.error.code === 'RATE_LIMITED') {
      const message = seconds === null ? TEXTS.rateLimited : TEXTS.rateLimitedRetryIn(Math.max(1, seconds));
      return new ApiError(429, 'RATE_LIMITED', message, {}, seconds);
    }
    const { code, message, fields } = parsed.data.error;
    return new ApiError(429, code, message, fields ?? {}, seconds);
  }
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError(res.status, code, message, fields ?? {});
  }
  return new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', TEXTS.internal);
}

/**
 * One call to the API. Changes carry the double-submit CSRF token; when the cookie is missing
 * (first visit) or stale, a GET of the session lets the server set it and the call is retried once.
 */
export async function request<T = void>(method: Method, path: string, opts: RequestOptions<T> = {}): Promise<T> {
  // The schemas load while the call is under way (the page's first call starts them).
  const schemas = schemasOrNull();
  const isJson = opts.json !== undefined;
  const body: BodyInit | undefined = isJson ? JSON.stringify(opts.json) : opts.form;
  if (method !== 'GET' && !readCookie(CSRF_COOKIE)) await send('GET', BOOTSTRAP_PATH, undefined, false);
  let res = await send(method, path, body, isJson, opts.headers);
  if (!res.ok && method !== 'GET' && res.status === 403) {
    const error = await toApiError(res);
    if (error.code !== 'CSRF') throw error;
    await send('GET', BOOTSTRAP_PATH, undefined, false);
    res = await send(method, path, body, isJson, opts.headers);
  }
  if (!res.ok) throw await toApiError(res);
  if (!opts.schema) return undefined as T;
  let payload: unknown;
  try {
    const text = await res.text();
    payload = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    throw new ApiError(res.status, 'INTERNAL', TEXTS.internal);
  }
  const parser = typeof opts.schema === 'function' ? await pickSchema(opts.schema, schemas) : opts.schema;
  const parsed = parser.safeParse(payload);
  if (!parsed.success) throw new ApiError(res.status, 'INTERNAL', TEXTS.internal);
  return parsed.data;
}

/** The schema named by `pick`; schemas that could not be loaded fail the call as a network failure. */
async function pickSchema<T>(
  pick: (schemas: Schemas) => Parser<T>,
  loading: Promise<Schemas | null>,
): Promise<Parser<T>> {
  const schemas = await loading;
  if (!schemas) throw new ApiError(0, 'UNAVAILABLE', NETWORK_ERROR_TEXT);
  return pick(schemas);
}

/** The user-facing text of any thrown value. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return TEXTS.internal;
}
