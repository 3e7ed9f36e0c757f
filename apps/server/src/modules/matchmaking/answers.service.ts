import { GIVEAWAY_TEXTS } from '@rush/domain';
import type { MatchmakingView } from '@rush/protocol';
import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { newPublicId } from '../play/index.ts';
import type { QueueDeps } from './queue.service.ts';
import { MatchRecordStore, isActive, type MatchRecord } from './records.store.ts';
import { alreadyInMatch, matchGone } from './refusals.ts';

/** The accept time ran out: whoever had not accepted declined ('me'); the others hear 'opponent'. */
export async function expireAccept(store: MatchRecordStore, records: MatchRecord[], now: Date): Promise<void> {
  for (const r of records) {
    await store.update(r.id, {
      state: 'declined',
      declinedBy: r.accepted ? 'opponent' : 'me',
      acceptDeadline: null,
      updatedAt: now,
    });
  }
}

/**
 * What the two players of a found match answer (SPEC 4): accept (both -> the stakes go to
 * escrow and the game starts), decline, done with a finished match, and rematch with the same
 * stake. Each answer locks both records of the match, so answers that cross apply in order.
 */
export class MatchAnswers {
  constructor(private readonly d: QueueDeps) {}

  private get db() {
    return this.d.db;
  }
  private now() {
    return this.d.clock.now();
  }

  async accept(uid: string): Promise<MatchmakingView | null> {
    const result = await inTx(this.db, async (tx) => {
      const { mine, other, store } = await this.lockMatchOf(tx, uid);
      const now = this.now();
      const answer = { matchId: mine.matchId!, opponent: other.uid };
      if (mine.acceptDeadline && mine.acceptDeadline <= now) {
        await expireAccept(store, [mine, other], now);
        return { ...answer, starting: false };
      }
      if (mine.accepted) return { ...answer, starting: false };
      const both = other.accepted;
      await store.update(mine.id, { accepted: true, updatedAt: now, ...(both ? { state: 'starting' as const } : {}) });
      if (both) await store.update(other.id, { state: 'starting', updatedAt: now });
      return { ...answer, starting: both };
    });
    // The second accept goes straight to the stakes and the game (issue 17: the players wait for
    // this): `start` publishes 'playing', or the failure, to both. Showing 'starting' first would
    // cost both players' views before the game exists, to be replaced a few milliseconds later.
    if (!result.starting) await this.d.views.publish([uid, result.opponent]);
    else {
      try {
        await this.d.money.start(result.matchId);
      } catch (err) {
        // Left `starting` for the sweep's recovery: both see that much meanwhile.
        await this.d.views.publish([uid, result.opponent]);
        throw err;
      }
    }
    return this.d.views.currentOf(uid);
  }

  async decline(uid: string): Promise<MatchmakingView | null> {
    await inTx(this.db, async (tx) => {
      const { mine, other, store } = await this.lockMatchOf(tx, uid);
      const now = this.now();
      await store.update(mine.id, { state: 'declined', declinedBy: 'me', acceptDeadline: null, updatedAt: now });
      await store.update(other.id, { state: 'declined', declinedBy: 'opponent', acceptDeadline: null, updatedAt: now });
    });
    await this.d.views.publish([uid, ...(await this.opponentOf(uid))]);
    return this.d.views.currentOf(uid);
  }

  private async opponentOf(uid: string): Promise<string[]> {
    const r = await new MatchRecordStore(this.db).current(uid);
    return r?.opponentUid ? [r.opponentUid] : [];
  }

  /** The user's matched record and its opponent's, locked; else 409 'The match has already ended...'. */
  private async lockMatchOf(
    tx: Tx,
    uid: string,
  ): Promise<{ mine: MatchRecord; other: MatchRecord; store: MatchRecordStore }> {
    const store = new MatchRecordStore(tx);
    const current = await store.current(uid);
    if (!current?.matchId || current.state !== 'matched') throw matchGone();
    const both = await store.byMatch(current.matchId, true);
    const mine = both.find((r) => r.uid === uid);
    const other = both.find((r) => r.uid !== uid);
    if (!mine || !other || mine.state !== 'matched' || other.state !== 'matched') throw matchGone();
    return { mine, other, store };
  }

  async done(uid: string): Promise<null> {
    const store = new MatchRecordStore(this.db);
    const current = await store.current(uid);
    if (!current) return null;
    if (isActive(current)) throw alreadyInMatch();
    await store.update(current.id, { cleared: true, updatedAt: this.now() });
    await this.d.views.publish([uid]);
    return null;
  }

  /**
   * Rematch with the same stake on a finished match: the first press offers, the opponent's
   * press makes a new pair of records, already accepted, and starts it like any match. A
   * giveaway has no rematch (409 with the text).
   */
  async rematch(uid: string): Promise<MatchmakingView | null> {
    const out = await inTx(this.db, async (tx) => {
      const store = new MatchRecordStore(tx);
      const mine = await store.current(uid);
      if (!mine?.matchId || mine.state !== 'finished') throw matchGone();
      const both = await store.byMatch(mine.matchId, true);
      const me = both.find((r) => r.uid === uid);
      const other = both.find((r) => r.uid !== uid);
      if (!me || me.cleared || !other || other.cleared || other.state !== 'finished') throw matchGone();
      // A rematch copies both stakes; a giveaway's acceptor staked nothing and must not be
      // charged, and the creator chooses anew whom to fund: refused, with the way forward.
      if (me.giveawayBy !== null) throw new AppError('CONFLICT', GIVEAWAY_TEXTS.noRematch);
      if (!other.rematchOffered) {
        await store.update(me.id, { rematchOffered: true, updatedAt: this.now() });
        return { matchId: null, uids: [uid, other.uid] };
      }
      const matchId = newPublicId();
      const now = this.now();
      for (const [r, opponent] of [
        [me, other],
        [other, me],
      ] as const) {
        await store.update(r.id, { cleared: true, updatedAt: now });
        await store.insert({
          id: newPublicId(),
          uid: r.uid,
          state: 'starting',
          mode: r.mode,
          currency: r.currency,
          value: r.value,
          amount: r.amount,
          rating: r.rating,
          startedAt: now,
          matchId,
          opponentUid: opponent.uid,
          accepted: true,
          updatedAt: now,
        });
      }
      return { matchId, uids: [uid, other.uid] };
    });
    await this.d.views.publish(out.uids);
    if (out.matchId) await this.d.money.start(out.matchId);
    return this.d.views.currentOf(uid);
  }
}
