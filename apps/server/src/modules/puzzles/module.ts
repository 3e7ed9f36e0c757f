import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { Attempts } from './attempts.service.ts';
import { CasualService } from './casual.service.ts';
import { Catalog } from './catalog.service.ts';
import { pickFresh } from './pick.ts';
import { puzzleRatingOf } from './ratings.store.ts';
import { puzzleRoutes, type ActiveBattleLookup } from './routes.ts';
import { puzzleById, recentPuzzleIds, selectPuzzles } from './selection.store.ts';
import { SoloService } from './solo.service.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';

export type { ActiveBattleLookup } from './routes.ts';

export interface PuzzlesOptions {
  /** How often runs past their 180 s are finished (besides on every call). */
  sweepEveryMs: number;
}

export const DEFAULT_PUZZLES_OPTIONS: PuzzlesOptions = { sweepEveryMs: 1_000 };

/** What the battle lobbies build on (issue 6 item 5). */
export interface PuzzlesModule {
  attempts: Attempts;
  catalog: Catalog;
  selection: {
    selectPuzzles: typeof selectPuzzles;
    recentPuzzleIds: typeof recentPuzzleIds;
    puzzleById: typeof puzzleById;
    pickFresh: typeof pickFresh;
  };
  /** The user's puzzle rating (1500 until rated), unrounded. */
  ratingOf(uid: string): Promise<number>;
  /** The battle module tells how to find a user's battle, for GET active. */
  setActiveBattleOf(lookup: ActiveBattleLookup): void;
  close(): Promise<void>;
}

/**
 * Puzzles (issue 6): the catalogue (imported at first start in the background), Casual and Solo
 * Puzzle Rush, every move judged on the server.
 */
export async function registerPuzzles(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { activeBattleOf?: ActiveBattleLookup } = {},
  options = DEFAULT_PUZZLES_OPTIONS,
): Promise<PuzzlesModule> {
  const { db, clock, log, config } = ctx;
  const catalog = new Catalog(db, log);
  await catalog.start(config.puzzlesAutoImport);
  const attempts = new Attempts(clock);
  const casual = new CasualService(db, clock, attempts, catalog);
  const solo = new SoloService(db, clock, attempts, catalog);
  let activeBattleOf: ActiveBattleLookup | null = deps.activeBattleOf ?? null;

  puzzleRoutes(app, { catalog, casual, solo, activeBattleOf: () => activeBattleOf });

  const jobs = new JobRunner(
    [{ name: 'solo-rush-sweep', everyMs: options.sweepEveryMs, run: () => solo.sweep() }],
    log,
  );
  jobs.start();
  return {
    attempts,
    catalog,
    selection: { selectPuzzles, recentPuzzleIds, puzzleById, pickFresh },
    ratingOf: (uid) => puzzleRatingOf(db, uid),
    setActiveBattleOf(lookup) {
      activeBattleOf = lookup;
    },
    async close() {
      await jobs.stop();
      await catalog.close();
    },
  };
}
