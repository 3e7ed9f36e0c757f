import crypto from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { readBody } from './read-body.ts';

/**
 * Facebook Login for tests (in-process) and e2e runs (its own process), speaking the documented
 * "Manually Build a Login Flow" endpoints over real HTTP; one origin stands in for both
 * www.facebook.com (the dialog) and graph.facebook.com (FACEBOOK_DIALOG_URL and FACEBOOK_GRAPH_URL):
 *
 *   GET  /{v}/dialog/oauth          logs the configured person in at once: 302 back with code+state
 *                                   (a cancel: error=access_denied&error_reason=user_denied)
 *   GET  /{v}/oauth/access_token    client_id, client_secret, redirect_uri (the dialog's), code (single use)
 *   GET  /{v}/me                    fields=id,name,email; access_token and appsecret_proof checked
 *   POST /_emulator/person          JSON person to log in next (email null: none shared; null: a cancel)
 *   POST /_emulator/fault           JSON {fault, on}: how the next Graph answers misbehave (null: none)
 *
 * CLI: node --import tsx apps/server/test/support/facebook-emulator.ts --port 3191
 *        [--app-id ID] [--app-secret SECRET]
 * prints its base URL on the first line of stdout.
 */

export interface FacebookPerson {
  /** The app-scoped user id (digits). */
  id: string;
  name: string;
  /** null: a phone-only account, or the person declined the email permission. */
  email: string | null;
}

/** Deliberate misbehaviour of the Graph API, for the client's negative tests. */
export type GraphFault = '500' | 'garbage' | 'slow' | null;

export interface FacebookEmulatorOptions {
  port?: number;
  host?: string;
  appId?: string;
  appSecret?: string;
  /** How long a 'slow' answer waits before it is sent. */
  slowMs?: number;
}

export interface FacebookEmulator {
  /** Serves both the dialog and the Graph API. */
  readonly url: string;
  readonly appId: string;
  readonly appSecret: string;
  /** The person the next dialog logs in; null makes the person cancel. */
  setPerson(person: FacebookPerson | null): void;
  /** Makes the token exchange or /me misbehave until cleared with null. */
  fault(fault: GraphFault, on?: 'token' | 'me'): void;
  /** Requests seen, the API versions asked for, and why the Graph refused any. */
  readonly log: { dialog: number; token: number; me: number; versions: string[]; refusals: string[] };
  close(): Promise<void>;
}

interface PendingCode {
  redirectUri: string;
  person: FacebookPerson;
  expiresAt: number;
}

/** Facebook's codes live about ten minutes. */
const CODE_TTL_MS = 10 * 60_000;
const VERSIONED = /^\/(v\d+\.\d+)\/(dialog\/oauth|oauth\/access_token|me)$/;

