import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import type { AdminTrail } from '../audit/index.ts';
import type { EngineService } from '../engine/index.ts';
import type { Movements } from '../wallet/index.ts';
import { AnalysisService } from './analysis.service.ts';
import type { PayoutGate } from './gate.ts';
import type { GameRow } from './review.store.ts';
import { ReviewStore } from './review.store.ts';
import { ReviewService, type ReviewPorts } from './review.service.ts';
import { reviewPublisher } from './review-events.ts';
import { fairplayRoutes } from './routes.ts';
import { FairplayWorker } from './worker.ts';

export interface FairplayOptions {
  /** How often an idle worker looks for queued analyses. */
  pollEveryMs: number;
}

export const DEFAULT_FAIRPLAY_OPTIONS: FairplayOptions = { pollEveryMs: 1_000 };

export interface FairplayDeps {
  gate: PayoutGate;
  engine: EngineService;
  /** The review's close of a held match's escrow (the wallet's movements). */
  movements: Movements;
  trail: AdminTrail;
  /** Pays a game after a clean analysis: matchmaking's settlement (idempotent under the escrow's close key). */
  release: (game: GameRow) => Promise<void>;
  accountRestricted: (uid: string) => Promise<void>;
  standingChanged: (uid: string) => Promise<void>;
  kick: (uid: string) => Promise<unknown>;
  /** A held bot win's close after the review (bots; issue 33). */
  botClose?: ReviewPorts['botClose'];
}

export interface FairplayModule {
  gate: PayoutGate;
  worker: FairplayWorker;
  review: ReviewService;
  close(): Promise<void>;
}

/**
 * Fair play (issue 14): the engine analysis of finished games from a queue in PostgreSQL, the
 * hold of a flagged winner's pot, the admins' review (clear, confirm) and the players' analysis.
 */
export function registerFairplay(
  app: FastifyInstance,
  ctx: AppContext,
  deps: FairplayDeps,
  options = DEFAULT_FAIRPLAY_OPTIONS,
): FairplayModule {
  const { db, clock, log } = ctx;
  const flagsChanged = () => deps.trail.changes.publish(['flags'], false);
  const reviewChanged = reviewPublisher(db, ctx.hub, log);
  const worker = new FairplayWorker({
    db,
    clock,
    engine: deps.engine,
    log,
    depth: ctx.config.fairplay.depth,
    release: deps.release,
    flagsChanged,
    reviewChanged,
  });
  const review = new ReviewService(
    db,
    clock,
    {
      movements: deps.movements,
      trail: deps.trail,
      accountRestricted: deps.accountRestricted,
      standingChanged: deps.standingChanged,
      kick: deps.kick,
      reviewChanged,
      // The settlement runs again: the escrow is closed, so it grants what waited (the rewards).
      reviewed: async (gameId) => {
        const game = await new ReviewStore(db).game(gameId);
        if (game) await deps.release(game);
      },
      ...(deps.botClose ? { botClose: deps.botClose } : {}),
    },
    log,
  );
  // As many games at once as the engine pool has processes (each game's searches run one after another).
  const drainAll = () => Promise.all(Array.from({ length: ctx.config.engine.poolSize }, () => worker.drain()));
  const jobs = new JobRunner([{ name: 'fairplay-analysis', everyMs: options.pollEveryMs, run: drainAll }], log);
  let draining: Promise<unknown> | null = null;
  const wake = () => {
    // An instance without the worker leaves the job to the instances that run one.
    if (!ctx.config.fairplay.worker) return;
    draining ??= worker
      .drain()
      .catch((err: unknown) => log.error({ err }, 'fair-play analysis failed'))
      .finally(() => {
        draining = null;
      });
  };
  const analysis = new AnalysisService(db, clock, wake);
  fairplayRoutes(app, { analysis, review });
  if (ctx.config.fairplay.worker) jobs.start();
  return {
    gate: deps.gate,
    worker,
    review,
    async close() {
      worker.stop();
      await jobs.stop();
      await draining;
    },
  };
}
