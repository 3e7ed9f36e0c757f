import type { FastifyBaseLogger } from 'fastify';
import { PLAY_TEXTS } from '@rush/domain';
import type { LichessLinkCallbackRequest, LichessLinkStatusResponse, LinkChessResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ProfileStore } from './profiles.store.ts';
import type { RatingsReader } from './ratings.service.ts';

/**
 * The 500 RC link reward (SPEC 9), owned by the wallet. A port so play does not depend on how
 * the wallet pays; `true` when the credit happened now, `false` when it was paid before.
 */
export interface LinkRewardPort {
  grantLinkReward(uid: string): Promise<boolean>;
}

/**
 * The Lichess link (CHESS_PLATFORM=lichess, where it replaces the built-in one): the lichess
 * module's link service, handed to play's routes by the composition root.
 */
export interface LichessLinkPort {
  start(uid: string): Promise<{ url: string }>;
  callback(uid: string, input: LichessLinkCallbackRequest): Promise<LinkChessResponse>;
  status(uid: string): Promise<LichessLinkStatusResponse>;
  /** Reads the linked account's ratings again (eligibility). */
  refresh(uid: string): Promise<void>;
}

/** Tells the user's open pages that `Me` changed (accounts' profile.changed). */
export interface ProfileNotifier {
  notifyChanged(uid: string): Promise<void>;
}

/**
 * SPEC 1: linking the chess account happens once per person and never changes. On the built-in
 * platform the profile takes the user's username. The reward key is idempotent, so it is paid
 * once even when a retry or a second click comes after a failure between the link and the pay.
 */
export class LinkService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ratings: RatingsReader,
    private readonly reward: LinkRewardPort,
    private readonly profile: ProfileNotifier,
    private readonly log: FastifyBaseLogger,
  ) {}

  async link(uid: string, username: string): Promise<LinkChessResponse> {
    const created = await this.db.transaction(async (tx) => {
      const profiles = new ProfileStore(tx);
      const fresh = await profiles.createProfile(uid, username, this.clock.now());
      if (fresh) await profiles.setChessUsername(uid, username);
      return fresh;
    });
    // Paid on both paths: a second call heals a reward lost to a crash after the link committed.
    const rewardGranted = await this.reward.grantLinkReward(uid);
    if (!created) throw new AppError('CONFLICT', PLAY_TEXTS.alreadyLinked);
    await this.profile
      .notifyChanged(uid)
      .catch((err: unknown) => this.log.warn({ err, uid }, 'profile change not announced'));
    return { ...(await this.ratings.of(uid)), rewardGranted };
  }
}
