import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import {
  analysisPlan,
  analysisTier,
  collusionSignals,
  gameVerdict,
  holdDecision,
  playerVerdict,
  ROLLING_GAMES,
  sideFigures,
  type AnalysisPlan,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { EngineBusyError, EngineClosedError, type EngineService } from '../engine/index.ts';
import { analyseGame, AnalysisAbandoned } from './analyser.ts';
import { JobStore, type FairplayJob } from './jobs.store.ts';
import { ReviewStore, type GameRow } from './review.store.ts';
import { isStakedGame, isStakedMatch, winnerUidOf } from './gate.ts';

/** A worker's hold on a job; renewed while it searches, so only a dead worker's lease runs out. */
export const LEASE_MS = 120_000;
/** Tries of one game before it fails for good (a gated game is then held for an admin). */
export const MAX_ATTEMPTS = 5;
const RETRY_AFTER_MS = 10_000;
/** The collusion signals look this far back over the two players' staked games. */
const COLLUSION_WINDOW_MS = 30 * 24 * 3600_000;
export const ANALYSIS_FAILED_REASON = 'The engine analysis failed; the game needs a review by hand.'; // ours

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  engine: Pick<EngineService, 'analyseLines'>;
  log: FastifyBaseLogger;
  /** FAIRPLAY_DEPTH: a staked game's depth; lighter stakes search less (analysisPlan). */
  depth: number;
  /** Pays a game whose analysis raised no hold (matchmaking's settlement, idempotent). */
  release: (game: GameRow) => Promise<void>;
  /** After a hold or a new flag: the admin consoles refetch. */
  flagsChanged: () => Promise<void>;
  /** After a hold: the game's screens show "Under review" (review-events.ts). */
  reviewChanged?: (gameId: string) => Promise<void>;
}

/**
 * The analysis queue and its worker (issue 14). Finished games are queued inside their finishing
 * transaction (so a gated payout always has its job); any instance leases jobs from PostgreSQL,
 * analyses with the engine service at priority 'analysis', stores the figures and, for a gated
 * game, decides hold or pay in the same transaction that completes the job.
 */
export class FairplayWorker {
  readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private stopped = false;

  constructor(private readonly d: WorkerDeps) {}

  /** One run of the job: leases and analyses games until none is due (or the server stops). */
  async drain(): Promise<number> {
    let done = 0;
    const jobs = new JobStore(this.d.db);
    while (!this.stopped) {
      const now = this.d.clock.now();
      if (!(await jobs.anyDue(now))) break;
      const job = await jobs.lease(this.owner, now, new Date(now.getTime() + LEASE_MS));
      if (!job) break;
      await this.process(job);
      done++;
    }
    return done;
  }

  stop(): void {
    this.stopped = true;
  }

  private async process(job: FairplayJob): Promise<void> {
    const { db, clock, log } = this.d;
    const jobs = new JobStore(db);
    const game = await new ReviewStore(db).game(job.gameId);
    if (!game) return;
    let leaseUntil = clock.now().getTime() + LEASE_MS;
    const plan = analysisPlan(analysisTier({ staked: isStakedGame(game), rated: game.rated }), this.d.depth);
    try {
      const plies = await analyseGame(
        { analyseLines: (fen, moves, o) => this.search(fen, moves, o) },
        { initialFen: game.initialFen, moves: game.moves, moveTimes: game.moveTimes },
        {
          plan,
          onProgress: async () => {
            if (this.stopped) return false;
            const now = clock.now().getTime();
            if (leaseUntil - now > LEASE_MS / 2) return true;
            leaseUntil = now + LEASE_MS;
            return jobs.renew(job.gameId, this.owner, new Date(leaseUntil));
          },
        },
      );
      const outcome = await this.complete(job, game, plies, plan.depth);
      if (outcome === 'lost') return;
      if (outcome === 'held') {
        await this.d.flagsChanged();
        await this.d.reviewChanged?.(game.id);
      }
      if (outcome === 'pay') {
        await this.d
          .release(game)
          .catch((err: unknown) =>
            log.error({ err, gameId: game.id }, 'payout after analysis failed; the escrow sweep retries'),
          );
      }
      if (isStakedMatch(game))
        await this.collusion(game).catch((err: unknown) =>
          log.warn({ err, gameId: game.id }, 'collusion signals not computed'),
        );
    } catch (err) {
      if (err instanceof AnalysisAbandoned || err instanceof EngineClosedError || this.stopped) {
        await jobs.release(job.gameId, this.owner, clock.now()).catch(() => {});
        return;
      }
      log.warn({ err, gameId: job.gameId, attempts: job.attempts }, 'game analysis failed');
      await this.failed(job, game, err instanceof Error ? err.message : String(err));
    }
  }

