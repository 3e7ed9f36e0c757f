import {
  decideJoin,
  decideStart,
  MATCH_TEXTS,
  MATCHMAKING,
  pairSeeks,
  ratingFamilyOf,
  type AppStateConfig,
  type Catalog,
  type Currency,
  type GameModeId,
  type Seek,
} from '@rush/domain';
import type { JoinRequest, MatchmakingView, SeekRequest } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { isRetryable, sqlErrorOf, SQLSTATE } from '../../platform/db/sql-errors.ts';
import { newPublicId } from '../play/ids.ts';
import type { PlayModule } from '../play/module.ts';
import { claimCall } from './calls.store.ts';
import { CatalogStore } from './catalog.store.ts';
import type { FactsReader } from './facts.ts';
import { MatchRecordStore, isActive, type MatchRecord, type NewMatchRecord } from './records.store.ts';
import { alreadyInMatch, isRefusal, matchGone, refused, tooSoon } from './refusals.ts';
import { START_STALE_MS, type MatchMoney } from './settlement.ts';
import type { MatchViews } from './view.ts';

/** One transaction, retried on deadlock or serialization failure. */
export async function inTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt < 4 && isRetryable(err)) continue;
      throw err;
    }
  }
}

/** The unique index on the user's current record refused a second one (a racing seek). */
const isDuplicate = (err: unknown) => sqlErrorOf(err)?.code === SQLSTATE.uniqueViolation;

const bucketLock = (tx: Tx, mode: string, currency: string, value: number) =>
  new MatchRecordStore(tx).lockBucketKey(mode, currency, value);

export interface QueueDeps {
  db: Db;
  clock: Clock;
  facts: FactsReader;
  views: MatchViews;
  money: MatchMoney;
  play: Pick<PlayModule, 'isGameRunning'>;
  log: FastifyBaseLogger;
}

/**
 * The queue in the database (SPEC 4): seek, cancel, accept, decline, done, join; pairing per
 * bucket (mode, currency, value) under an advisory lock with the bucket's rows locked, so any
 * number of instances pair at once and nobody is paired twice or across stakes; deadlines as
 * columns swept by any instance. Every change is published after its commit.
 */
export class QueueService {
  constructor(private readonly d: QueueDeps) {}

  private get db() {
    return this.d.db;
  }
  private now() {
    return this.d.clock.now();
  }

  async config(): Promise<{ app: AppStateConfig; catalog: Catalog }> {
    const store = new CatalogStore(this.db);
    const [app, catalog] = await Promise.all([store.appState(), store.catalog()]);
    return { app, catalog };
  }

  private async debounce(uid: string): Promise<void> {
    if (!(await claimCall(this.db, uid, this.now()))) throw tooSoon();
  }

  async seek(uid: string, req: SeekRequest): Promise<MatchmakingView> {
    await this.debounce(uid);
    const player = await this.d.facts.read(uid);
    if (!player) throw matchGone();
    const { app, catalog } = await this.config();
    const facts = await this.d.facts.locate(player, req.c, req.deviceGps);
    if (isRefusal(facts)) throw refused(facts);
    const decision = decideStart(facts, app, catalog, { gameType: req.gameType, currency: req.c, bet: req.bet });
    if (!decision.ok) throw refused(decision);
    if (await this.d.play.isGameRunning(uid)) throw alreadyInMatch();
    const rating = await this.d.facts.ratingIn(uid, decision.mode);
    const now = this.now();
    const record = await this.replaceCurrent(uid, (tx) =>
      new MatchRecordStore(tx).insert({
        id: newPublicId(),
        uid,
        state: 'searching',
        mode: decision.mode,
        currency: req.c,
        value: decision.wager.value,
        amount: decision.amount,
        rating,
        startedAt: now,
        searchDeadline: new Date(now.getTime() + MATCHMAKING.searchTimeoutMs),
        updatedAt: now,
      }),
    );
    await this.d.views.publish([uid]);
    await this.pairBucket(record.mode, record.currency, record.value).catch((err: unknown) =>
      this.d.log.error({ err }, 'pairing after a seek failed'),
    );
    return (await this.d.views.currentOf(uid)) ?? this.d.views.view(record);
  }

