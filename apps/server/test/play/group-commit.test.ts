import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fenHistory, STANDARD_FEN } from '@rush/domain';
import type { MoveResult } from '@rush/protocol';
import { GameStore, type MoveAppend } from '../../src/modules/play/games.store.ts';
import { MoveCommits } from '../../src/modules/play/move-commits.ts';
import { judgeMove } from '../../src/modules/play/move-judgement.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { POSTGRES_TOO } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { play, Player, startGame } from './support.ts';

const GAMES = 6;

/** Set for what a test runs itself, and everything that awaits or schedules (see commitsDuring). */
const own = new AsyncLocalStorage<true>();

/**
 * Counts the commits of the moves written while `during` runs, at the driver: every autocommit
 * statement that appends a move (each its own commit, a named statement: named.ts), plus every
 * transaction begun (the locked path commits a move in one). `ownOnly`: only what `during` itself
 * causes, not a background job's or an earlier test's socket closing (a presence write) that lands
 * in the window; for calls made straight to MoveCommits (moves sent on sockets are handled outside
 * the test's own context).
 */
async function commitsDuring(
  db: Db,
  during: () => Promise<void>,
  { ownOnly = false } = {},
): Promise<{ appends: number; transactions: number }> {
  const client = (db as unknown as { $client: Record<'query' | 'runNamed', (...args: unknown[]) => unknown> }).$client;
  const counted = () => !ownOnly || own.getStore() === true;
  const texts: string[] = [];
  let transactions = 0;
  const query = client.query.bind(client);
  const spies = [
    vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
      const [q] = args;
      if (counted()) texts.push(typeof q === 'string' ? q : (q as { text: string }).text);
      return query(...args);
    }),
  ];
  if (typeof client.runNamed === 'function') {
    const runNamed = client.runNamed.bind(client);
    spies.push(
      vi.spyOn(client, 'runNamed').mockImplementation((...args: unknown[]) => {
        if (counted()) texts.push(args[1] as string);
        return runNamed(...args);
      }),
    );
  }
  const transaction = db.transaction.bind(db);
  const begun = vi.spyOn(db, 'transaction').mockImplementation((...args: Parameters<Db['transaction']>) => {
    if (counted()) transactions++;
    return transaction(...args);
  });
  try {
    await (ownOnly ? own.run(true, during) : during());
    return {
      appends: texts.filter((t) => /^\s*update "?games"?/i.test(t) && /move_times/.test(t)).length,
      transactions,
    };
  } finally {
    for (const spy of spies) spy.mockRestore();
    begun.mockRestore();
  }
}

/**
 * Issue 35: moves of many games are group-committed (MoveCommits): while one append is being
 * written, the moves that arrive wait and go together in one statement, one commit, each under
 * its own condition, each acknowledged only after the commit that carries it.
 */
