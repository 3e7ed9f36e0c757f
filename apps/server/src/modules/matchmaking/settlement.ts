import {
  giveawayOutcome,
  isCancelled,
  MATCH_TEXTS,
  matchStakes,
  settleGiveaway,
  settlePot,
  type GameModeId,
  type GameStatus,
} from '@rush/domain';
import type { MatchResultView } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { coinFlip } from '../play/index.ts';
import type { GameRecord } from '../play/index.ts';
import type { PlayModule } from '../play/index.ts';
import type { EscrowResolver, EscrowState } from '../wallet/index.ts';
import { EscrowClosedError } from '../wallet/index.ts';
import { InsufficientFundsError } from '../wallet/index.ts';
import type { Escrow, GameRewards } from '../wallet/index.ts';
import { AccountClosedError } from '../wallet/index.ts';
import { CoolOffError, LossLimitError } from '../wallet/index.ts';
import { MatchRecordStore, type MatchRecord } from './records.store.ts';
import type { MatchViews } from './view.ts';

export const MATCH_PREFIX = 'match:';
export const matchRef = (matchId: string) => `${MATCH_PREFIX}${matchId}`;

/** A start that neither created its game nor failed within this is treated as dead. */
export const START_STALE_MS = 60_000;
/**
 * A start whose game exists while its records still say `starting` (its instance died, or the
 * database went away between the two writes) is moved to playing after this: far inside the
 * first move's deadline (FIRST_MOVE_MS), so the players learn of the game in time to move.
 */
export const START_ADOPT_MS = 3_000;

/**
 * Fair play's word on a finished game's payout (issue 14), handed in by the composition root:
 * `pay` as before, `wait` while its analysis runs or an admin reviews a held pot (the escrow
 * stays), `closed` when that review closed the escrow itself.
 */
export interface PayoutGate {
  payout(game: GameRecord): Promise<'pay' | 'wait' | 'closed'>;
}

/** What a match's money uses of the wallet: its escrow's pot operations and the game's RushCoins. */
export interface MatchMoneyWallet {
  escrow: Pick<Escrow, 'holdAll' | 'settle' | 'refund'>;
  rewards: GameRewards;
}

type PayoutDecision = Awaited<ReturnType<PayoutGate['payout']>>;

const ALWAYS_PAY: PayoutGate = { payout: () => Promise.resolve('pay') };

const gameOfMatchSource = (db: Db, source: string): Promise<GameRecord | null> =>
  new MatchRecordStore(db).gameOf(source);
const gameOfMatch = (db: Db, matchId: string): Promise<GameRecord | null> => gameOfMatchSource(db, matchRef(matchId));

/**
 * The money of a match (SPEC 4, issue 5 item 6): both stakes into escrow `match:{id}` in one
 * movement, the game created after it, and at the end the escrow settled to the winner (pot
 * minus 10%) or refunded, then the RushCoin rewards. Every step is idempotent (ledger keys,
 * guarded record updates), so the finish listener, the sweep and other instances may race.
 */
