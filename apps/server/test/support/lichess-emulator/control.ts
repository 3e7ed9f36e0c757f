import type http from 'node:http';
import { readBody } from '../read-body.ts';
import { json } from './http.ts';
import { addUser, ALL_SCOPES, newToken, type EmulatorState } from './state.ts';
import { dropStreams } from './streams.ts';
import type { PerfInit } from './types.ts';

/**
 * The emulator's own control API, for a separate process (e2e; see cli.ts), not part of Lichess:
 *   POST /_emulator/users {username, blitz?, rapid?}, /_emulator/tokens {username, scopes?} -> {token},
 *   /_emulator/login {username}, /_emulator/faults {rateLimit, malformed, slowMs, declineBots, dropStreams}
 */
export async function control(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  u: URL,
): Promise<void> {
  const body = JSON.parse((await readBody(req)) || '{}') as {
    username?: unknown;
    blitz?: PerfInit;
    rapid?: PerfInit;
  } & Record<string, unknown>;
  const username = typeof body.username === 'string' ? body.username : null;
  switch (u.pathname) {
    case '/_emulator/users':
      if (!username) return json(res, 400, { error: 'username' });
      addUser(em, username, { blitz: body.blitz, rapid: body.rapid });
      return json(res, 200, { ok: true });
    case '/_emulator/tokens': {
      // A personal token (e2e: the operator's challenge:bulk token for LICHESS_BULK_TOKEN).
      if (!username) return json(res, 400, { error: 'username' });
      if (!em.users.has(username.toLowerCase())) addUser(em, username);
      const scopes = Array.isArray(body.scopes) ? body.scopes.filter((x) => typeof x === 'string') : ALL_SCOPES;
      return json(res, 200, { token: newToken(em, username.toLowerCase(), scopes) });
    }
    case '/_emulator/login':
      em.nextLogin = username === null ? null : username.toLowerCase();
      return json(res, 200, { ok: true });
    case '/_emulator/faults':
      if (typeof body.rateLimit === 'number') em.fault.rateLimit = body.rateLimit;
      if (typeof body.malformed === 'number') em.fault.malformed = body.malformed;
      if (typeof body.slowMs === 'number') em.fault.slowMs = body.slowMs;
      if (typeof body.declineBots === 'boolean') em.fault.declineBots = body.declineBots;
      if (body.dropStreams === true) dropStreams(em);
      return json(res, 200, { ok: true });
    default:
      return json(res, 404, { error: 'Not found' });
  }
}
