import type { FastifyBaseLogger } from 'fastify';
import { FAIRPLAY_TEXTS, GAME_MODE_IDS, settlePot, type Currency, type GameModeId } from '@rush/domain';
import type { HeldGamesResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { AccountStore } from '../accounts/index.ts';
import type { AdminTrail } from '../audit/index.ts';
import { accountOf, escrowCloseKey, type Leg, type MovementOutcome, type Movements } from '../wallet/index.ts';
import { ReviewStore, type HoldRow } from './review.store.ts';

/** Why the account was banned when an admin confirms cheating (ours; SPEC 4 names the status). */
export const CHEAT_BAN_REASON = 'Cheating detected'; // SPEC 4 status text

export interface ReviewPorts {
  /** The close of a held match's escrow, one movement under its close key (the wallet). */
  movements: Movements;
  trail: AdminTrail;
  /** After a ban: the user's sockets close on every instance (accounts). */
  accountRestricted(uid: string): Promise<void>;
  /** Right after the ban's commit: every instance re-reads the standing its sockets keep (accounts, issue 35). */
  standingChanged(uid: string): Promise<void>;
  /** After a ban: out of the matchmaking queue (matchmaking). */
  kick(uid: string): Promise<unknown>;
  /** After a review: the game's screens drop "Under review" (review-events.ts). */
  reviewChanged?(gameId: string): Promise<void>;
  /** After a review closed the escrow: what waited with the pot (the RushCoin rewards) follows. */
  reviewed?(gameId: string): Promise<void>;
  /**
   * A held bot game's close (issue 33), by the bots' own rules under the escrow's close key:
   * clear pays the person's win, confirm gives the house the pot. The review's check and writes
   * run inside that movement, as for a match.
   */
  botClose?(escrowRef: string, verdict: 'clear' | 'confirm', hooks: ReviewHooks): Promise<MovementOutcome>;
}

/** The review's part of a close: the still-held check under the escrow's lock, and its writes. */
export interface ReviewHooks {
  guard: (tx: DbOrTx) => Promise<void>;
  after: (tx: DbOrTx, movementId: bigint) => Promise<void>;
  meta: Record<string, unknown>;
}

/** The escrow prefix of bot games (bots' `bot:{id}`). */
const BOT_PREFIX = 'bot:';
const isBotHold = (hold: HoldRow) => hold.escrowRef.startsWith(BOT_PREFIX);

const alreadyReviewed = () => new AppError('CONFLICT', FAIRPLAY_TEXTS.alreadyReviewed);
const notHeld = () => new AppError('NOT_FOUND', FAIRPLAY_TEXTS.notHeld);

/** Thrown inside the movement (under the escrow's lock) when the game is no longer held. */
class NotHeldAnymore extends Error {}

/**
 * The admin review of held payouts (issue 14). Clear and confirm each close the game's escrow
 * with ONE ledger movement under the escrow's close key, and the review state (games.review,
 * the hold, the ban, the audit row) is written by that movement's `after`, in its transaction:
 * two admins racing (or a clear racing a confirm) make one movement; the other call replays the
 * key and answers "already reviewed", with no second audit row.
 */
export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ports: ReviewPorts,
    private readonly log: FastifyBaseLogger,
  ) {}

  async held(): Promise<HeldGamesResponse> {
    const rows = await new ReviewStore(this.db).heldGames();
    return {
      games: rows.map(({ hold, game, winnerName, loserName, analysis }) => ({
        gameId: game.id,
        mode: (GAME_MODE_IDS as readonly string[]).includes(game.mode) ? (game.mode as GameModeId) : GAME_MODE_IDS[0],
        heldAt: hold.heldAt.toISOString(),
        stake: {
          currency: hold.currency,
          amount: game.stakeAmount ?? 0,
          pot: game.stakePot ?? (game.stakeAmount ?? 0) * 2,
        },
        winner: { uid: hold.winnerUid, username: winnerName },
        loser: { uid: hold.loserUid, username: loserName },
        winnerColor: hold.winnerUid === game.whiteId ? 'white' : 'black',
        againstBot: isBotHold(hold),
        white: analysis?.white ?? null,
        black: analysis?.black ?? null,
        reasons: hold.reasons,
      })),
    };
  }

  /** Not cheating: the winner gets the pot minus the fee (as any win), exactly once; review = cleared. */
  async clear(adminUid: string, gameId: string): Promise<void> {
    const hold = await this.heldOrThrow(gameId);
    const currency = hold.currency;
    const escrow = accountOf.escrow(hold.escrowRef, currency);
    const fee = accountOf.fee(currency);
    const winner = accountOf.user(hold.winnerUid, currency);
    await this.close(
      hold,
      'settle',
      [escrow, fee, winner],
      (pot) => {
        const s = settlePot(pot, [hold.winnerUid]);
        const legs: Leg[] = [{ from: escrow, to: fee, amount: s.fee }];
        for (const [uid, amount] of s.payouts) legs.push({ from: escrow, to: accountOf.user(uid, currency), amount });
        return legs;
      },
      async (tx, movementId) => {
        const store = new ReviewStore(tx);
        await store.setReview(gameId, 'cleared');
        await store.reviewed(gameId, adminUid, this.clock.now(), movementId);
        // The flag this game raised is answered by the review (other flags stay for the admins).
        if (hold.flagId !== null) await store.deleteFlag(hold.flagId);
        await this.ports.trail.audit.record(
          tx,
          { adminUid, action: 'fairplay.clear', target: hold.winnerUid },
          { before: { gameId, review: 'held' }, after: { gameId, review: 'cleared', paidTo: hold.winnerUid } },
        );
      },
    );
    await this.ports.reviewChanged?.(gameId);
    await this.afterReview(gameId);
    await this.ports.trail.changes.publish(['flags']);
  }

  /**
   * Cheating: the game's status becomes `cheat` ('Cheating detected', the opponent the winner),
   * the whole pot goes to the opponent (no fee: the house takes nothing from a game it voids),
   * and the cheater is banned; exactly once. Against a bot the opponent is the house: it keeps
   * the pot (its stake back and the cheater's stake, as in a loss), by the bots' rules (issue 33).
   */
  async confirm(adminUid: string, gameId: string, reason: string): Promise<void> {
    const hold = await this.heldOrThrow(gameId);
    const currency = hold.currency;
    const escrow = accountOf.escrow(hold.escrowRef, currency);
    const opponent = accountOf.user(hold.loserUid, currency);
    const banReason = reason.trim() || CHEAT_BAN_REASON;
    await this.close(
      hold,
      'refund',
      [escrow, opponent],
      (pot) => [{ from: escrow, to: opponent, amount: pot }],
      async (tx, movementId) => {
        const store = new ReviewStore(tx);
        const game = await store.game(gameId);
        const opponentColor = game?.whiteId === hold.loserUid ? 'white' : 'black';
        await store.setReview(gameId, 'confirmed', { status: 'cheat', winner: opponentColor });
        await store.reviewed(gameId, adminUid, this.clock.now(), movementId);
        const accounts = new AccountStore(tx);
        const before = await accounts.lockStanding(hold.winnerUid);
        const at = this.clock.now();
        await accounts.setBan(hold.winnerUid, { reason: banReason, at });
        await this.ports.trail.audit.record(
          tx,
          { adminUid, action: 'fairplay.confirm', target: hold.winnerUid },
          {
            before: { gameId, review: 'held' },
            after: {
              gameId,
              review: 'confirmed',
              status: 'cheat',
              paidTo: isBotHold(hold) ? 'house' : hold.loserUid,
              reason: banReason,
            },
          },
        );
        await this.ports.trail.audit.record(
          tx,
          { adminUid, action: 'user.ban', target: hold.winnerUid },
          {
            before: before ? { banned: before.banned, reason: before.reason, at: before.at } : null,
            after: { banned: true, reason: banReason, at: at.toISOString() },
          },
        );
      },
    );
    await this.ports
      .standingChanged(hold.winnerUid)
      .catch((err: unknown) => this.log.warn({ err, uid: hold.winnerUid }, 'cheater’s standing not re-read'));
    await this.ports.reviewChanged?.(gameId);
    await this.afterReview(gameId);
    await this.ports
      .kick(hold.winnerUid)
      .catch((err: unknown) =>
        this.log.error({ err, uid: hold.winnerUid }, 'banned cheater not taken out of the queue'),
      );
    await this.ports
      .accountRestricted(hold.winnerUid)
      .catch((err: unknown) => this.log.warn({ err, uid: hold.winnerUid }, 'cheater not told of the ban'));
    await this.ports.trail.changes.publish(['flags', 'bans', 'users']);
  }

  /** The money is settled whatever follows: a failure here is logged, not answered to the admin. */
  private async afterReview(gameId: string): Promise<void> {
    await this.ports
      .reviewed?.(gameId)
      .catch((err: unknown) => this.log.error({ err, gameId }, 'after-review step failed'));
  }

  private async heldOrThrow(gameId: string): Promise<HoldRow> {
    const store = new ReviewStore(this.db);
    const [game, hold] = await Promise.all([store.game(gameId), store.hold(gameId)]);
    if (!game || !hold) throw notHeld();
    if (game.review !== 'held') throw alreadyReviewed();
    return hold;
  }

  /**
   * The one movement that closes the escrow after the review; a replay (someone was first) is
   * refused. A bot game's escrow closes by the bots' rules (`botClose`); `accounts` and `legs`
   * are the match's.
   */
  private async close(
    hold: HoldRow,
    kind: 'settle' | 'refund',
    accounts: ReturnType<typeof accountOf.escrow>[],
    legs: (pot: bigint) => Leg[],
    after: (tx: DbOrTx, movementId: bigint) => Promise<void>,
  ): Promise<void> {
    const currency: Currency = hold.currency;
    const escrow = accounts[0]!;
    // Under the escrow's lock: a review that committed first is seen here.
    const guard = async (tx: DbOrTx) => {
      const game = await new ReviewStore(tx).lockGame(hold.gameId);
      if (game?.review !== 'held') throw new NotHeldAnymore();
    };
    const review = kind === 'settle' ? 'cleared' : 'confirmed';
    try {
      if (isBotHold(hold)) {
        if (!this.ports.botClose) throw new Error(`no bot port to close ${hold.escrowRef}`);
        const verdict = kind === 'settle' ? 'clear' : 'confirm';
        const outcome = await this.ports.botClose(hold.escrowRef, verdict, { guard, after, meta: { review } });
        if (outcome.status === 'replayed') throw alreadyReviewed();
        return;
      }
      const outcome = await this.ports.movements.move({
        key: escrowCloseKey(hold.escrowRef, currency),
        kind,
        currency,
        ref: hold.escrowRef,
        meta: {
          gameId: hold.gameId,
          review,
          winners: kind === 'settle' ? [hold.winnerUid] : [hold.loserUid],
        },
        accounts,
        legs: async (balances, tx) => {
          await guard(tx);
          const pot = balances.get(escrow.id) ?? 0n;
          return pot === 0n ? [] : legs(pot);
        },
        after,
      });
      if (outcome.status === 'replayed') throw alreadyReviewed();
    } catch (err) {
      if (err instanceof NotHeldAnymore) throw alreadyReviewed();
      throw err;
    }
  }
}