  /** A search, waiting while the engine queue is full (bot moves have it). */
  private async search(fen: string, moves: readonly string[], o: AnalysisPlan) {
    for (;;) {
      try {
        return await this.d.engine.analyseLines(fen, moves, o);
      } catch (err) {
        if (!(err instanceof EngineBusyError) || this.stopped) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  /** Stores the analysis and, for a gated game, the hold decision, in the transaction that completes the job. */
  private async complete(
    job: FairplayJob,
    game: GameRow,
    plies: Awaited<ReturnType<typeof analyseGame>>,
    depth: number,
  ): Promise<'lost' | 'held' | 'pay' | 'none'> {
    const now = this.d.clock.now();
    const white = sideFigures(plies, 'white');
    const black = sideFigures(plies, 'black');
    const whiteVerdict = gameVerdict(white, plies.length);
    const blackVerdict = gameVerdict(black, plies.length);
    const money = isStakedGame(game);
    const endedAt = game.endedAt ?? now;
    return inTx(this.d.db, async (tx) => {
      if (!(await new JobStore(tx).complete(job.gameId, this.owner, now))) return 'lost';
      const store = new ReviewStore(tx);
      await store.saveAnalysis({
        gameId: game.id,
        depth,
        plies,
        white,
        black,
        whiteVerdict,
        blackVerdict,
        createdAt: now,
      });
      await store.saveFigures({
        gameId: game.id,
        color: 'white',
        uid: game.whiteId,
        money,
        figures: white,
        verdict: whiteVerdict.kind,
        endedAt,
      });
      await store.saveFigures({
        gameId: game.id,
        color: 'black',
        uid: game.blackId,
        money,
        figures: black,
        verdict: blackVerdict.kind,
        endedAt,
      });
      const winnerUid = winnerUidOf(game);
      if (!job.gate || !winnerUid || game.review) return 'none';
      const winnerColor = game.winner!;
      const verdict = winnerColor === 'white' ? whiteVerdict : blackVerdict;
      const recent = await store.recentMoneyFigures(winnerUid, ROLLING_GAMES);
      const decision = holdDecision(verdict, playerVerdict(recent));
      if (!decision.hold) return 'pay';
      await this.hold(tx, game, winnerUid, decision.reasons, true);
      return 'held';
    });
  }

  /** The pot stays in escrow: the hold row, games.review = 'held', and (flagged) a system flag on the winner. */
  private async hold(tx: Tx, game: GameRow, winnerUid: string, reasons: string[], flag: boolean): Promise<void> {
    const now = this.d.clock.now();
    const store = new ReviewStore(tx);
    const loserUid = winnerUid === game.whiteId ? game.blackId : game.whiteId;
    const flagId = flag
      ? await store.raiseFlag(winnerUid, 'engine', `Game ${game.id}: ${reasons.join('; ')}`, now)
      : null;
    const added = await store.addHold({
      gameId: game.id,
      winnerUid,
      loserUid,
      escrowRef: game.source!,
      currency: game.stakeCurrency!,
      reasons,
      heldAt: now,
      flagId,
    });
    if (added) await store.setReview(game.id, 'held');
  }

  private async failed(job: FairplayJob, game: GameRow, message: string): Promise<void> {
    const now = this.d.clock.now();
    const last = job.attempts >= MAX_ATTEMPTS;
    const held = await inTx(this.d.db, async (tx) => {
      const ok = await new JobStore(tx).fail(
        job.gameId,
        this.owner,
        message.slice(0, 500),
        now,
        last ? null : new Date(now.getTime() + RETRY_AFTER_MS),
      );
      const winnerUid = winnerUidOf(game);
      // Real money is not paid out unseen: a gated game the engine could not analyse waits for an admin.
      if (!ok || !last || !job.gate || !winnerUid || game.review) return false;
      await this.hold(tx, game, winnerUid, [ANALYSIS_FAILED_REASON], false);
      return true;
    });
    if (held) {
      await this.d.flagsChanged();
      await this.d.reviewChanged?.(game.id);
    }
  }

  /**
   * Collusion signals over the two players' recent staked games (domain collusionSignals), and
   * an address both signed in from (sessions; loopback addresses name the server's host, not a
   * device, and are left out). Each new signal is a system flag on the accounts it names, once.
   */
  private async collusion(game: GameRow): Promise<void> {
    const now = this.d.clock.now();
    const pair = [game.whiteId, game.blackId];
    const store = new ReviewStore(this.d.db);
    const recent = await store.stakedGamesOf(pair, new Date(now.getTime() - COLLUSION_WINDOW_MS));
    const signals = collusionSignals(recent).filter((s) => s.uids.some((u) => pair.includes(u)));
    const shared = (await store.sharedAddresses(game.whiteId)).filter(
      (s) => s.uid === game.blackId && !isLoopback(s.ip),
    );
    if (shared.length > 0)
      signals.push({ kind: 'sharedAddress', uids: pair, detail: 'Both accounts signed in from one address' }); // ours
    let raised = 0;
    await inTx(this.d.db, async (tx) => {
      const s = new ReviewStore(tx);
      for (const signal of signals) {
        for (const uid of signal.uids) {
          const kind = `collusion:${signal.kind}`;
          const who = `(${[...signal.uids].sort().join(', ')})`;
          if (await s.hasFlag(uid, kind, who)) continue;
          await s.raiseFlag(uid, kind, `${signal.detail} ${who}`, now);
          raised++;
        }
      }
    });
    if (raised > 0) await this.d.flagsChanged();
  }
}

function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}
