import type { FastifyInstance } from 'fastify';
import type { RatingsResponse } from '@rush/protocol';
import type { AppContext } from '../../platform/context.ts';
import { BuiltinPlatform } from './builtin-platform.ts';
import { DeadlineSweeper } from './deadlines.ts';
import { DowntimePolicy, BEAT_EVERY_MS } from './downtime.ts';
import { GamePublisher } from './events.ts';
import { GameFinisher, type GameFinishedHook } from './finish.ts';
import { GameTransactions } from './game-tx.ts';
import { GameStore, type GameRecord } from './games.store.ts';
import { MoveCommits } from './move-commits.ts';
import { InvitationService } from './invitations.service.ts';
import { GamePlatforms, type MirroredPlatform } from './platforms.ts';
import { LinkService, type LichessLinkPort, type LinkRewardPort, type ProfileNotifier } from './link.service.ts';
import type { ChessPlatform, CreateGameInput } from './platform-port.ts';
import { PlayerPresence } from './presence.ts';
import { RatingsReader, type LinkedRatingsPort } from './ratings.service.ts';
import { registerPlayRealtime } from './realtime.ts';
import { Rematches } from './rematch.ts';
import { playRoutes } from './routes.ts';
import { PlayService } from './service.ts';
import { SpectatorService } from './spectators.ts';
import { GameViews } from './view.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';

export interface PlayOptions {
  /** How often due deadlines (flags, missing first moves) are swept. */
  deadlineSweepMs: number;
  /** How often presence, spectator heartbeats and invitations are swept. */
  housekeepingMs: number;
}

export const DEFAULT_PLAY_OPTIONS: PlayOptions = {
  deadlineSweepMs: 200,
  housekeepingMs: 5_000,
};

export interface PlayDeps {
  reward: LinkRewardPort;
  profile: ProfileNotifier;
  /**
   * CHESS_PLATFORM=lichess: the Lichess platform adapter (new games are played on Lichess,
   * followed and mirrored into our rows) and the Lichess link, which replaces the built-in one.
   * The composition root builds them on play's core (issue 15; modules/lichess).
   */
  lichess: { platform: MirroredPlatform; link: LichessLinkPort } | null;
}

/**
 * The game machinery the platforms share, made before them: the built-in platform, the game
 * transactions (row lock, events after commit), the finisher (ratings, settlement hooks) and the
 * ratings reader. The composition root builds the Lichess adapter on it, then registers play.
 */
export interface PlayCore {
  publisher: GamePublisher;
  txs: GameTransactions;
  finisher: GameFinisher;
  builtin: BuiltinPlatform;
  ratings: RatingsReader;
}

/** Play's core; `linkedRatings` reads a Lichess-linked user's ratings (the lichess module's). */
export function createPlayCore(ctx: AppContext, linkedRatings: LinkedRatingsPort): PlayCore {
  const publisher = new GamePublisher(ctx.hub, ctx.clock, ctx.log);
  const txs = new GameTransactions(ctx.db, publisher);
  const finisher = new GameFinisher();
  const builtin = new BuiltinPlatform(ctx.clock, txs, finisher, publisher, new MoveCommits(ctx.db));
  return { publisher, txs, finisher, builtin, ratings: new RatingsReader(ctx.db, linkedRatings) };
}

