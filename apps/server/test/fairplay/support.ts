import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { STANDARD_FEN } from '@rush/domain';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { Database, DatabaseKind } from '../../src/platform/db/database.ts';
import { fairplayJobs } from '../../src/modules/fairplay/schema.ts';
import { games } from '../../src/modules/play/schema.ts';
import type { Registered } from '../accounts/support.ts';
import type { Player } from '../play/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { ADMIN_ENV, adminUser, eventually } from '../wallet/support/wallet.ts';
import { play, ranked } from './fake-lines.ts';
import { standInExecutable } from '../engine/stand-in.ts';

export { eventually };

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** A STOCKFISH_PATH for the stand-in (fake-engine.ts), as an operator names a native binary. */
export function fakeEngine(): string {
  return standInExecutable(path.join(HERE, 'fake-engine.ts'));
}

export const fairplayEnv = (extra: Record<string, string> = {}) => ({
  ...ADMIN_ENV,
  STOCKFISH_PATH: fakeEngine(),
  ENGINE_POOL_SIZE: '1',
  ENGINE_QUEUE_MAX: '4',
  ...extra,
});

/** A server on a manual clock (think times are set by the test) with the stand-in engine. */
export async function startFairplayServer(
  kind: DatabaseKind,
  opts: { env?: Record<string, string>; database?: Database; admin?: Registered } = {},
): Promise<{ server: TestServer; admin: Registered; clock: ManualClock }> {
  const server = await startTestServer({
    kind,
    clock: 'manual',
    env: fairplayEnv(opts.env),
    ...(opts.database ? { database: opts.database } : {}),
  });
  // A restart: the same admin (their session lives in the database) talking to the new instance.
  const admin = opts.admin
    ? { ...opts.admin, client: opts.admin.client.withBase(server.baseUrl) }
    : await adminUser(server);
  return { server, admin, clock: server.clock as ManualClock };
}

/**
 * How each side picks its moves by the stand-in's ranking: 'engine' always its first choice at a
 * steady 1.5 s; 'human' a spread of ranks (so losses) at varied think times.
 */
export type Style = 'engine' | 'human';
const HUMAN_RANKS = [1, 0, 3, 2, 0, 4, 1, 5, 2, 0, 3, 6, 1, 2];
const HUMAN_MS = [4200, 900, 12_500, 2600, 7800, 1500, 600, 9800, 3300, 5100, 2000, 15_000];

function pick(board: Chess, style: Style, ply: number): string {
  const order = ranked(board);
  const want = style === 'engine' ? 0 : Math.min(HUMAN_RANKS[ply % HUMAN_RANKS.length]!, order.length - 1);
  // A move that would end the game (mate, stalemate, a draw) is passed over: the test decides the end.
  for (let i = 0; i < order.length; i++) {
    const uci = order[(want + i) % order.length]!;
    const probe = new Chess(board.fen());
    play(probe, uci);
    if (!probe.isGameOver()) return uci;
  }
  return order[want]!;
}

/**
 * Plays `plies` plies of the game from the start, each side in its style, advancing the manual
 * clock by the mover's think time before each move; answers the moves.
 */
export async function playGame(
  clock: ManualClock,
  gameId: string,
  white: Player,
  black: Player,
  styles: { white: Style; black: Style },
  plies: number,
): Promise<string[]> {
  const board = new Chess(STANDARD_FEN);
  const moves: string[] = [];
  for (let ply = 1; ply <= plies; ply++) {
    const mover = ply % 2 === 1 ? white : black;
    const style = ply % 2 === 1 ? styles.white : styles.black;
    const uci = pick(board, style, ply);
    clock.advance(style === 'engine' ? 1500 + (ply % 3) * 20 : HUMAN_MS[ply % HUMAN_MS.length]!);
    const ack = await mover.cmd('game.move', { gameId, ply, uci });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
    play(board, uci);
    moves.push(uci);
  }
  return moves;
}

export async function gameRow(server: TestServer, gameId: string) {
  const [row] = await server.ctx.db.select().from(games).where(eq(games.id, gameId));
  return row!;
}

export async function jobRow(server: TestServer, gameId: string) {
  const [row] = await server.ctx.db.select().from(fairplayJobs).where(eq(fairplayJobs.gameId, gameId));
  return row ?? null;
}

/** Waits until the game's analysis job is done (or failed). */
export async function analysed(server: TestServer, gameId: string, timeoutMs = 60_000): Promise<void> {
  await eventually(async () => {
    const job = await jobRow(server, gameId);
    return job?.state === 'done' || job?.state === 'failed';
  }, timeoutMs);
}

/** The two players of a started game by colour. */
export async function colours(a: Player, b: Player, gameId: string): Promise<{ white: Player; black: Player }> {
  const view = await a.view(gameId);
  return view.white.uid === a.uid ? { white: a, black: b } : { white: b, black: a };
}
