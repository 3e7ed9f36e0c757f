import {
  canTopUp,
  gameEarnsRewards,
  gameRewards,
  RC_REWARDS,
  rewardKey,
  TEXTS,
  utcDay,
  withinRewardCaps,
  type RewardKind,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { accountOf } from './account-ids.ts';
import { movementByKey, type MovementOutcome } from './ledger.store.ts';
import { rewardedGamesOn } from './rewards.store.ts';
import { WalletUserStore } from './users.store.ts';
import type { GameActivity } from './ports.ts';
import type { WalletService } from './wallet.service.ts';

/** A finished game as its RushCoins are counted (`grantGameRewards`). */
export interface GameRewardsOrder {
  gameId: string;
  uid: string;
  opponentUid: string;
  won: boolean;
  at: Date;
  plies: number;
  cancelled: boolean;
}

/** Thrown inside the per-game credit to roll it back: the player is past a daily cap. */
class PastRewardCaps extends Error {}

/**
 * RushCoins (SPEC 9): every credit comes from the issuance account through the ledger under a
 * key naming its business event (domain `rewardKey`), so a replay never pays twice. Later
 * capabilities call these: chess-account linking, game results, the wallet's top-up button.
 */
export class RewardsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    /** The top-up rule's "is a game running" (play answers). */
    private readonly games: GameActivity,
  ) {}

  /** 500 RC for linking the chess account, once per user ever. */
  grantLinkReward(uid: string): Promise<MovementOutcome> {
    return this.credit(uid, rewardKey.linkAccount(uid), 'reward', RC_REWARDS.linkAccount, { reward: 'linkAccount' });
  }

  /**
   * Per finished game: 100 RC, 250 more for a win, 300 more for the user's first game of that
   * UTC day, but only for a game that counts (domain `gameEarnsRewards`: not aborted, 10 moves
   * each) and within the daily caps (`withinRewardCaps`: 10 games a day, 3 with one opponent),
   * read under the lock of the per-game credit, which records the opponent for the pair's cap.
   * The first-of-day key names the day, so only one game a day earns it; replays of any game
   * pay nothing more. A closed account earns nothing (frozen).
   */
  async grantGameRewards(opts: GameRewardsOrder): Promise<MovementOutcome[]> {
    if (!gameEarnsRewards(opts)) return [];
    const user = await new WalletUserStore(this.db).find(opts.uid);
    if (!user || user.closed) return [];
    const perGame = await this.creditCounted(opts);
    if (!perGame) return [];
    const out: MovementOutcome[] = [perGame];
    for (const r of gameRewards({ won: opts.won, firstGameOfDay: true })) {
      if (r.kind === 'perGame') continue;
      const key =
        r.kind === 'firstGameOfDay'
          ? rewardKey.firstGameOfDay(opts.uid, utcDay(opts.at))
          : rewardKey.game('winBonus', opts.gameId, opts.uid);
      out.push(await this.credit(opts.uid, key, 'reward', r.amount, { reward: r.kind, gameId: opts.gameId }));
    }
    return out;
  }

  /** The 100 RC of a counted game within the caps, or null past them (nothing else is then paid). */
  private async creditCounted(opts: {
    gameId: string;
    uid: string;
    opponentUid: string;
  }): Promise<MovementOutcome | null> {
    const user = accountOf.user(opts.uid, 'wbx');
    const issuance = accountOf.issuance();
    const now = this.clock.now();
    const start = new Date(`${utcDay(now)}T00:00:00.000Z`);
    const day = { start, end: new Date(start.getTime() + 86_400_000) };
    try {
      return await this.wallet.move({
        key: rewardKey.game('perGame', opts.gameId, opts.uid),
        kind: 'reward',
        currency: 'wbx',
        ref: `game:${opts.gameId}`,
        meta: { reward: 'perGame', gameId: opts.gameId, opponent: opts.opponentUid },
        accounts: [issuance, user],
        legs: async (_balances, tx) => {
          if (!withinRewardCaps(await rewardedGamesOn(tx, user.id, opts.opponentUid, day))) throw new PastRewardCaps();
          return [{ from: issuance, to: user, amount: RC_REWARDS.perGame }];
        },
      });
    } catch (err) {
      if (err instanceof PastRewardCaps) return null;
      throw err;
    }
  }

  /**
   * The out-of-coins top-up of 100 RC: only at a zero RC balance (read under the lock), with no
   * game running, at most once a UTC day (the day is in the key, so two clicks pay once).
   */
  async topUp(uid: string): Promise<MovementOutcome> {
    if (await this.games.isGameRunning(uid)) throw new AppError('TOPUP_UNAVAILABLE', TEXTS.topUpGameRunning);
    const now = this.clock.now();
    const key = rewardKey.topUp(uid, utcDay(now));
    const already = () => new AppError('TOPUP_UNAVAILABLE', TEXTS.topUpAlreadyToday);
    if (await movementByKey(this.db, key)) throw already();
    const user = accountOf.user(uid, 'wbx');
    const issuance = accountOf.issuance();
    const outcome = await this.wallet.move({
      key,
      kind: 'topup',
      currency: 'wbx',
      meta: { reward: 'topUp' },
      accounts: [issuance, user],
      legs: (balances) => {
        const wbxBalance = balances.get(user.id) ?? 0n;
        if (!canTopUp({ wbxBalance, gameRunning: false, lastTopUpAt: null, now })) {
          throw new AppError('TOPUP_UNAVAILABLE', TEXTS.topUpNotEmpty);
        }
        return [{ from: issuance, to: user, amount: RC_REWARDS.topUp }];
      },
    });
    if (outcome.status === 'replayed') throw already();
    return outcome;
  }

  private credit(
    uid: string,
    key: string,
    kind: string,
    amount: bigint,
    meta: { reward: RewardKind; gameId?: string },
  ) {
    const user = accountOf.user(uid, 'wbx');
    const issuance = accountOf.issuance();
    return this.wallet.move({
      key,
      kind,
      currency: 'wbx',
      ref: meta.gameId ? `game:${meta.gameId}` : null,
      meta,
      accounts: [issuance, user],
      legs: () => [{ from: issuance, to: user, amount }],
    });
  }
}
