import type http from 'node:http';
import { readBody } from '../read-body.ts';
import { account } from './account.ts';
import { board } from './board.ts';
import { createBulk } from './bulk-pairing.ts';
import { answerChallenge, challengeAi, createChallenge } from './challenges.ts';
import { control } from './control.ts';
import { sideOf } from './game-json.ts';
import { exportGame } from './game-export.ts';
import { createGame } from './games.ts';
import { json } from './http.ts';
import { approvalForm, authorize, tokenEndpoint, tokenTest } from './oauth.ts';
import { newId, type EmulatorState } from './state.ts';
import { eventStream, gameStream } from './stream-endpoints.ts';
import { logRequest, rateLimited, slowDown } from './traffic.ts';

/**
 * The emulator's router: which endpoint answers a request (the list is in emulator.ts, each
 * endpoint's published document in its own file), the token check (401 without a live token,
 * 403 without one of an endpoint's scopes, as lichess-org/api lichess-api.yaml says), and the
 * control API and faults that come first.
 */
export async function handle(em: EmulatorState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const u = new URL(req.url ?? '/', em.url);
  const method = req.method ?? 'GET';
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const record = bearer ? em.tokens.get(bearer) : undefined;
  logRequest(em, res, method, u.pathname, bearer, record?.userId ?? null);

  await slowDown(em);
  if (u.pathname.startsWith('/_emulator/')) return control(em, req, res, u);
  if (rateLimited(em, bearer, u.pathname)) return json(res, 429, { error: 'Too many requests. Try again later.' });

  if (u.pathname === '/oauth' && method === 'GET') return authorize(em, u, res);
  if (u.pathname === '/oauth/approve' && method === 'POST') return approvalForm(em, req, res);
  if (u.pathname === '/api/token' && method === 'POST') return tokenEndpoint(em, req, res);
  if (u.pathname === '/api/token/test' && method === 'POST') return tokenTest(em, req, res);
  if (u.pathname.startsWith('/game/export/') && method === 'GET') return exportGame(em, u, req, res);

  // Everything else needs a live token.
  if (!record || record.revoked) {
    em.log.refusals.push(`401 ${u.pathname}`);
    return json(res, 401, { error: 'No such token' });
  }
  const user = [...em.users.values()].find((x) => x.id === record.userId)!;
  // A token needs any one of an endpoint's listed scopes (lila: OAuthScopes.intersects).
  const need = (...scopes: string[]) => {
    if (scopes.some((sc) => record.scopes.includes(sc))) return true;
    json(res, 403, { error: `Missing scope: one of ${scopes.join(', ')}` });
    return false;
  };

  if (u.pathname === '/api/token' && method === 'DELETE') {
    record.revoked = true;
    res.writeHead(204).end();
    return;
  }
  if (u.pathname === '/api/account' && method === 'GET') return account(em, res, user);
  if (u.pathname === '/api/stream/event' && method === 'GET') {
    if (!need('challenge:read', 'bot:play', 'board:play')) return;
    return eventStream(em, res, user, bearer!);
  }
  let m = /^\/api\/board\/game\/stream\/([A-Za-z0-9]+)$/.exec(u.pathname);
  if (m && method === 'GET') {
    if (!need('board:play')) return;
    return gameStream(em, req, res, user, bearer!, m[1]!);
  }
  m =
    /^\/api\/board\/game\/([A-Za-z0-9]+)\/(move|draw|takeback|resign|abort|claim-victory|chat)(?:\/([a-z0-9]+))?$/.exec(
      u.pathname,
    );
  if (m && method === 'POST') {
    if (!need('board:play')) return;
    const g = em.games.get(m[1]!);
    const color = g ? sideOf(g, user.id) : null;
    if (!g || !color) return json(res, 404, { error: 'No such game' });
    const form = new URLSearchParams(await readBody(req));
    return board(em, res, g, color, user, m[2]!, m[3], u, form);
  }
  if (u.pathname === '/api/bulk-pairing' && method === 'POST') {
    if (!need('challenge:bulk')) return;
    const form = new URLSearchParams(await readBody(req));
    const answer = createBulk(
      {
        now: em.now,
        token: (t) => em.tokens.get(t),
        newId,
        pairedAt: em.bulkPairedAt,
        createGame: (g) =>
          createGame(em, {
            white: { user: em.users.get(g.whiteId)! },
            black: { user: em.users.get(g.blackId)! },
            rated: g.rated,
            limit: g.limit,
            increment: g.increment,
            source: 'api',
            rules: g.rules,
          }).id,
      },
      user.id,
      form,
    );
    return json(res, answer.status, answer.body);
  }
  if (u.pathname === '/api/challenge/ai' && method === 'POST') {
    if (!need('challenge:write', 'bot:play', 'board:play')) return;
    return challengeAi(em, req, res, user);
  }
  m = /^\/api\/challenge\/([A-Za-z0-9]+)\/(accept|decline|cancel)$/.exec(u.pathname);
  if (m && method === 'POST') {
    if (!need('challenge:write', 'bot:play', 'board:play')) return;
    return answerChallenge(em, req, res, user, m[1]!, m[2]!);
  }
  m = /^\/api\/challenge\/([A-Za-z0-9_-]+)$/.exec(u.pathname);
  if (m && method === 'POST') {
    if (!need('challenge:write', 'bot:play', 'board:play')) return;
    return createChallenge(em, req, res, user, bearer!, m[1]!);
  }
  json(res, 404, { error: 'Not found' });
}
