import fastifyCookie from '@fastify/cookie';
import type { SocketAuthenticator } from '../../platform/realtime/types.ts';
import { SESSION_COOKIE, type Sessions } from './sessions.ts';

/**
 * The realtime hub asks this who an upgrade request is, from its raw Cookie header. The user's
 * row came with the session: its standing is handed over too, kept with the socket (issue 35).
 */
export function socketAuthenticator(sessions: Sessions): SocketAuthenticator {
  return async (cookieHeader) => {
    if (!cookieHeader) return null;
    let cookies: Record<string, string>;
    try {
      cookies = fastifyCookie.parse(cookieHeader);
    } catch {
      return null; // a malformed header is a signed-out visitor, not an error
    }
    const resolved = await sessions.resolve(cookies[SESSION_COOKIE]);
    if (!resolved) return null;
    const { user, session } = resolved;
    return {
      userId: user.id,
      sessionPublicId: session.publicId,
      standing: { closed: user.closed, banned: user.banned, dateOfBirth: user.dateOfBirth },
    };
  };
}
