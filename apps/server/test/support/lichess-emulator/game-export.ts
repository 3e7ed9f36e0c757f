import type http from 'node:http';
import { finished, gameSpeed, perfOf } from './game-json.ts';
import { json } from './http.ts';
import type { EmulatorState } from './state.ts';
import type { Side } from './types.ts';

/**
 * GET /game/export/{id} (lichess-org/api tags/games/game-export-gameId.yaml, schemas/GameJson.yaml):
 * the game as JSON (Accept: application/json) or PGN, ongoing games delayed by 3 moves, with
 * what a test set through overrideExport (an export that contradicts the game).
 */
export function exportGame(em: EmulatorState, u: URL, req: http.IncomingMessage, res: http.ServerResponse): void {
  const id = u.pathname.slice('/game/export/'.length);
  const g = em.games.get(id);
  if (!g) return json(res, 404, { error: 'Not found' });
  const ongoing = !finished(g);
  // "Ongoing games are delayed by 3 moves" (tags/games/game-export-gameId.yaml).
  const san = ongoing ? g.san.slice(0, Math.max(0, g.san.length - 3)) : g.san;
  const player = (s: Side) =>
    s.user
      ? {
          user: { id: s.user.id, name: s.user.username },
          rating: s.user.perfs[perfOf(g)].rating,
          ...(s.user.perfs[perfOf(g)].prov ? { provisional: true } : {}),
        }
      : { aiLevel: s.aiLevel ?? 1 };
  const speed = gameSpeed(g);
  const body = {
    id: g.id,
    rated: g.rated,
    variant: 'standard',
    speed,
    perf: speed,
    createdAt: g.createdAt,
    lastMoveAt: g.lastMoveAt,
    status: g.status,
    source: g.source,
    players: { white: player(g.white), black: player(g.black) },
    ...(g.winner ? { winner: g.winner } : {}),
    moves: san.join(' '),
    clock: {
      initial: g.clock.initial / 1000,
      increment: g.clock.increment / 1000,
      totalTime: g.clock.initial / 1000 + (40 * g.clock.increment) / 1000,
    },
    ...em.exportOverrides.get(id),
  };
  if ((req.headers.accept ?? '').includes('application/json')) return json(res, 200, body);
  res.writeHead(200, { 'content-type': 'application/x-chess-pgn' });
  res.end(`[Event "Casual game"]\n[Site "${em.url}/${g.id}"]\n\n${san.join(' ')}\n`);
}