export class MatchMoney {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: MatchMoneyWallet,
    private readonly play: Pick<PlayModule, 'createGame'>,
    private readonly views: MatchViews,
    private readonly log: FastifyBaseLogger,
    private readonly gate: PayoutGate = ALWAYS_PAY,
  ) {}

  /** Both accepted (records `starting`): take the stakes, create the game, records -> playing. */
  async start(matchId: string): Promise<void> {
    const records = await new MatchRecordStore(this.db).byMatch(matchId);
    if (records.length !== 2 || records.some((r) => r.state !== 'starting')) return;
    const [a, b] = records as [MatchRecord, MatchRecord];
    const ref = matchRef(matchId);
    try {
      await this.wallet.escrow.holdAll({
        ref,
        currency: a.currency,
        // A giveaway's opponent stakes nothing: only the creator's leg (no zero-amount legs).
        stakes: matchStakes([a.uid, b.uid], a.amount, a.giveawayBy),
        meta: { matchId },
      });
    } catch (err) {
      // Issue 37: the player on a break or at a loss limit reads why; the other only that it did not start.
      if (err instanceof CoolOffError || err instanceof LossLimitError) {
        return this.fail(matchId, MATCH_TEXTS.couldNotStartGame, { uid: err.uid, message: err.message });
      }
      const short = err instanceof InsufficientFundsError;
      if (!short && !(err instanceof AccountClosedError) && !(err instanceof EscrowClosedError)) {
        this.log.error({ err, matchId }, 'match stakes not taken');
      }
      return this.fail(matchId, short ? MATCH_TEXTS.insufficientBalance : MATCH_TEXTS.couldNotStartGame);
    }
    let gameId: string;
    try {
      const white = coinFlip() ? a : b;
      const black = white === a ? b : a;
      ({ gameId } = await this.play.createGame({
        whiteUid: white.uid,
        blackUid: black.uid,
        mode: a.mode as GameModeId,
        // A giveaway's pot is the creator's stake alone (the game screen's prize pool shows it).
        stake: { currency: a.currency, amount: Number(a.amount), ...(a.giveawayBy ? { pot: Number(a.amount) } : {}) },
        source: ref,
      }));
    } catch (err) {
      this.log.warn({ err, matchId }, 'match game not created; stakes refunded');
      await this.wallet.escrow.refund({ ref, currency: a.currency, reason: 'refund', meta: { matchId } });
      // A platform's limit (Lichess's games per 10 minutes) says why and when to try again.
      const limited = err instanceof AppError && err.code === 'RATE_LIMITED';
      return this.fail(matchId, limited ? err.message : MATCH_TEXTS.couldNotStartGame);
    }
    const now = this.clock.now();
    const moved = await new MatchRecordStore(this.db).updateMatchIf(matchId, 'starting', {
      state: 'playing',
      gameId,
      updatedAt: now,
    });
    await this.views.publish(moved.map((r) => r.uid));
  }

  /** Records still `starting` whose game exists: playing, and the players told. False when there is no game. */
  async adoptGame(matchId: string): Promise<boolean> {
    const game = await gameOfMatch(this.db, matchId);
    if (!game) return false;
    const moved = await new MatchRecordStore(this.db).updateMatchIf(matchId, 'starting', {
      state: 'playing',
      gameId: game.id,
      updatedAt: this.clock.now(),
    });
    await this.views.publish(moved.map((r) => r.uid));
    return true;
  }

  /** A start that stalled (a crash): the game exists -> playing; else the stakes go back. */
  async recover(matchId: string): Promise<void> {
    if (await this.adoptGame(matchId)) return;
    const records = await new MatchRecordStore(this.db).byMatch(matchId);
    const currency = records[0]?.currency;
    if (currency)
      await this.wallet.escrow.refund({ ref: matchRef(matchId), currency, reason: 'refund', meta: { matchId } });
    await this.fail(matchId, MATCH_TEXTS.couldNotStartGame);
  }

  private async fail(matchId: string, message: string, own?: { uid: string; message: string }): Promise<void> {
    const store = new MatchRecordStore(this.db);
    const moved = await store.updateMatchIf(matchId, 'starting', {
      state: 'error',
      message,
      updatedAt: this.clock.now(),
    });
    if (own && moved.length > 0) await store.setErrorMessage(matchId, own.uid, own.message);
    await this.views.publish(moved.map((r) => r.uid));
  }

  /**
   * After the game ended: settle (winner) or refund (draw, aborted, not started) the escrow,
   * the rewards for a game actually played, and the records -> finished with their result.
   * The wallet's close key makes the money exactly-once whoever calls this, how often.
   */
  async finish(game: GameRecord): Promise<void> {
    if (!game.source?.startsWith(MATCH_PREFIX) || game.status === 'started') return;
    const matchId = game.source.slice(MATCH_PREFIX.length);
    const records = await new MatchRecordStore(this.db).byMatch(matchId);
    if (records.length === 0) return;
    const currency = records[0]!.currency;
    const amount = records[0]!.amount;
    const ref = matchRef(matchId);
    const status = game.status as GameStatus;
    const cancelled = isCancelled(status);
    const winnerUid = game.winner === 'white' ? game.whiteId : game.winner === 'black' ? game.blackId : null;
    const giveawayBy = records[0]!.giveawayBy;
    if (giveawayBy !== null) return this.finishGiveaway(game, records, giveawayBy, cancelled ? null : winnerUid);
    let decision: PayoutDecision = 'pay';
    if (winnerUid && !cancelled) {
      // A decided staked game pays only once fair play allows it (it calls this again then).
      decision = await this.gate.payout(game);
      if (decision === 'pay') {
        await this.wallet.escrow.settle({ ref, currency, winners: [winnerUid], meta: { matchId, gameId: game.id } });
      }
    } else {
      await this.wallet.escrow.refund({ ref, currency, reason: 'refund', meta: { matchId, gameId: game.id } });
    }
    const at = game.endedAt ?? this.clock.now();
    await this.grantRewards(game, decision, at);
    const payoutOfWinner =
      winnerUid && !cancelled ? (settlePot(amount * 2n, [winnerUid]).payouts.get(winnerUid) ?? 0n) : 0n;
    await this.closeRecords(game, records, cancelled ? null : winnerUid, cancelled, at, (outcome) =>
      outcome === 'win' ? payoutOfWinner : outcome === 'loss' ? 0n : amount,
    );
  }

  /** Records `playing` -> `finished` with each player's result, and tells the players. */
  private async closeRecords(
    game: GameRecord,
    records: MatchRecord[],
    winnerUid: string | null,
    cancelled: boolean,
    at: Date,
    payoutOf: (outcome: MatchResultView['outcome'], uid: string) => bigint,
  ): Promise<void> {
    const store = new MatchRecordStore(this.db);
    const changed: string[] = [];
    for (const r of records) {
      const outcome: MatchResultView['outcome'] = cancelled
        ? 'cancelled'
        : !winnerUid
          ? 'draw'
          : r.uid === winnerUid
            ? 'win'
            : 'loss';
      const diff = r.uid === game.whiteId ? game.whiteRatingDiff : game.blackRatingDiff;
      const result: MatchResultView = {
        winner: cancelled ? null : winnerUid,
        outcome,
        payout: Number(payoutOf(outcome, r.uid)),
        ratingDiff: diff ?? null,
        finishedAt: at.toISOString(),
      };
      if (
        await store.updateIf(r.id, 'playing', {
          state: 'finished',
          result,
          gameId: game.id,
          updatedAt: this.clock.now(),
        })
      )
        changed.push(r.uid);
    }
    await this.views.publish(changed);
  }

  /**
   * The end of a giveaway (SPEC 4): the domain's `settleGiveaway` decides. The opponent's win
   * settles the escrow to them (prize minus the fee) once fair play allows it, as any win does;
   * anything else refunds the creator's whole stake. A creator's win pays nobody from anybody,
   * so it does not wait on fair play (a confirmed review would hand the pot to the loser, who
   * staked nothing). Rewards and records as for any match.
   */
  private async finishGiveaway(
    game: GameRecord,
    records: MatchRecord[],
    creatorUid: string,
    winnerUid: string | null,
  ): Promise<void> {
    const matchId = records[0]!.matchId!;
    const { currency, amount } = records[0]!;
    const ref = matchRef(matchId);
    const cancelled = isCancelled(game.status as GameStatus);
    const s = settleGiveaway(amount, giveawayOutcome(creatorUid, winnerUid));
    const meta = { matchId, gameId: game.id, giveawayBy: creatorUid };
    let decision: PayoutDecision = 'pay';
    if (s.escrow === 'settle') {
      decision = await this.gate.payout(game);
      if (decision === 'pay') {
        await this.wallet.escrow.settle({ ref, currency, winners: [winnerUid!], meta });
      }
    } else {
      await this.wallet.escrow.refund({ ref, currency, reason: 'refund', meta });
    }
    const at = game.endedAt ?? this.clock.now();
    await this.grantRewards(game, decision, at);
    await this.closeRecords(game, records, winnerUid, cancelled, at, (_outcome, uid) =>
      uid === creatorUid ? s.creator : s.opponent,
    );
  }

  /**
   * The RushCoin rewards of a finished game (the wallet applies the domain's count and caps),
   * held with the pot (issue 33): nothing while fair play holds the payout (`wait`; this runs
   * again on release or review). After a review (`closed`) the game is read again: a confirmed
   * cheat rewards only the cheater's opponent, now its winner.
   */
  private async grantRewards(game: GameRecord, decision: PayoutDecision, at: Date): Promise<void> {
    if (decision === 'wait') return;
    const g = decision === 'closed' && game.source ? ((await gameOfMatchSource(this.db, game.source)) ?? game) : game;
    const cancelled = isCancelled(g.status as GameStatus);
    const winnerUid = g.winner === 'white' ? g.whiteId : g.winner === 'black' ? g.blackId : null;
    for (const uid of [g.whiteId, g.blackId]) {
      if (g.review === 'confirmed' && uid !== winnerUid) continue;
      const opponentUid = uid === g.whiteId ? g.blackId : g.whiteId;
      await this.wallet.rewards.grantGameRewards({
        gameId: g.id,
        uid,
        opponentUid,
        won: uid === winnerUid,
        at,
        plies: g.ply,
        cancelled,
      });
    }
  }

  async finishMatch(matchId: string): Promise<void> {
    const game = await gameOfMatch(this.db, matchId);
    if (game) await this.finish(game);
  }

  /** The wallet's escrow sweeper asks what became of a match's escrow (a crash left it). */
  resolver(): EscrowResolver {
    return {
      resolve: async (ref: string): Promise<EscrowState> => {
        const matchId = ref.slice(MATCH_PREFIX.length);
        const game = await gameOfMatch(this.db, matchId);
        if (game) {
          if (game.status === 'started') return { state: 'live' };
          const cancelled = isCancelled(game.status as GameStatus);
          let winner = game.winner === 'white' ? game.whiteId : game.winner === 'black' ? game.blackId : null;
          // A giveaway the opponent did not win is a refund to its creator (no winners).
          const creator = (await new MatchRecordStore(this.db).byMatch(matchId))[0]?.giveawayBy ?? null;
          if (creator !== null && winner !== null && !cancelled) {
            if (settleGiveaway(0n, giveawayOutcome(creator, winner)).escrow === 'refund') winner = null;
          }
          if (winner && !cancelled) {
            const payout = await this.gate.payout(game);
            if (payout === 'wait') return { state: 'live' };
            if (payout === 'closed') return { state: 'closed' };
          }
          return { state: 'finished', winners: winner && !cancelled ? [winner] : [] };
        }
        const records = await new MatchRecordStore(this.db).byMatch(matchId);
        const stale = this.clock.now().getTime() - START_STALE_MS;
        const dead =
          records.length === 0 || records.every((r) => r.state !== 'starting' || r.updatedAt.getTime() < stale);
        return dead ? { state: 'abandoned' } : { state: 'live' };
      },
    };
  }
}
