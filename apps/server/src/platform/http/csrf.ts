import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TEXTS } from '@rush/domain';
import { sendError } from './error-handler.ts';
import { equalStrings } from '../crypto/equal-strings.ts';

export const CSRF_COOKIE = 'csrf';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie-authenticated changes: a double-submit token (a readable cookie the
 * page echoes in a header, which another site can neither read nor set) plus an Origin check.
 * SameSite cookies are the first line; this is the second.
 */
export function installCsrf(app: FastifyInstance, opts: { appOrigin: string; secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    let token = request.cookies[CSRF_COOKIE];
    if (!token || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) {
      token = crypto.randomBytes(24).toString('base64url');
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'strict', secure: opts.secure, httpOnly: false });
      request.cookies[CSRF_COOKIE] = '';
    }
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== opts.appOrigin) {
      return sendError(reply, 403, 'CSRF', TEXTS.csrf);
    }
    const sent = request.headers[CSRF_HEADER];
    const expected = request.cookies[CSRF_COOKIE];
    if (typeof sent !== 'string' || !expected || !equalStrings(sent, expected)) {
      return sendError(reply, 403, 'CSRF', TEXTS.csrf);
    }
  });
}
