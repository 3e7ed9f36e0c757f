import http from 'node:http';
import { json } from './http.ts';
import type { LichessEmulator, LichessEmulatorOptions } from './options.ts';
import { handle } from './router.ts';
import { addUser, ALL_SCOPES, createState, newToken } from './state.ts';
import { dropStreams, openStreamCount, startKeepAlive } from './streams.ts';

export type { LichessEmulator, LichessEmulatorOptions } from './options.ts';
export type { EmulatedGame, EmulatedUser, PerfInit, RequestLogEntry } from './types.ts';

/**
 * A local emulator of the Lichess endpoints board play uses, for tests (in-process) and, later,
 * e2e runs. It follows the OpenAPI description in lichess-org/api (doc/specs/...); it is test
 * support only and never a product default (LICHESS_URL defaults to https://lichess.org).
 *
 *   GET    /oauth                          authorization (auto-approve redirect, or an approval page)  oauth.ts
 *   POST   /oauth/approve                  the approval page's form                                     oauth.ts
 *   POST   /api/token                      code + code_verifier (PKCE S256) -> access token             oauth.ts
 *   DELETE /api/token                      revokes the bearer token                                     router.ts
 *   GET    /api/account                    id, username, perfs (blitz, rapid; prov when provisional)   account.ts
 *   GET    /api/stream/event               ndjson: gameStart, gameFinish, challenge, challengeCanceled, challengeDeclined
 *   GET    /api/board/game/stream/{id}     ndjson: gameFull, gameState, chatLine; closed at the end     stream-endpoints.ts
 *   POST   /api/board/game/{id}/move/{uci}[?offeringDraw=true]                                          board.ts
 *   POST   /api/board/game/{id}/draw/{yes|no}, /takeback/{yes|no}, /resign, /abort, /claim-victory     board.ts
 *   POST   /api/board/game/{id}/chat       form room, text                                              board.ts
 *   POST   /api/challenge/{username}       form clock.limit, clock.increment, rated, color, keepAliveStream
 *   POST   /api/challenge/{id}/accept, /decline, /cancel                                                challenges.ts
 *   POST   /api/challenge/ai               form level, clock.limit, clock.increment, color (201)        challenges.ts
 *   POST   /api/bulk-pairing               the operator's scheduled games                               bulk-pairing.ts
 *   GET    /game/export/{id}               GameJson (ongoing games delayed by 3 moves)                  game-export.ts
 *
 * Bots: `maia1` (a BOT account that accepts challenges and plays a simple move) and the Lichess
 * AI (bot-moves.ts). Chess legality is chess.js (games.ts). Fault switches: 429 on demand,
 * stream drops, malformed lines, slow responses, revoked tokens, declined bot challenges, an
 * export that says otherwise. The published document's shapes are in published-api.ts, which
 * conformance.test.ts checks this emulator against.
 */
export async function startLichessEmulator(opts: LichessEmulatorOptions = {}): Promise<LichessEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const em = createState(opts);
  const { users, tokens, games, fault, streams, timers } = em;
  const keepAlive = startKeepAlive(em);
  const server = http.createServer((req, res) => {
    handle(em, req, res).catch((e: unknown) => json(res, 500, { error: String(e) }));
  });

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, host, resolve));
  const port = (server.address() as { port: number }).port;
  em.url = `http://${host}:${port}`;

  return {
    url: em.url,
    addUser: (username, perfs) => addUser(em, username, perfs),
    user: (username) => users.get(username.toLowerCase()),
    setNextLogin: (username) => {
      em.nextLogin = username === null ? null : username.toLowerCase();
    },
    issueToken: (username, scopes = ALL_SCOPES) => {
      const user = users.get(username.toLowerCase());
      if (!user) throw new Error(`no emulated user ${username}`);
      return newToken(em, user.id, scopes);
    },
    bulkToken: () => {
      if (!users.has('rushoperator')) addUser(em, 'RushOperator');
      return newToken(em, 'rushoperator', ['challenge:bulk']);
    },
    revokeToken: (token) => {
      const t = tokens.get(token);
      if (t) t.revoked = true;
    },
    revokeUser: (username) => {
      for (const t of tokens.values()) if (t.userId === username.toLowerCase()) t.revoked = true;
    },
    game: (id) => games.get(id),
    overrideExport: (id, patch) => em.exportOverrides.set(id, patch),
    faults: {
      rateLimit: (count = 1, token, path) => {
        fault.rateLimit = count;
        fault.rateLimitToken = token;
        fault.rateLimitPath = path;
      },
      dropStreams: (kind) => dropStreams(em, kind),
      malformedLines: (count = 1) => {
        fault.malformed = count;
      },
      slow: (ms) => {
        fault.slowMs = ms;
      },
      declineBotChallenges: (on) => {
        fault.declineBots = on;
      },
      holdBotAnswers: () => {
        fault.heldBotAnswers ??= [];
      },
      releaseBotAnswers: () => {
        const held = fault.heldBotAnswers ?? [];
        fault.heldBotAnswers = null;
        for (const answer of held) answer();
      },
    },
    log: em.log,
    openStreams: (kind) => openStreamCount(em, kind),
    close: async () => {
      clearInterval(keepAlive);
      for (const t of timers) clearTimeout(t);
      for (const s of streams) s.res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
