import http from 'node:http';

/**
 * A local emulator of the identity/location provider's API as our client speaks it (the wire is
 * documented in apps/server/src/modules/wallet/identity/provider/client.ts), for tests only;
 * IDENTITY_URL never defaults to it.
 *
 *   POST /v1/sessions                           -> {ReasonCodes, Region}   (default LL-OK, US-NY)
 *   POST /v1/customers                          -> {CustomerID, ReasonCodes} (default ID-VERIFIED)
 *   POST /v1/customers/{id}/documents?type=...  -> {ReasonCodes}           (default ID-VERIFIED)
 *
 * Every call needs `Authorization: Bearer {apiKey}` (401 otherwise). Reason codes on demand: the
 * test queues the next answers of each call (`answer`), or changes the default. Fault switches:
 * a status code instead of an answer, and requests that hang until the emulator closes. Every
 * request is logged with its JSON body (documents: the content type and size).
 */
export type IdentityCall = 'sessions' | 'customers' | 'documents';

export interface IdentityAnswer {
  ReasonCodes: string[];
  Region?: string;
  Message?: string;
}

export interface IdentityLogEntry {
  call: IdentityCall;
  path: string;
  contentType: string;
  body: Record<string, unknown> | null;
  bytes: number;
}

export interface IdentityEmulator {
  url: string;
  /** Queues the next answer(s) of a call; once used up the default answers again. */
  answer(call: IdentityCall, ...answers: IdentityAnswer[]): void;
  setDefault(call: IdentityCall, answer: IdentityAnswer): void;
  /** The next request(s) of a call get this status and no answer (500: provider down, 400: refused). */
  failWith(call: IdentityCall, status: number, times?: number): void;
  /** Requests of a call hang (never answered) until `hang(call, false)` or close. */
  hang(call: IdentityCall, on: boolean): void;
  log: IdentityLogEntry[];
  /** Customers registered (one per accepted POST /v1/customers). */
  customers: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startIdentityEmulator(opts: { apiKey: string }): Promise<IdentityEmulator> {
  const defaults: Record<IdentityCall, IdentityAnswer> = {
    sessions: { ReasonCodes: ['LL-OK'], Region: 'US-NY' },
    customers: { ReasonCodes: ['ID-VERIFIED'] },
    documents: { ReasonCodes: ['ID-VERIFIED'] },
  };
  const queued: Record<IdentityCall, IdentityAnswer[]> = { sessions: [], customers: [], documents: [] };
  const failures: Record<IdentityCall, { status: number; times: number } | null> = {
    sessions: null,
    customers: null,
    documents: null,
  };
  const hanging = new Set<IdentityCall>();
  const hung = new Set<http.ServerResponse>();
  const log: IdentityLogEntry[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  let next = 1;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://emulator');
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`) return json(res, 401, { Message: 'unauthorized' });
      if (req.method !== 'POST') return json(res, 405, { Message: 'method' });
      const doc = /^\/v1\/customers\/([^/]+)\/documents$/.exec(url.pathname);
      const call: IdentityCall | null =
        url.pathname === '/v1/sessions'
          ? 'sessions'
          : url.pathname === '/v1/customers'
            ? 'customers'
            : doc
              ? 'documents'
              : null;
      if (!call) return json(res, 404, { Message: 'not found' });
      const contentType = String(req.headers['content-type'] ?? '');
      let body: Record<string, unknown> | null = null;
      if (call !== 'documents') {
        try {
          body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        } catch {
          return json(res, 400, { Message: 'bad json' });
        }
      }
      log.push({ call, path: url.pathname + url.search, contentType, body, bytes: raw.length });
      if (hanging.has(call)) {
        hung.add(res);
        return;
      }
      const failure = failures[call];
      if (failure) {
        if (--failure.times <= 0) failures[call] = null;
        return json(res, failure.status, { Message: 'fault' });
      }
      if (call === 'documents') {
        if (!customers.has(decodeURIComponent(doc![1]!))) return json(res, 404, { Message: 'no such customer' });
        if (!/^image\/(png|jpeg)$/.test(contentType)) return json(res, 415, { Message: 'image only' });
      }
      const answer = queued[call].shift() ?? defaults[call];
      if (call === 'customers') {
        const id = `cus_${next++}`;
        customers.set(id, body!);
        return json(res, 200, { CustomerID: id, ...answer });
      }
      return json(res, 200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${addr.port}`,
    answer: (call, ...answers) => void queued[call].push(...answers),
    setDefault: (call, answer) => void (defaults[call] = answer),
    failWith: (call, status, times = 1) => void (failures[call] = { status, times }),
    hang: (call, on) => {
      if (on) hanging.add(call);
      else hanging.delete(call);
    },
    log,
    customers,
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
