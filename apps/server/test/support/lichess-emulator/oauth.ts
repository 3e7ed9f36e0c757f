import crypto from 'node:crypto';
import type http from 'node:http';
import { readBody } from '../read-body.ts';
import { json } from './http.ts';
import { newToken, type EmulatorState } from './state.ts';

/**
 * Lichess's OAuth2 with PKCE (lichess-org/api tags/oauth/):
 *   GET    /oauth              authorization (auto-approve redirect, or an approval page)
 *   POST   /oauth/approve      the approval page's form
 *   POST   /api/token          code + code_verifier (PKCE S256) -> access token (api-token.yaml)
 *   POST   /api/token/test     tokens -> {userId, scopes, expires} or null (api-token-test.yaml)
 * Refusals are written to log.refusals so tests can say why a sign-in failed.
 */

const CODE_TTL_MS = 60_000;

function redirectError(res: http.ServerResponse, back: URL, state: string | null, error = 'access_denied'): void {
  back.searchParams.set('error', error);
  back.searchParams.set('error_description', error === 'access_denied' ? 'user cancelled authorization' : error);
  if (state !== null) back.searchParams.set('state', state);
  res.writeHead(302, { location: back.toString() }).end();
}

export function authorize(em: EmulatorState, u: URL, res: http.ServerResponse): void {
  const q = u.searchParams;
  const text = (status: number, body: string) => {
    em.log.refusals.push(`authorize: ${body}`);
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };
  if (q.get('response_type') !== 'code') return text(400, 'response_type must be code');
  const clientId = q.get('client_id') ?? '';
  if (!clientId || (em.opts.clientId && clientId !== em.opts.clientId)) return text(400, 'unknown client_id');
  const redirectUri = q.get('redirect_uri') ?? '';
  if (!/^https?:\/\//.test(redirectUri)) return text(400, 'redirect_uri must be absolute');
  if (q.get('code_challenge_method') !== 'S256') return text(400, 'code_challenge_method must be S256');
  const challenge = q.get('code_challenge') ?? '';
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge))
    return text(400, 'code_challenge must be BASE64URL(SHA256(code_verifier))');
  const fields = {
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    scope: q.get('scope') ?? '',
    state: q.get('state') ?? '',
    username: q.get('username') ?? '',
  };
  if (em.opts.approval === 'page') {
    const login = pickLogin(em, fields.username);
    const hidden = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Lichess emulator: authorize</title><h1>Authorize ${escapeHtml(clientId)}</h1>` +
        `<p>Signed in as <b>${escapeHtml(login ?? 'nobody')}</b>; scopes: ${escapeHtml(fields.scope)}</p>` +
        `<form method="post" action="/oauth/approve">${hidden}` +
        `<button name="decision" value="approve">Authorize</button> <button name="decision" value="cancel">Cancel</button></form>`,
    );
    return;
  }
  approve(em, res, fields);
}

/** POST /oauth/approve: the approval page's Authorize or Cancel. */
export async function approvalForm(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const back = new URL(form.get('redirect_uri') ?? '', em.url);
  if (form.get('decision') !== 'approve') return redirectError(res, back, form.get('state'));
  return approve(em, res, Object.fromEntries(form));
}

function pickLogin(em: EmulatorState, hint: string): string | null {
  if (em.nextLogin !== undefined) return em.nextLogin;
  if (hint && em.users.has(hint.toLowerCase())) return hint.toLowerCase();
  return [...em.users.values()].find((x) => !x.bot)?.id ?? null;
}

function approve(em: EmulatorState, res: http.ServerResponse, f: Record<string, string>): void {
  const back = new URL(f.redirect_uri ?? '');
  const login = pickLogin(em, f.username ?? '');
  const user = login === null ? undefined : em.users.get(login.toLowerCase());
  if (!user) return redirectError(res, back, f.state ?? null);
  const code = `liu_${crypto.randomBytes(20).toString('hex')}`;
  em.codes.set(code, {
    clientId: f.client_id ?? '',
    redirectUri: f.redirect_uri ?? '',
    challenge: f.code_challenge ?? '',
    scopes: (f.scope ?? '').split(' ').filter((s) => s !== ''),
    userId: user.id,
    expiresAt: em.now() + CODE_TTL_MS,
    used: false,
  });
  back.searchParams.set('code', code);
  if (f.state) back.searchParams.set('state', f.state);
  res.writeHead(302, { location: back.toString() }).end();
}

export async function tokenEndpoint(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const refuse = (error: string, description: string) => {
    em.log.refusals.push(`token: ${description}`);
    json(res, 400, { error, error_description: description });
  };
  if (form.get('grant_type') !== 'authorization_code')
    return refuse('unsupported_grant_type', 'grant_type must be authorization_code');
  const code = em.codes.get(form.get('code') ?? '');
  if (!code) return refuse('invalid_grant', 'unknown authorization code');
  if (code.used) return refuse('invalid_grant', 'authorization code already used');
  code.used = true;
  if (em.now() > code.expiresAt) return refuse('invalid_grant', 'authorization code expired');
  if (form.get('client_id') !== code.clientId) return refuse('invalid_client', 'client_id does not match');
  if (form.get('redirect_uri') !== code.redirectUri) return refuse('invalid_grant', 'redirect_uri does not match');
  const verifier = form.get('code_verifier') ?? '';
  const hash = crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');
  if (!verifier || hash !== code.challenge)
    return refuse('invalid_grant', 'hash of code_verifier does not match code_challenge');
  json(res, 200, {
    token_type: 'Bearer',
    access_token: newToken(em, code.userId, code.scopes),
    expires_in: 31_536_000,
  });
}

/**
 * tags/oauth/api-token-test.yaml: text/plain, tokens separated by commas; each to
 * {userId, scopes (comma-separated), expires} or null.
 */
export async function tokenTest(em: EmulatorState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const list = (await readBody(req)).split(',').filter((t) => t !== '');
  const out: Record<string, unknown> = {};
  for (const t of list) {
    const r = em.tokens.get(t);
    out[t] = r && !r.revoked ? { userId: r.userId, scopes: r.scopes.join(','), expires: null } : null;
  }
  return json(res, 200, out);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
