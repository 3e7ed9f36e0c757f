/** How a test client reaches a server started without a port (startTestServer's `http: 'inject'`). */
export type Injector = (req: {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer | string;
}) => Promise<{ statusCode: number; headers: Record<string, string | string[] | number | undefined>; body: string }>;

/** Servers answering in process, by their base URL: a client of one of them injects instead of fetching. */
const injectors = new Map<string, Injector>();

export function registerInjector(baseUrl: string, injector: Injector): () => void {
  injectors.set(baseUrl, injector);
  return () => void injectors.delete(baseUrl);
}

/** fetch, or Fastify's inject for a server started without a port: the same request either way. */
async function transport(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array | Blob | FormData },
): Promise<{ status: number; headers: Headers; text: string }> {
  const base = [...injectors.keys()].find((b) => url.startsWith(`${b}/`) || url === b);
  const injector = base === undefined ? undefined : injectors.get(base);
  if (!injector || base === undefined) {
    const res = await fetch(url, { ...init, redirect: 'manual' });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  const headers = { ...init.headers };
  let payload: Buffer | string | undefined;
  if (typeof init.body === 'string' || init.body === undefined) payload = init.body;
  else {
    // Bytes, a Blob or a multipart form: encoded as fetch would (its content type included).
    const encoded = new Response(init.body);
    payload = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type');
    if (type && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = type;
  }
  const res = await injector({ method: init.method, url: url.slice(base.length), headers, payload });
  const out = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
  }
  return { status: res.statusCode, headers: out, text: res.body };
}

/** Statuses whose Response may carry no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * `fetch` for a test: a server started with `http: 'inject'` answers in process, any other URL is
 * fetched. Redirects are answered, not followed, when injected (as `redirect: 'manual'`).
 */
export async function testFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<Response> {
  const injected = [...injectors.keys()].some((b) => url.startsWith(`${b}/`) || url === b);
  if (!injected) return fetch(url, init);
  const res = await transport(url, { method: init.method ?? 'GET', headers: init.headers ?? {}, body: init.body });
  return new Response(NULL_BODY.has(res.status) ? null : res.text, { status: res.status, headers: res.headers });
}

/**
 * A tiny browser-like HTTP client for tests: keeps cookies, echoes the CSRF cookie in the
 * header as the web app does, and sends the Origin a browser would.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly opts: { userAgent?: string; ip?: string } = {},
  ) {}

  /** The same browser (a copy of its cookies) talking to another instance, whose Origin it then sends. */
  withBase(baseUrl: string): TestClient {
    const other = new TestClient(baseUrl, this.opts);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(res: { headers: Headers }): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; csrf?: boolean; raw?: string | Uint8Array | Blob | FormData } = {},
  ): Promise<{ status: number; body: any; headers: Headers }> {
    if (!this.cookies.has('csrf') && method !== 'GET') await this.request('GET', '/api/session');
    const headers: Record<string, string> = { origin: this.baseUrl, ...extra.headers };
    if (this.opts.userAgent) headers['user-agent'] = this.opts.userAgent;
    if (this.opts.ip) headers['x-forwarded-for'] = this.opts.ip;
    if (extra.csrf !== false && this.cookies.has('csrf')) headers['x-csrf-token'] = this.cookies.get('csrf')!;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload: string | Uint8Array | Blob | FormData | undefined = extra.raw;
    if (body !== undefined && payload === undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await transport(this.baseUrl + path, { method, headers, body: payload });
    this.store(res);
    const text = res.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body?: unknown) {
    return this.request('POST', path, body ?? {});
  }
  patch(path: string, body?: unknown) {
    return this.request('PATCH', path, body ?? {});
  }
  put(path: string, body?: unknown) {
    return this.request('PUT', path, body ?? {});
  }
}
