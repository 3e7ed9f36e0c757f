import type http from 'node:http';
import { json } from './http.ts';
import type { EmulatorState } from './state.ts';
import type { EmulatedUser, PerfInit } from './types.ts';

/**
 * GET /api/account (lichess-org/api tags/account/api-account.yaml, schemas/UserExtended.yaml):
 * id, username, perfs (blitz, rapid; prov when provisional), the BOT title, url.
 */
export function account(em: EmulatorState, res: http.ServerResponse, user: EmulatedUser): void {
  const perf = (p: PerfInit) => ({
    games: p.games ?? 50,
    rating: p.rating,
    rd: p.prov ? 150 : 60,
    prog: 0,
    ...(p.prov ? { prov: true } : {}),
  });
  json(res, 200, {
    id: user.id,
    username: user.username,
    perfs: { blitz: perf(user.perfs.blitz), rapid: perf(user.perfs.rapid) },
    ...(user.bot ? { title: 'BOT' } : {}),
    createdAt: 1_600_000_000_000,
    seenAt: em.now(),
    url: `${em.url}/@/${user.username}`,
  });
}