describe.each(POSTGRES_TOO)('group commit of moves on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
  });
  afterAll(() => server?.stop());

  const rowOf = (gameId: string) => new GameStore(server.database.db).find(gameId);

  /** Games with two plies played (so their clocks run and this instance keeps them). */
  const startedGames = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => {
        const started = await startGame(await Player.join(server), await Player.join(server));
        await play(started.gameId, started.white, started.black, ['e2e4', 'e7e5']);
        return started;
      }),
    );

  it('moves of many games sent at once are all committed and acknowledged, with fewer commits than moves', async () => {
    const games = await startedGames(GAMES);
    let acks: Awaited<ReturnType<Player['ack']>>[] = [];
    const counted = await commitsDuring(server.database.db, async () => {
      const sent = games.map(({ gameId, white }) => white.send('game.move', { gameId, ply: 3, uci: 'g1f3' }));
      acks = await Promise.all(sent.map((id, i) => games[i]!.white.ack(id)));
    });
    for (const [i, { gameId }] of games.entries()) {
      expect(acks[i]!.ok).toBe(true);
      // The acknowledged move is in the database, as acknowledged.
      const row = (await rowOf(gameId))!;
      expect(row.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
      expect(row.fens).toEqual(fenHistory(STANDARD_FEN, row.moves));
      expect(row.version).toBe((acks[i]!.result as MoveResult).version);
    }
    const commits = counted.appends + counted.transactions;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(GAMES);
    for (const { white, black } of games) {
      white.close();
      black.close();
    }
  });

  it('a batch where one game moved on commits the others and fails that move alone', async () => {
    const games = await startedGames(GAMES);
    const now = server.clock.now();
    const appends: MoveAppend[] = [];
    for (const { gameId } of games) {
      const row = (await rowOf(gameId))!;
      const judged = judgeMove(row, 'white', { ply: 3, uci: 'g1f3' }, now);
      if (judged.kind !== 'moved') throw new Error(judged.kind);
      const { moves: _m, moveTimes: _t, san: _s, fens: _f, fen: _fen, ...scalars } = judged.move.patch;
      appends.push({
        id: gameId,
        judgedOn: { version: row.version, turnStartedAt: row.turnStartedAt! },
        move: judged.move,
        scalars,
      });
    }
    // The third game changed since it was judged (another instance wrote it).
    const stale = games[2]!.gameId;
    await new GameStore(server.database.db).update(stale, { drawOffer: 'black' });
    const commits = new MoveCommits(server.database.db);
    let results: Awaited<ReturnType<MoveCommits['append']>>[] = [];
    const counted = await commitsDuring(
      server.database.db,
      async () => {
        // All in one turn of the event loop: one statement.
        results = await Promise.all(appends.map((a) => commits.append(a)));
      },
      { ownOnly: true },
    );
    expect(commits.figures).toEqual({ commits: 1, moves: GAMES });
    expect(counted).toEqual({ appends: 1, transactions: 0 });
    for (const [i, { gameId }] of games.entries()) {
      const row = (await rowOf(gameId))!;
      if (gameId === stale) {
        expect(results[i]).toBeNull();
        expect(row).toMatchObject({ ply: 2, moves: ['e2e4', 'e7e5'], drawOffer: 'black' });
        continue;
      }
      expect(results[i]).toEqual({
        version: appends[i]!.judgedOn.version + 1,
        disconnectColor: null,
        disconnectGraceEndsAt: null,
      });
      expect(row).toMatchObject({
        ply: 3,
        moves: ['e2e4', 'e7e5', 'g1f3'],
        san: ['e4', 'e5', 'Nf3'],
        fen: appends[i]!.move.fen,
        version: appends[i]!.judgedOn.version + 1,
        whiteMs: appends[i]!.scalars.whiteMs,
        turnStartedAt: appends[i]!.scalars.turnStartedAt,
        deadlineAt: appends[i]!.scalars.deadlineAt,
      });
      expect(row.fens).toEqual(fenHistory(STANDARD_FEN, row.moves));
      expect(row.moveTimes).toEqual([null, null, appends[i]!.move.thinkMs]);
    }
    for (const { white, black } of games) {
      white.close();
      black.close();
    }
  });

  it('a lone move is written at once, alone', async () => {
    const gameId = (await startedGames(1))[0]!.gameId;
    const row = (await rowOf(gameId))!;
    const judged = judgeMove(row, 'white', { ply: 3, uci: 'g1f3' }, server.clock.now());
    if (judged.kind !== 'moved') throw new Error(judged.kind);
    const { moves: _m, moveTimes: _t, san: _s, fens: _f, fen: _fen, ...scalars } = judged.move.patch;
    const commits = new MoveCommits(server.database.db);
    const append = { id: gameId, judgedOn: { version: row.version, turnStartedAt: row.turnStartedAt! } };
    expect(await commits.append({ ...append, move: judged.move, scalars })).not.toBeNull();
    // the same append again: its condition (the version it was judged on) no longer holds
    expect(await commits.append({ ...append, move: judged.move, scalars })).toBeNull();
    expect(commits.figures).toEqual({ commits: 2, moves: 2 });
    expect((await rowOf(gameId))!.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
  });
});
