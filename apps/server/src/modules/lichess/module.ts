import type { AppContext } from '../../platform/context.ts';
import type { LichessSettings } from '../../platform/config/lichess.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import type {
  BuiltinPlatform,
  GameFinisher,
  GameTransactions,
  LichessLinkPort,
  LinkRewardPort,
  MirroredPlatform,
  ProfileNotifier,
  RatingsPort,
} from '../play/index.ts';
import { LichessClient } from './client.ts';
import { LichessFollower } from './follower.ts';
import { LichessResults } from './game-results.ts';
import { LichessLinkService } from './link.service.ts';
import { LichessMirror } from './mirror.ts';
import { LichessPlatform } from './platform.ts';
import { TokenCipher } from './token-crypto.ts';
import { LichessTokens } from './tokens.ts';

/** How often Lichess games' follow leases are renewed and lapsed ones taken. */
export const LICHESS_FOLLOW_EVERY_MS = 2_000;

/** What the composition root hands play (its platform and link ports), and the shutdown. */
export interface LichessModule {
  platform: MirroredPlatform;
  link: LichessLinkPort;
  /** The follower (tests: which games this instance follows, its streams). */
  follower: LichessFollower;
  close(): Promise<void>;
}

/**
 * What the Lichess pieces use of play, handed over at construction by the composition root:
 * play's core (the game transactions, the finisher, the built-in platform whose rows and streams
 * the mirrored games share) and the link's collaborators (ratings, the wallet's reward, profile
 * notices).
 */
export interface LichessPlayPorts {
  txs: GameTransactions;
  finisher: Pick<GameFinisher, 'finish'>;
  builtin: BuiltinPlatform;
  ratings: RatingsPort;
  reward: LinkRewardPort;
  profile: ProfileNotifier;
}

/**
 * Lichess as the chess platform (CHESS_PLATFORM=lichess, issue 15): the link goes through
 * Lichess's OAuth (PKCE), new games are played on Lichess, followed by this instance's follower
 * (its lease swept every 2 s) and mirrored into play's rows.
 */
export function createLichess(
  ctx: AppContext,
  settings: LichessSettings,
  play: LichessPlayPorts,
  followEveryMs = LICHESS_FOLLOW_EVERY_MS,
): LichessModule {
  const { db, clock, log } = ctx;
  const client = new LichessClient({ baseUrl: settings.url, clock });
  const cipher = new TokenCipher(settings.tokenKey);
  const link = new LichessLinkService(
    db,
    clock,
    settings,
    client,
    cipher,
    play.ratings,
    play.reward,
    play.profile,
    log,
  );
  const tokens = new LichessTokens(db, clock, cipher);
  const mirror = new LichessMirror(clock, play.txs);
  const results = new LichessResults(db, clock, play.txs, play.finisher, client, log);
  const follower = new LichessFollower(db, clock, client, tokens, mirror, results, log);
  const platform = new LichessPlatform(
    db,
    clock,
    play.txs,
    play.builtin,
    client,
    tokens,
    mirror,
    follower,
    settings.bulkToken,
  );
  const jobs = new JobRunner([{ name: 'lichess-follow', everyMs: followEveryMs, run: () => follower.sweep() }], log);
  jobs.start();
  return {
    platform,
    link,
    follower,
    async close() {
      await jobs.stop();
      await follower.close();
    },
  };
}
