import crypto from 'node:crypto';

/**
 * OAuth 2 authorization code flow with PKCE against Lichess (lichess-org/api,
 * doc/specs/tags/oauth/oauth.yaml and api-token.yaml): public client (no secret, any unique
 * client id), `code_challenge_method` must be `S256`, `code_challenge = BASE64URL(SHA256(code_verifier))`,
 * `state` returned verbatim. Tokens live about a year; there are no refresh tokens.
 */

/**
 * The scopes a player grants: `board:play` and `challenge:write`. The Board API endpoints (game
 * stream, move, draw, takeback, resign, abort, chat) require `board:play`; challenge
 * create/cancel and the AI list `challenge:write`, `bot:play`, `board:play` (lila accepts any
 * one: OAuthScopes.intersects). Bulk pairing, which creates matched games (issue 31), needs each
 * player's token to hold `challenge:write` itself ("a token lacks the challenge:write scope"
 * rejects the bulk). `/api/account` needs no scope (`OAuth2: []`). A link made before
 * `challenge:write` was asked is asked to authorise again (link.service.ts).
 */
export const LICHESS_SCOPES = ['board:play', 'challenge:write'] as const;

const b64url = (buf: Buffer) => buf.toString('base64url');

/** RFC 7636 4.1: 32 random octets, base64url: 43 characters of the unreserved set. */
export function newCodeVerifier(): string {
  return b64url(crypto.randomBytes(32));
}

/** RFC 7636 4.2 S256: BASE64URL(SHA256(ASCII(code_verifier))), no padding. */
export function codeChallengeOf(verifier: string): string {
  return b64url(crypto.createHash('sha256').update(verifier, 'ascii').digest());
}

/** An unguessable `state` for one authorization request (CSRF defence). */
export function newState(): string {
  return b64url(crypto.randomBytes(24));
}

/** A verifier must be 43..128 characters of [A-Za-z0-9-._~] (RFC 7636 4.1). */
export function isValidCodeVerifier(v: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(v);
}

/** Constant-time comparison of the returned `state` with the one stored for the request. */
export function stateMatches(expected: string, received: string | undefined | null): boolean {
  if (typeof received !== 'string' || received.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** What one authorization request keeps on our side until the callback (the verifier never leaves). */
export interface PkceRequest {
  verifier: string;
  challenge: string;
  state: string;
}

export function newPkceRequest(): PkceRequest {
  const verifier = newCodeVerifier();
  return { verifier, challenge: codeChallengeOf(verifier), state: newState() };
}

export interface AuthorizationUrlInput {
  /** LICHESS_URL, e.g. https://lichess.org */
  baseUrl: string;
  clientId: string;
  /** Absolute, e.g. {APP_URL}/callbacklichess; must be sent again, unchanged, to the token endpoint. */
  redirectUri: string;
  challenge: string;
  state: string;
  scopes?: readonly string[];
  /** Hint: log in as this Lichess user (re-authorising the same account after a revocation). */
  username?: string;
}

/** GET {LICHESS_URL}/oauth?response_type=code&client_id&redirect_uri&code_challenge_method=S256&code_challenge&scope&state[&username] */
export function authorizationUrl(input: AuthorizationUrlInput): string {
  const url = new URL('/oauth', input.baseUrl);
  const q = url.searchParams;
  q.set('response_type', 'code');
  q.set('client_id', input.clientId);
  q.set('redirect_uri', input.redirectUri);
  q.set('code_challenge_method', 'S256');
  q.set('code_challenge', input.challenge);
  q.set('scope', (input.scopes ?? LICHESS_SCOPES).join(' '));
  q.set('state', input.state);
  if (input.username) q.set('username', input.username);
  return url.toString();
}

/** The query of the redirect back to us: `code` + `state`, or `error` (`access_denied`) + `state`. */
export type CallbackResult =
  { ok: true; code: string } | { ok: false; reason: 'state_mismatch' | 'denied' | 'error' | 'no_code'; error?: string };

/** Judges the callback query against the stored request: state first, then error, then code. */
export function readCallback(expectedState: string, query: Record<string, unknown>): CallbackResult {
  const str = (k: string): string | undefined => {
    const v = query[k];
    return typeof v === 'string' ? v : undefined;
  };
  if (!stateMatches(expectedState, str('state'))) return { ok: false, reason: 'state_mismatch' };
  const error = str('error');
  if (error) return { ok: false, reason: error === 'access_denied' ? 'denied' : 'error', error };
  const code = str('code');
  // Codes and tokens match ^[A-Za-z0-9_]+$ (lichess-api.yaml "Token format").
  if (!code || !/^[A-Za-z0-9_]{1,1024}$/.test(code)) return { ok: false, reason: 'no_code' };
  return { ok: true, code };
}
