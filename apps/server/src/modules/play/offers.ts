import {
  BOT_TEXTS,
  boardOf,
  canProposeTakeback,
  clockAfterTakeback,
  endOnTime,
  isFlagged,
  offersAllowed,
  opposite,
  PLAY_TEXTS,
  takebackPlies,
  type Color,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { GameChange } from './events.ts';
import type { GameFinisher } from './finish.ts';
import { ok, refuse, type Outcome } from './game-tx.ts';
import { GameStore, type GameRecord } from './games.store.ts';
import type { OfferAnswer } from './platform-port.ts';
import { clockColumns, clockOf, deadlineFor, fensOf, moveTimesOf, turnOf } from './record.ts';

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * An engine never answers an offer, so none is made to it: a draw would let a losing player
 * ask forever, and a takeback would undo the engine's move with no one to agree (issue 13).
 */
function refuseAgainstEngine(g: GameRecord): void {
  if (g.engineColor !== null) throw new AppError('BAD_REQUEST', BOT_TEXTS.noOffersToBot);
}

/** An offer made (its column set to `by`) or declined (cleared), recorded as a change to publish. */
async function recordOffer(
  store: GameStore,
  g: GameRecord,
  offer: 'draw' | 'takeback',
  action: 'offer' | 'decline',
  by: Color,
  changes: GameChange[],
): Promise<Outcome<void>> {
  const value = action === 'offer' ? by : null;
  const column = offer === 'draw' ? { drawOffer: value } : { takebackOffer: value };
  changes.push({ kind: 'offers', game: await store.update(g.id, column), offer, action, by });
  return ok(undefined);
}

/**
 * Draw and takeback offers of a live game (SPEC 4: disabled until 2 moves), judged inside the
 * caller's transaction on the locked row. Offering what the opponent already offers accepts it;
 * a resend of one's own offer changes nothing; declining withdraws one's own offer or refuses
 * the opponent's.
 */
export class GameOffers {
  constructor(
    private readonly clock: Clock,
    private readonly finisher: GameFinisher,
  ) {}

  async draw(tx: Tx, g: GameRecord, me: Color, answer: OfferAnswer, changes: GameChange[]): Promise<Outcome<void>> {
    refuseAgainstEngine(g);
    if (!offersAllowed(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.offersTooEarly);
    const store = new GameStore(tx);
    const theirs = g.drawOffer === opposite(me);
    if (answer === 'accept' || (answer === 'offer' && theirs)) {
      if (!theirs) throw conflict(PLAY_TEXTS.noOffer);
      changes.push({
        kind: 'ended',
        game: await this.finisher.finish(tx, g, { status: 'draw', winner: null }, this.clock.now()),
      });
      return ok(undefined);
    }
    if (answer === 'offer') {
      if (g.drawOffer === me) return ok(undefined); // already offered: a resend
      return recordOffer(store, g, 'draw', 'offer', me, changes);
    }
    // decline: the opponent's offer, or withdrawing one's own
    if (g.drawOffer === null) throw conflict(PLAY_TEXTS.noOffer);
    return recordOffer(store, g, 'draw', 'decline', me, changes);
  }

  async takeback(tx: Tx, g: GameRecord, me: Color, answer: OfferAnswer, changes: GameChange[]): Promise<Outcome<void>> {
    refuseAgainstEngine(g);
    if (!offersAllowed(g.ply)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.offersTooEarly);
    const store = new GameStore(tx);
    const theirs = g.takebackOffer === opposite(me);
    if (answer === 'accept' || (answer === 'offer' && theirs)) {
      if (!theirs) throw conflict(PLAY_TEXTS.noOffer);
      return this.applyTakeback(tx, g, opposite(me), changes);
    }
    if (answer === 'offer') {
      if (!canProposeTakeback(g.ply, me)) throw new AppError('BAD_REQUEST', PLAY_TEXTS.offersTooEarly);
      if (g.takebackOffer === me) return ok(undefined);
      return recordOffer(store, g, 'takeback', 'offer', me, changes);
    }
    if (g.takebackOffer === null) throw conflict(PLAY_TEXTS.noOffer);
    return recordOffer(store, g, 'takeback', 'decline', me, changes);
  }

  /**
   * Undoes the proposer's last move (and the reply to it). The side to move first pays for the
   * time it spent until now (domain clockAfterTakeback); a side already out of time loses instead.
   */
  private async applyTakeback(tx: Tx, g: GameRecord, proposer: Color, changes: GameChange[]): Promise<Outcome<void>> {
    const now = this.clock.now();
    const turn = turnOf(g);
    if (isFlagged(clockOf(g), turn, now.getTime())) {
      changes.push({ kind: 'ended', game: await this.finisher.finish(tx, g, endOnTime(boardOf(g.fen), turn), now) });
      return refuse(conflict(PLAY_TEXTS.gameOver));
    }
    const ply = g.ply - takebackPlies(g.ply, proposer);
    const fens = fensOf(g).slice(0, ply + 1);
    const clock = clockAfterTakeback(clockOf(g), turn, ply, now.getTime());
    const updated = await new GameStore(tx).update(g.id, {
      moves: g.moves.slice(0, ply),
      moveTimes: moveTimesOf(g).slice(0, ply),
      san: g.san.slice(0, ply),
      fen: fens[ply]!,
      fens,
      ply,
      ...clockColumns(clock),
      deadlineAt: deadlineFor(ply, clock, now),
      takebackOffer: null,
      drawOffer: null,
    });
    changes.push({ kind: 'takenBack', game: updated });
    return ok(undefined);
  }
}
