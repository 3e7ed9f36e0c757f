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
import { LichessClient, TokenCipher } from '../lichess/index.ts';
import { LichessFollower } from './lichess-follower.ts';
import { LichessLinkService } from './lichess-link.service.ts';
import { LichessMirror } from './lichess-mirror.ts';
import { LichessPlatform } from './lichess-platform.ts';
import { LichessResults } from './lichess-results.ts';
import { LichessTokens } from './lichess-tokens.ts';
import { GamePlatforms } from './platforms.ts';
import { LinkService, type LinkRewardPort, type ProfileNotifier } from './link.service.ts';
import type { ChessPlatform, CreateGameInput } from './platform-port.ts';
import { PlayerPresence } from './presence.ts';
import { RatingsReader } from './ratings.service.ts';
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
  /** How often Lichess games' follow leases are renewed and lapsed ones taken (CHESS_PLATFORM=lichess). */
  lichessFollowMs: number;
}

export const DEFAULT_PLAY_OPTIONS: PlayOptions = {
  deadlineSweepMs: 200,
  housekeepingMs: 5_000,
  lichessFollowMs: 2_000,
};

export interface PlayDeps {
  reward: LinkRewardPort;
  profile: ProfileNotifier;
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
  deps: PlayDeps,
  options = DEFAULT_PLAY_OPTIONS,
): Promise<PlayModule> {
  const { db, clock, log, hub } = ctx;
  const publisher = new GamePublisher(hub, clock, log);
  const txs = new GameTransactions(db, publisher);
  const finisher = new GameFinisher();
  const builtin = new BuiltinPlatform(clock, txs, finisher, publisher, new MoveCommits(db));
  const views = new GameViews(db, clock);
  const ratings = new RatingsReader(db);
  const play = new PlayService(db, views, ctx.config.appUrl, ctx.config.lichess?.url ?? null);
  const invitations = new InvitationService(db, clock, hub, txs, builtin, log);
  const link = new LinkService(db, clock, ratings, deps.reward, deps.profile, log);
  // CHESS_PLATFORM=lichess: the link goes through Lichess's OAuth (PKCE) and new games are
  // played on Lichess, followed and mirrored into our rows (issue 15).
  const lichess = ctx.config.lichess;
  const lichessClient = lichess ? new LichessClient({ baseUrl: lichess.url, clock }) : null;
  const cipher = lichess ? new TokenCipher(lichess.tokenKey) : null;
  const lichessLink =
    lichess && lichessClient && cipher
      ? new LichessLinkService(db, clock, lichess, lichessClient, cipher, ratings, deps.reward, deps.profile, log)
      : null;
  let follower: LichessFollower | null = null;
  let lichessPlatform: LichessPlatform | null = null;
  if (lichessClient && cipher) {
    const tokens = new LichessTokens(db, clock, cipher);
    const mirror = new LichessMirror(clock, txs);
    const results = new LichessResults(db, clock, txs, finisher, lichessClient, log);
    follower = new LichessFollower(db, clock, lichessClient, tokens, mirror, results, log);
    lichessPlatform = new LichessPlatform(
      db,
      clock,
      txs,
      builtin,
      lichessClient,
      tokens,
      mirror,
      follower,
      lichess!.bulkToken,
    );
  }
  const platform = new GamePlatforms(db, builtin, lichessPlatform);
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
      ...(follower ? [{ name: 'lichess-follow', everyMs: options.lichessFollowMs, run: () => follower.sweep() }] : []),
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
      await follower?.close();
      // A last beat: the downtime measured at the next start begins now, not up to 5 s ago.
      await downtime.beat().catch((err: unknown) => log.warn({ err }, 'last play beat not written'));
    },
  };
}
