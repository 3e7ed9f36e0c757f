import type http from 'node:http';
import { challengeJson } from './challenges.ts';
import { eventInfo, finished, gameFull, sideOf } from './game-json.ts';
import { presenceChanged } from './games.ts';
import { json } from './http.ts';
import type { EmulatorState } from './state.ts';
import { openStream, writeLine } from './streams.ts';
import type { EmulatedUser } from './types.ts';

/**
 * Opening the two long-lived ND-JSON streams (lichess-org/api):
 *   GET /api/stream/event            tags/board/api-stream-event.yaml: gameStart, gameFinish,
 *                                    challenge, challengeCanceled, challengeDeclined; one per token
 *   GET /api/board/game/stream/{id}  tags/board/api-board-game-stream-gameId.yaml: gameFull,
 *                                    gameState, chatLine, opponentGone; closed at the end; one per
 *                                    player, game and user agent
 */

export function eventStream(em: EmulatorState, res: http.ServerResponse, user: EmulatedUser, bearer: string): void {
  // One event stream per token: a new one closes the previous.
  for (const s of em.streams) if (s.kind === 'event' && s.token === bearer) s.res.end();
  const s = openStream(em, res, { kind: 'event', userId: user.id, token: bearer });
  for (const g of em.games.values()) {
    const c = sideOf(g, user.id);
    if (c && !finished(g)) writeLine(em, s, { type: 'gameStart', game: eventInfo(em, g, c) });
  }
  for (const c of em.challenges.values()) {
    if (c.status !== 'created') continue;
    if (c.dest.id === user.id) writeLine(em, s, { type: 'challenge', challenge: challengeJson(em, c, 'in') });
    if (c.challenger.id === user.id) writeLine(em, s, { type: 'challenge', challenge: challengeJson(em, c, 'out') });
  }
}

export function gameStream(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  user: EmulatedUser,
  bearer: string,
  id: string,
): void {
  const g = em.games.get(id);
  const color = g ? sideOf(g, user.id) : null;
  if (!g || !color) return json(res, 404, { error: 'No such game' });
  const userAgent = req.headers['user-agent'] ?? '';
  // lila keeps one stream per player, game and user agent: a new one closes the earlier.
  for (const x of [...em.streams])
    if (x.kind === 'game' && x.gameId === g.id && x.userId === user.id && x.userAgent === userAgent) {
      em.streams.delete(x);
      x.res.end();
      em.log.replacedStreams += 1;
    }
  const s = openStream(em, res, { kind: 'game', userId: user.id, token: bearer, gameId: g.id, userAgent });
  writeLine(em, s, gameFull(em, g));
  if (finished(g)) res.end();
  else {
    presenceChanged(em, g, color);
    res.on('close', () => presenceChanged(em, g, color));
  }
}
