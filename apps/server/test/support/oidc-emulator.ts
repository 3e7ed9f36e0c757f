import crypto from 'node:crypto';
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';

/**
 * A small OpenID Connect provider for tests (in-process) and e2e runs (its own process), so
 * "Sign in with Google" runs end to end with real HTTP, real PKCE and real RS256 signatures:
 *
 *   GET  /.well-known/openid-configuration   discovery
 *   GET  /authorize                          auto-approves the configured identity, 302 back with code+state
 *   POST /token                              client_secret_post (or basic), code, redirect_uri, PKCE S256
 *   GET  /jwks                               the public signing key
 *   POST /_emulator/identity                 JSON identity to approve next (null: the user declines)
 *
 * CLI: node --import tsx apps/server/test/support/oidc-emulator.ts --port 4011
 *        [--client-id ID] [--client-secret SECRET] [--email a@b.c] [--sub SUB]
 * prints its issuer URL on the first line of stdout.
 */

export interface EmulatedIdentity {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

/** Deliberate misbehaviour, for the relying party's negative tests. */
export interface Tampering {
  /** Sign the ID token with a key that is not in the JWKS. */
  foreignKey?: boolean;
  /** Put this nonce in the ID token instead of the one the client sent. */
  nonce?: string;
  /** Put this audience in the ID token instead of the client id. */
  audience?: string;
  /** ID token lifetime in seconds (negative: already expired). */
  expiresInSec?: number;
}

export interface OidcEmulatorOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  identity?: EmulatedIdentity | null;
}

export interface OidcEmulator {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The identity the next /authorize approves; null makes the user decline (error=access_denied). */
  setIdentity(identity: EmulatedIdentity | null): void;
  tamper(t: Tampering): void;
  /** Requests seen, and why /token refused any. */
  readonly log: { authorize: number; token: number; refusals: string[] };
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  nonce: string | undefined;
  challenge: string;
  identity: EmulatedIdentity;
  expiresAt: number;
}

const CODE_TTL_MS = 60_000;

export async function startOidcEmulator(opts: OidcEmulatorOptions = {}): Promise<OidcEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const clientId = opts.clientId ?? 'test-client';
  const clientSecret = opts.clientSecret ?? 'test-secret';
  let identity: EmulatedIdentity | null =
    opts.identity === undefined
      ? { sub: 'google-sub-1', email: 'player@example.com', emailVerified: true }
      : opts.identity;
  let tampering: Tampering = {};
  const kid = crypto.randomBytes(8).toString('hex');
  const keys = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const log = { authorize: 0, token: 0, refusals: [] as string[] };
  let issuer = '';

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: String(err) });
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        claims_supported: ['sub', 'email', 'email_verified', 'name', 'nonce'],
      });
    }
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [publicJwk] });
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res);
    if (req.method === 'POST' && url.pathname === '/_emulator/identity') {
      const body = JSON.parse((await readBody(req)) || 'null') as EmulatedIdentity | null;
      identity = body;
      return json(res, 200, { ok: true });
    }
    return json(res, 404, { error: 'not_found' });
  }

  function authorize(url: URL, res: http.ServerResponse): void {
    log.authorize++;
    const p = url.searchParams;
    const redirectUri = p.get('redirect_uri');
    // Like a real provider: a bad client or redirect is shown to the user, never redirected to.
    if (p.get('client_id') !== clientId) return text(res, 400, 'unknown client_id');
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return text(res, 400, 'bad redirect_uri');
    const back = new URL(redirectUri);
    const state = p.get('state');
    if (state) back.searchParams.set('state', state);
    const fail = (error: string) => {
      back.searchParams.set('error', error);
      redirect(res, back.toString());
    };
    if (p.get('response_type') !== 'code') return fail('unsupported_response_type');
    if (!(p.get('scope') ?? '').split(' ').includes('openid')) return fail('invalid_scope');
    const challenge = p.get('code_challenge');
    if (!challenge || p.get('code_challenge_method') !== 'S256') return fail('invalid_request');
    if (!identity) return fail('access_denied');
    const code = crypto.randomBytes(24).toString('base64url');
    codes.set(code, {
      clientId,
      redirectUri,
      nonce: p.get('nonce') ?? undefined,
      challenge,
      identity,
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    back.searchParams.set('code', code);
    redirect(res, back.toString());
  }

  async function token(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    log.token++;
    const form = new URLSearchParams(await readBody(req));
    const refuse = (status: number, error: string, why: string) => {
      log.refusals.push(why);
      json(res, status, { error, error_description: why });
    };
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [u, s] = Buffer.from(basic[1]!, 'base64').toString().split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(s ?? '');
    }
    if (id !== clientId || secret !== clientSecret)
      return refuse(401, 'invalid_client', 'client authentication failed');
    if (form.get('grant_type') !== 'authorization_code') return refuse(400, 'unsupported_grant_type', 'grant_type');
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code); // single use, even when the rest fails
    if (!pending || pending.expiresAt < Date.now()) return refuse(400, 'invalid_grant', 'unknown or expired code');
    if (form.get('redirect_uri') !== pending.redirectUri) return refuse(400, 'invalid_grant', 'redirect_uri mismatch');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    if (challenge !== pending.challenge) return refuse(400, 'invalid_grant', 'PKCE verifier mismatch');

    const signingKey: CryptoKey = tampering.foreignKey ? (await generateKeyPair('RS256')).privateKey : keys.privateKey;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = {
      email: pending.identity.email,
      email_verified: pending.identity.emailVerified ?? true,
      name: pending.identity.name ?? pending.identity.email.split('@')[0],
    };
    const nonce = tampering.nonce ?? pending.nonce;
    if (nonce !== undefined) claims.nonce = nonce;
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(pending.identity.sub)
      .setAudience(tampering.audience ?? pending.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + (tampering.expiresInSec ?? 3600))
      .sign(signingKey);
    json(res, 200, {
      access_token: crypto.randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  issuer = `http://${host}:${port}`;

  return {
    issuer,
    clientId,
    clientSecret,
    setIdentity(next) {
      identity = next;
    },
    tamper(t) {
      tampering = t;
    },
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

// CLI entry for e2e runs: a separate process, stopped with SIGTERM.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const port = Number(argValue(args, '--port') ?? '0');
  const email = argValue(args, '--email');
  const emulator = await startOidcEmulator({
    port: Number.isInteger(port) && port >= 0 ? port : 0,
    host: argValue(args, '--host') ?? '127.0.0.1',
    clientId: argValue(args, '--client-id') ?? 'test-client',
    clientSecret: argValue(args, '--client-secret') ?? 'test-secret',
    ...(email ? { identity: { sub: argValue(args, '--sub') ?? `sub-${email}`, email, emailVerified: true } } : {}),
  });
  console.log(emulator.issuer);
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
