import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TEXTS, needsDateOfBirth, roleOf, type Role } from '@rush/domain';
import { ACCOUNT_ROUTES, WALLET_ROUTES } from '@rush/protocol';
import type { Config } from '../../config.ts';
import { AppError, unauthenticated } from '../../platform/errors.ts';
import type { SessionRecord } from './sessions.store.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, type ClientMeta, type Sessions } from './sessions.ts';
import type { UserRecord } from './store.ts';

/** Who sent the request: the session's user (every column but the avatar bytes) and the session. */
export interface RequestAuth {
  user: UserRecord;
  session: Pick<SessionRecord, 'publicId' | 'userId' | 'expiresAt'>;
  /**
   * The role for this request, from the admin list in force and the proven mailbox (domain
   * `roleOf`): decided anew at every request, never read from a stored grant.
   */
  role: Role;
  /** The cookie token, to keep this session when others are ended. */
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the accounts module for /api requests; null when signed out. */
    auth: RequestAuth | null;
  }
}

export function sessionCookieOptions(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
}

/**
 * Resolves the `sid` cookie on every API request, for every module (the hook sits on the root
 * instance). A cookie that names no live session reads as signed out and is left alone: the
 * request may have left before a login in another tab, and clearing it in the answer would wipe
 * the new session's cookie that the browser stored meanwhile (the next login replaces it anyway).
 */
export function installRequestAuth(app: FastifyInstance, sessions: Sessions, config: Config): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (token === undefined) return;
    const resolved = await sessions.resolve(token);
    if (!resolved) return;
    request.auth = {
      user: resolved.user,
      session: resolved.session,
      token,
      role: roleOf(resolved.user, config.adminEmails),
    };
    // The cookie's Max-Age slides with the session's expiry.
    if (resolved.renewed) setSessionCookie(reply, config, token);
    // Self-exclusion (SPEC 4): a closed account keeps its session, so its pages show the
    // permanent overlay, but nothing it sends may change anything any more except signing out
    // and taking its own balance out (issue 33: the withdrawal and the tax details it may need).
    const path = request.url.split('?')[0] ?? '';
    if (READ_ONLY.has(request.method) || path === ACCOUNT_ROUTES.logout) return;
    if (resolved.user.closed && !CLOSED_MAY.has(`${request.method} ${path}`))
      throw new AppError('ACCOUNT_CLOSED', TEXTS.accountClosed);
    // SPEC 5: an account a sign-in provider made gives its date of birth before anything else.
    if (needsDateOfBirth(resolved.user) && path !== ACCOUNT_ROUTES.dateOfBirth) {
      throw new AppError('FORBIDDEN', TEXTS.dobFirst);
    }
  });
}

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a closed account may still send besides reads and signing out: its way out with its money. */
const CLOSED_MAY = new Set([`POST ${WALLET_ROUTES.withdrawals}`, `PUT ${WALLET_ROUTES.tax}`]);

export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * A route's `preValidation` hook: a visitor is refused (401) before its input is validated, the
 * order the handlers had when they called requireAuth before parsing.
 */
export function signedInFirst(request: FastifyRequest): Promise<void> {
  return request.auth ? Promise.resolve() : Promise.reject(unauthenticated());
}

export function clientMeta(request: FastifyRequest): ClientMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}