  /**
   * In one transaction: refuses when the user's current record is active, clears a terminal one
   * (Search Again / Find New Match), then writes the new one.
   */
  private async replaceCurrent<T>(uid: string, write: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await inTx(this.db, async (tx) => {
        const store = new MatchRecordStore(tx);
        const current = await store.current(uid, true);
        if (current && isActive(current)) throw alreadyInMatch();
        if (current) await store.update(current.id, { cleared: true });
        return write(tx);
      });
    } catch (err) {
      if (isDuplicate(err)) throw alreadyInMatch();
      throw err;
    }
  }

  /** Pairs what can be paired in one bucket; answers how many pairs were made. */
  async pairBucket(mode: string, currency: Currency, value: number): Promise<number> {
    const now = this.now();
    const pairs = await inTx(this.db, async (tx) => {
      await bucketLock(tx, mode, currency, value);
      const store = new MatchRecordStore(tx);
      const rows = await store.lockBucket(mode, currency, value);
      const seeks: Seek[] = rows.map((r) => ({
        id: r.id,
        uid: r.uid,
        mode: r.mode as GameModeId,
        currency: r.currency,
        value: r.value,
        rating: r.rating,
        since: r.startedAt.getTime(),
      }));
      const made = pairSeeks(seeks, now.getTime());
      for (const [a, b] of made) await this.match(tx, a.id, a.uid, b.id, b.uid, now);
      return made;
    });
    if (pairs.length > 0) await this.d.views.publish(pairs.flatMap(([a, b]) => [a.uid, b.uid]));
    return pairs.length;
  }

  /** Two searching records become a match (guarded: both must still be searching). */
  private async match(tx: Tx, aId: string, aUid: string, bId: string, bUid: string, now: Date): Promise<void> {
    const store = new MatchRecordStore(tx);
    const matchId = newPublicId();
    const patch = {
      state: 'matched' as const,
      matchId,
      accepted: false,
      searchDeadline: null,
      acceptDeadline: new Date(now.getTime() + MATCHMAKING.acceptTimeoutMs),
      updatedAt: now,
    };
    const a = await store.updateIf(aId, 'searching', { ...patch, opponentUid: bUid });
    const b = await store.updateIf(bId, 'searching', { ...patch, opponentUid: aUid });
    // Both rows are locked by the caller, so this only fails on a bug; never leave half a match.
    if (!a || !b) throw new Error(`pairing ${aId} with ${bId}: not both searching`);
  }

  /** The periodic pairing (module option), on any instance. */
  async pairAll(): Promise<number> {
    let made = 0;
    for (const b of await new MatchRecordStore(this.db).searchingBuckets())
      made += await this.pairBucket(b.mode, b.currency, b.value);
    return made;
  }

  async cancel(uid: string): Promise<MatchmakingView | null> {
    await this.debounce(uid);
    const current = await new MatchRecordStore(this.db).current(uid);
    if (!current) return null;
    if (current.state === 'matched') return this.decline(uid);
    if (current.state === 'starting' || current.state === 'playing') throw alreadyInMatch();
    const changed = await inTx(this.db, async (tx) => {
      const store = new MatchRecordStore(tx);
      const r = await store.current(uid, true);
      if (!r || r.id !== current.id || (isActive(r) && r.state !== 'searching')) return false;
      await store.update(r.id, { cleared: true, updatedAt: this.now() });
      return true;
    });
    if (!changed) throw matchGone();
    await this.d.views.publish([uid]);
    return null;
  }

  async accept(uid: string): Promise<MatchmakingView | null> {
    const result = await inTx(this.db, async (tx) => {
      const { mine, other, store } = await this.lockMatchOf(tx, uid);
      const now = this.now();
      if (mine.acceptDeadline && mine.acceptDeadline <= now) {
        await this.expire(store, [mine, other], now);
        return { starting: false, matchId: mine.matchId! };
      }
      if (mine.accepted) return { starting: false, matchId: mine.matchId! };
      const both = other.accepted;
      await store.update(mine.id, { accepted: true, updatedAt: now, ...(both ? { state: 'starting' as const } : {}) });
      if (both) await store.update(other.id, { state: 'starting', updatedAt: now });
      return { starting: both, matchId: mine.matchId! };
    });
    const uids = [uid, ...(await this.opponentOf(uid))];
    await this.d.views.publish(uids);
    if (result.starting) await this.d.money.start(result.matchId);
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

  /** The accept time ran out: whoever had not accepted declined ('me'); the others hear 'opponent'. */
  private async expire(store: MatchRecordStore, records: MatchRecord[], now: Date): Promise<void> {
    for (const r of records) {
      await store.update(r.id, {
        state: 'declined',
        declinedBy: r.accepted ? 'opponent' : 'me',
        acceptDeadline: null,
        updatedAt: now,
      });
    }
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
   * press makes a new pair of records, already accepted, and starts it like any match.
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

  /** SPEC 5, 8: join a user who is searching, from the online list. */
  async join(uid: string, req: JoinRequest): Promise<MatchmakingView | null> {
    await this.debounce(uid);
    if (req.uid === uid) throw matchGone();
    const host = await new MatchRecordStore(this.db).current(req.uid);
    if (!host || host.state !== 'searching') throw matchGone();
    const player = await this.d.facts.read(uid);
    if (!player) throw matchGone();
    const { app, catalog } = await this.config();
    const facts = await this.d.facts.locate(player, host.currency, req.deviceGps);
    if (isRefusal(facts)) throw refused(facts);
    const mode = host.mode as GameModeId;
    const myRating = (await this.d.facts.ratings(uid)).shown[ratingFamilyOf(mode)];
    const decision = decideJoin(facts, myRating, app, catalog, {
      mode,
      currency: host.currency,
      value: host.value,
      rating: host.rating,
    });
    if (!decision.ok) throw refused(decision);
    if (await this.d.play.isGameRunning(uid)) throw alreadyInMatch();
    const now = this.now();
    await this.replaceCurrent(uid, async (tx) => {
      await bucketLock(tx, host.mode, host.currency, host.value);
      const store = new MatchRecordStore(tx);
      const [locked] = (await store.lockBucket(host.mode, host.currency, host.value)).filter((r) => r.id === host.id);
      if (!locked) throw matchGone();
      const mine: NewMatchRecord = {
        id: newPublicId(),
        uid,
        state: 'searching',
        mode: host.mode,
        currency: host.currency,
        value: host.value,
        amount: host.amount,
        rating: myRating,
        startedAt: now,
        updatedAt: now,
      };
      await store.insert(mine);
      await this.match(tx, locked.id, locked.uid, mine.id, uid, now);
    });
    await this.d.views.publish([uid, req.uid]);
    return this.d.views.currentOf(uid);
  }

  /** Deadlines (any instance, restart-safe): search and accept timeouts, stalled starts, missed finishes. */
  async sweep(): Promise<void> {
    const now = this.now();
    const store = new MatchRecordStore(this.db);
    for (const r of await store.dueSearches(now)) {
      if (
        await store.updateIf(r.id, 'searching', {
          state: 'notFound',
          message: MATCH_TEXTS.noMatchFound,
          searchDeadline: null,
          updatedAt: now,
        })
      ) {
        await this.d.views.publish([r.uid]);
      }
    }
    for (const matchId of await store.dueAccepts(now)) {
      const uids = await inTx(this.db, async (tx) => {
        const s = new MatchRecordStore(tx);
        const both = await s.byMatch(matchId, true);
        if (both.length !== 2 || both.some((r) => r.state !== 'matched' || !r.acceptDeadline || r.acceptDeadline > now))
          return [];
        await this.expire(s, both, now);
        return both.map((r) => r.uid);
      });
      await this.d.views.publish(uids);
    }
    for (const matchId of await store.matchesIn('starting', new Date(now.getTime() - START_STALE_MS))) {
      await this.d.money.recover(matchId);
    }
    // A finish whose listener never ran (crash right after the commit, or another instance).
    for (const matchId of await store.endedPlaying()) await this.d.money.finishMatch(matchId);
  }
}
