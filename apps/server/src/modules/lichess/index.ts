/**
 * Lichess as the chess platform (issue 15). The composition root builds it with `createLichess`
 * (module.ts) on play's core, with CHESS_PLATFORM=lichess, and hands play the platform adapter
 * and the link; play knows none of this module's files or tables.
 *
 * - platform.ts: the ChessPlatform adapter (Lichess referees, play's row mirrors it);
 *   follower.ts follows live games' Board API streams under a lease (follows.store.ts),
 *   mirror.ts writes what they say into the row, game-results.ts settles the confirmed result
 *   through play's finisher; starts.store.ts counts the starts Lichess's limits allow.
 * - link.service.ts: linking an account (OAuth PKCE), link.store.ts its rows, tokens.ts a
 *   linked player's token; ratings.ts the linked account's ratings (play's and matchmaking's read).
 * - schema.ts: lichess_accounts, lichess_link_requests, lichess_follows.
 * - oauth.ts: PKCE (S256) and state helpers, the authorization URL with the one scope board
 *   play needs (`board:play`: any listed scope is enough; /api/account needs none), the callback check.
 * - token-crypto.ts: tokens at rest, AES-256-GCM, `v1.{kid}.{iv}.{tag}.{ct}`, bound to the user id.
 * - client.ts: the endpoints (account, token exchange and revocation, board stream, event
 *   stream, move, draw, takeback, resign, abort, claim-victory, chat, challenges, AI, export),
 *   on transport.ts (the requests, the streams' reader). Discipline (token-gate.ts): one request in flight per token (streams hold the turn until
 *   their headers), nothing with a token for 60 s after its 429 (LichessRateLimitedError with the
 *   SPEC 8 alert text), timeouts (10 s; streams: 45 s without a byte). Streams re-open after an
 *   error or a malformed line, 2 s apart, giving up after 3 consecutive failures (a parsed line
 *   resets the count); a game stream is over once a finished status was read.
 * - games.ts: GameMoves (each move once across re-opened streams), startBotGame (maia1 10+0
 *   casual, else the Lichess AI), createMatchedGame (a challenge from White accepted by Black
 *   with their own tokens; bulk pairing was not chosen: it needs an extra server-held
 *   `challenge:bulk` app token and messages both players).
 * - results.ts: Lichess statuses onto ours; confirmResult (the export decides what is paid).
 * - The settings (LICHESS_URL, LICHESS_CLIENT_ID, LICHESS_TOKEN_KEY) are parsed in platform/config/lichess.ts.
 */
export * from './api-types.ts';
export { createLichess, LICHESS_FOLLOW_EVERY_MS, type LichessModule, type LichessPlayPorts } from './module.ts';
export { linkedLichessRatings } from './ratings.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './games.ts';
export * from './ndjson.ts';
export * from './oauth.ts';
export * from './results.ts';
export * from './token-crypto.ts';
export * from './token-gate.ts';
export { LICHESS_DEFAULTS, type LichessClientOptions, type StreamHandle, type StreamOptions } from './transport.ts';
