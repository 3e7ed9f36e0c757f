import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { expect } from 'vitest';
import { puzzleFromCsv, type BattleSettings } from '@rush/domain';
import { PUZZLE_ROUTES, PUZZLE_TOPICS, type LobbyView, type PuzzleView } from '@rush/protocol';
import type { DbOrTx } from '../../src/platform/db/database.ts';
import { puzzles } from '../../src/modules/puzzles/schema.ts';
import { puzzleById } from '../../src/modules/puzzles/selection.store.ts';
import type { Registered } from '../accounts/support.ts';
import { matchPlayer, startMatchServer, type Funding } from '../matchmaking/support.ts';
import type { Player } from '../play/support.ts';
import type { TestServer } from '../support/server.ts';

export { eventually, grantRc } from '../matchmaking/support.ts';

// The catalogue as the repo ships it (gzip): CI runs on a bare clone, without the shared folder.
const SAMPLE = new URL('../../data/puzzles/lichess-puzzles-sample.csv.gz', import.meta.url);

/** The first `n` puzzles of the shipped sample, as the catalogue rows the server selects from. */
export async function seedPuzzles(db: DbOrTx, n = 300): Promise<number> {
  const lines = readline.createInterface({ input: fs.createReadStream(SAMPLE).pipe(zlib.createGunzip()) });
  const rows: (typeof puzzles.$inferInsert)[] = [];
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    const p = puzzleFromCsv(line.split(','));
    if (p)
      rows.push({
        id: p.id,
        fen: p.fen,
        moves: p.moves.join(' '),
        rating: p.rating,
        themes: p.themes,
        rnd: Math.random(),
      });
    if (rows.length >= n) break;
  }
  lines.close();
  await db.insert(puzzles).values(rows).onConflictDoNothing();
  return rows.length;
}

/** A server on a manual clock with its admin and a small catalogue. */
export async function startBattleServer(kind: Parameters<typeof startMatchServer>[0]) {
  const s = await startMatchServer(kind);
  await seedPuzzles(s.server.ctx.db);
  return s;
}

export const settings = (over: Partial<BattleSettings> = {}): BattleSettings => ({
  difficulty: 'normal',
  theme: 'healthyMix',
  time: 60_000,
  privacy: 'public',
  maxParticipants: 4,
  prizeMode: 'pool',
  stakesCurrency: 'wbx',
  stakesAmount: 50,
  ...over,
});

/** A funded player (RushCoins) following the lobby list. */
export async function battler(
  server: TestServer,
  admin: Registered,
  funding: Funding = { wbx: 100_000n },
): Promise<Player> {
  const p = await matchPlayer(server, admin, funding);
  await p.follow(PUZZLE_TOPICS.lobbies);
  return p;
}

export async function createLobby(
  p: Player,
  over: Partial<BattleSettings> = {},
  extra: Record<string, unknown> = {},
): Promise<LobbyView> {
  const res = await p.http.post(PUZZLE_ROUTES.lobbies, { settings: settings(over), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.lobby as LobbyView;
}

export async function join(p: Player, id: string, body: Record<string, unknown> = {}): Promise<LobbyView> {
  const res = await p.http.post(PUZZLE_ROUTES.join(id), body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.lobby as LobbyView;
}

export async function currentPuzzle(p: Player, id: string): Promise<PuzzleView | null> {
  const res = await p.http.get(PUZZLE_ROUTES.battlePuzzle(id));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.puzzle as PuzzleView | null;
}

/** Plays the solution of the player's current puzzle move by move (the server judges each). */
export async function solve(server: TestServer, p: Player, id: string): Promise<any> {
  const view = await currentPuzzle(p, id);
  expect(view).not.toBeNull();
  const puzzle = (await puzzleById(server.ctx.db, view!.puzzleId))!;
  let last: any = null;
  for (let ply = 1; ply < puzzle.moves.length; ply += 2) {
    const res = await p.http.post(PUZZLE_ROUTES.battleMove(id), {
      attemptId: view!.attemptId,
      ply,
      uci: puzzle.moves[ply],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.verdict.verdict).toBe('correct');
    last = res.body;
  }
  expect(last.verdict.solved).toBe(true);
  return last;
}

/** A move that is not the solution's (and not a mate): the first user move reversed. */
export async function blunder(server: TestServer, p: Player, id: string): Promise<any> {
  const view = (await currentPuzzle(p, id))!;
  const puzzle = (await puzzleById(server.ctx.db, view.puzzleId))!;
  const right = puzzle.moves[1]!;
  const wrong = `${right.slice(2, 4)}${right.slice(0, 2)}`;
  const res = await p.http.post(PUZZLE_ROUTES.battleMove(id), { attemptId: view.attemptId, ply: 1, uci: wrong });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.verdict.verdict).toBe('wrong');
  return res.body;
}

/** Waits for a `lobby.changed` on the lobby's topic whose view matches. */
export async function lobbyEvent(p: Player, match: (l: LobbyView) => boolean, timeoutMs = 5_000): Promise<LobbyView> {
  return (await p.event('lobby.changed', (d) => match(d.lobby), timeoutMs)).lobby as LobbyView;
}