export async function startFacebookEmulator(opts: FacebookEmulatorOptions = {}): Promise<FacebookEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const appId = opts.appId ?? '1234567890';
  const appSecret = opts.appSecret ?? 'fb-test-secret';
  const slowMs = opts.slowMs ?? 8_000;
  let person: FacebookPerson | null = { id: '10000000001', name: 'Fay Book', email: 'fay@example.com' };
  let fault: { fault: GraphFault; on: 'token' | 'me' } = { fault: null, on: 'token' };
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FacebookPerson>();
  const timers = new Set<NodeJS.Timeout>();
  const log = { dialog: 0, token: 0, me: 0, versions: [] as string[], refusals: [] as string[] };
  let base = '';

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) graphError(res, 500, String(err), 'OAuthException', 1);
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'POST' && url.pathname === '/_emulator/person') {
      person = JSON.parse((await readBody(req)) || 'null') as FacebookPerson | null;
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && url.pathname === '/_emulator/fault') {
      const body = JSON.parse((await readBody(req)) || '{}') as { fault?: GraphFault; on?: 'token' | 'me' };
      fault = { fault: body.fault ?? null, on: body.on ?? 'token' };
      return json(res, 200, { ok: true });
    }
    const route = VERSIONED.exec(url.pathname);
    if (req.method !== 'GET' || !route) return graphError(res, 404, 'Unknown path components', 'OAuthException', 2500);
    log.versions.push(route[1]!);
    if (route[2] === 'dialog/oauth') return dialog(url.searchParams, res);
    const step = route[2] === 'me' ? 'me' : 'token';
    if (fault.fault && fault.on === step) return misbehave(res, fault.fault);
    return step === 'token' ? accessToken(url.searchParams, res) : me(url.searchParams, res);
  }

  function dialog(p: URLSearchParams, res: http.ServerResponse): void {
    log.dialog++;
    const redirectUri = p.get('redirect_uri');
    // Like Facebook: a bad app or redirect is shown to the person, never redirected to.
    if (p.get('client_id') !== appId) return text(res, 400, 'Invalid App ID');
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return text(res, 400, 'URL Blocked');
    const back = new URL(redirectUri);
    const state = p.get('state');
    if (!person) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_code', '200');
      back.searchParams.set('error_description', 'Permissions error');
      back.searchParams.set('error_reason', 'user_denied');
      if (state) back.searchParams.set('state', state);
      return redirect(res, back.toString());
    }
    if (p.get('response_type') !== 'code') return text(res, 400, 'this emulator answers response_type=code only');
    const scopes = (p.get('scope') ?? '').split(/[ ,]+/);
    // Without the email scope Facebook never shares the address.
    const granted = scopes.includes('email') ? person : { ...person, email: null };
    const code = crypto.randomBytes(32).toString('base64url');
    codes.set(code, { redirectUri, person: granted, expiresAt: Date.now() + CODE_TTL_MS });
    back.searchParams.set('code', code);
    if (state) back.searchParams.set('state', state);
    redirect(res, back.toString());
  }

  function accessToken(p: URLSearchParams, res: http.ServerResponse): void {
    log.token++;
    const refuse = (message: string, code: number) => {
      log.refusals.push(message);
      graphError(res, 400, message, 'OAuthException', code);
    };
    if (p.get('client_id') !== appId) return refuse('Error validating application. Invalid application ID.', 101);
    if (p.get('client_secret') !== appSecret) return refuse('Error validating client secret.', 1);
    const code = p.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code); // single use, even when the rest fails
    if (!pending || pending.expiresAt < Date.now())
      return refuse('This authorization code has been used or has expired.', 100);
    if (p.get('redirect_uri') !== pending.redirectUri)
      return refuse('Error validating verification code. Please make sure your redirect_uri is identical.', 100);
    const token = crypto.randomBytes(40).toString('base64url');
    tokens.set(token, pending.person);
    json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_183_944 });
  }

  function me(p: URLSearchParams, res: http.ServerResponse): void {
    log.me++;
    const refuse = (message: string, code: number) => {
      log.refusals.push(message);
      graphError(res, 400, message, 'OAuthException', code);
    };
    const token = p.get('access_token') ?? '';
    const who = tokens.get(token);
    if (!who) return refuse('Invalid OAuth access token - Cannot parse access token', 190);
    const proof = crypto.createHmac('sha256', appSecret).update(token).digest('hex');
    if (p.get('appsecret_proof') !== proof) return refuse('Invalid appsecret_proof provided in the API argument', 100);
    const fields = (p.get('fields') ?? 'id,name').split(',');
    const answer: Record<string, string> = { id: who.id };
    if (fields.includes('name')) answer.name = who.name;
    if (fields.includes('email') && who.email !== null) answer.email = who.email;
    json(res, 200, answer);
  }

  function misbehave(res: http.ServerResponse, kind: NonNullable<GraphFault>): void {
    if (kind === '500') return graphError(res, 500, 'An unexpected error has occurred.', 'OAuthException', 2);
    if (kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"access_token": [1, 2');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!res.destroyed) json(res, 200, { access_token: 'late', token_type: 'bearer', id: '1' });
    }, slowMs);
    timers.add(timer);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  base = `http://${host}:${port}`;

  return {
    url: base,
    appId,
    appSecret,
    setPerson(next) {
      person = next;
    },
    fault(next, on = 'token') {
      fault = { fault: next, on };
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function graphError(res: http.ServerResponse, status: number, message: string, type: string, code: number): void {
  json(res, status, { error: { message, type, code, fbtrace_id: crypto.randomBytes(8).toString('base64url') } });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function text(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}

function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

// CLI entry for e2e runs: a separate process, stopped with SIGTERM.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const port = Number(argValue(args, '--port') ?? '0');
  const emulator = await startFacebookEmulator({
    port: Number.isInteger(port) && port >= 0 ? port : 0,
    host: argValue(args, '--host') ?? '127.0.0.1',
    appId: argValue(args, '--app-id') ?? '1234567890',
    appSecret: argValue(args, '--app-secret') ?? 'fb-test-secret',
  });
  console.log(emulator.url);
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