/** What other capabilities use: matchmaking creates games and settles in the finish hook. */
export interface PlayModule {
  platform: ChessPlatform;
  createGame(input: CreateGameInput): Promise<{ gameId: string }>;
  /** Runs inside the transaction that finishes a game (settlement goes here). */
  onGameFinished(hook: GameFinishedHook): void;
  /**
   * Called on this instance after a game's finishing transaction committed (matchmaking settles
   * its escrow here; a crash before it is caught by matchmaking's own sweep and the escrow sweeper).
   */
  onGameEnded(listener: (game: GameRecord) => void): () => void;
  /**
   * Called on this instance after a game started, a move or a takeback committed (the bots
   * module answers when its bot is to move; its own sweep covers other instances and crashes).
   */
  onGameProgress(listener: (game: GameRecord) => void): () => void;
  /** A game row as stored now (null when unknown). */
  findGame(gameId: string): Promise<GameRecord | null>;
  /** Live games, and how far behind the deadline sweep is (0 when nothing is due): metrics. */
  liveFigures(): Promise<{ liveGames: number; sweeperLagMs: number }>;
  isGameRunning(uid: string): Promise<boolean>;
  /** A user's chess profile and ratings, as `GET /api/play/ratings/{uid}` answers them. */
  ratings(uid: string): Promise<RatingsResponse>;
  /** On Lichess, reads the linked account's ratings again (eligibility); a no-op on the built-in platform. */
  refreshChessAccount(uid: string): Promise<void>;
  /** Runs the deadline sweep now (tests and tools; the jobs run it on their own). */
  sweepDeadlines(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The play capability (ARCHITECTURE): games on the built-in chess platform, clocks,
 * spectating, ratings, history. Applies the downtime policy before anything sweeps, then
 * registers routes, topics, commands, the presence listener and the background jobs.
 */
export async function registerPlay(
  app: FastifyInstance,
  ctx: AppContext,
  core: PlayCore,
  deps: PlayDeps,
  options = DEFAULT_PLAY_OPTIONS,
): Promise<PlayModule> {
  const { db, clock, log, hub } = ctx;
  const { publisher, txs, finisher, builtin, ratings } = core;
  const views = new GameViews(db, clock);
  const play = new PlayService(db, views, ctx.config.appUrl, ctx.config.lichess?.url ?? null);
  const invitations = new InvitationService(db, clock, hub, txs, builtin, log);
  const link = new LinkService(db, clock, ratings, deps.reward, deps.profile, log);
  const lichessLink = deps.lichess?.link ?? null;
  const platform = new GamePlatforms(db, builtin, deps.lichess?.platform ?? null);
  const spectators = new SpectatorService(db, clock, publisher, platform, log);
  const presence = new PlayerPresence(db, clock, publisher, spectators, log);
  const rematches = new Rematches(txs, builtin);
  const deadlines = new DeadlineSweeper(db, clock, txs, builtin);
  const downtime = new DowntimePolicy(db, clock, log);

  await downtime.resume();
  playRoutes(app, { play, link, lichessLink, ratings, invitations });
  registerPlayRealtime(hub, { db, clock, platform, rematches, spectators, views });
  hub.addListener(presence);

  const jobs = new JobRunner(
    [
      { name: 'deadlines', everyMs: options.deadlineSweepMs, run: () => deadlines.sweep() },
      { name: 'presence', everyMs: options.housekeepingMs, run: () => presence.sweep() },
      { name: 'spectators', everyMs: options.housekeepingMs, run: () => spectators.sweep() },
      { name: 'invitations', everyMs: options.housekeepingMs, run: () => invitations.sweep() },
      { name: 'heartbeat', everyMs: BEAT_EVERY_MS, run: () => downtime.beat() },
    ],
    log,
  );
  jobs.start();

  return {
    platform,
    createGame: (input) => platform.createGame(input),
    onGameFinished: (hook) => finisher.onGameFinished(hook),
    onGameEnded: (listener) =>
      publisher.listen((change) => (change.kind === 'ended' ? listener(change.game) : undefined)),
    onGameProgress: (listener) =>
      publisher.listen((change) =>
        change.kind === 'started' || change.kind === 'moved' || change.kind === 'takenBack'
          ? listener(change.game)
          : undefined,
      ),
    findGame: (gameId) => new GameStore(db).find(gameId),
    async liveFigures() {
      const now = clock.now();
      const { live, oldestDue } = await new GameStore(db).liveFigures(now);
      return { liveGames: live, sweeperLagMs: oldestDue ? Math.max(0, now.getTime() - oldestDue.getTime()) : 0 };
    },
    isGameRunning: (uid) => play.isGameRunning(uid),
    ratings: (uid) => ratings.of(uid),
    refreshChessAccount: async (uid) => {
      await lichessLink?.refresh(uid);
    },
    sweepDeadlines: () => deadlines.sweep(),
    async close() {
      await jobs.stop();
      // A last beat: the downtime measured at the next start begins now, not up to 5 s ago.
      await downtime.beat().catch((err: unknown) => log.warn({ err }, 'last play beat not written'));
    },
  };
}
