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
import { sqlErrorOf, SQLSTATE } from '../../platform/db/sql-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../play/index.ts';
import type { PlayModule } from '../play/index.ts';
import { claimCall } from './calls.store.ts';
import { CatalogStore } from './catalog.store.ts';
import type { FactsReader } from './facts.ts';
import { MatchRecordStore, isActive, type NewMatchRecord } from './records.store.ts';
import { alreadyInMatch, isRefusal, matchGone, refused, tooSoon } from './refusals.ts';
import { START_ADOPT_MS, START_STALE_MS, type MatchMoney } from './settlement.ts';
import type { MatchViews } from './view.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { MatchAnswers, expireAccept } from './answers.service.ts';

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
  /** refreshChessAccount: Lichess ratings read again before eligibility is decided (issue 15). */
  play: Pick<PlayModule, 'isGameRunning'> & Partial<Pick<PlayModule, 'refreshChessAccount'>>;
  log: FastifyBaseLogger;
}

/**
 * The queue in the database (SPEC 4): seek, cancel, join; pairing per
 * bucket (mode, currency, value) under an advisory lock with the bucket's rows locked, so any
 * number of instances pair at once and nobody is paired twice or across stakes; deadlines as
 * columns swept by any instance. Every change is published after its commit.
 */
export class QueueService {
  /** Accept, decline, done and rematch of a found match. */
  readonly answers: MatchAnswers;

  constructor(private readonly d: QueueDeps) {
    this.answers = new MatchAnswers(d);
  }

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

  /** `ip`: the client's address (`request.ip`), for the location rules (FactsReader.locate). */
  async seek(uid: string, req: SeekRequest, ip: string | null): Promise<MatchmakingView> {
    await this.debounce(uid);
    await this.d.play.refreshChessAccount?.(uid);
    const player = await this.d.facts.read(uid);
    if (!player) throw matchGone();
    const { app, catalog } = await this.config();
    const facts = await this.d.facts.locate(player, req.c, req.deviceGps, ip);
    if (isRefusal(facts)) throw refused(facts);
    const decision = decideStart(facts, app, catalog, { gameType: req.gameType, currency: req.c, bet: req.bet });
    if (!decision.ok) throw refused(decision);
    if (await this.d.play.isGameRunning(uid)) throw alreadyInMatch();
    const rating = player.shownRatings[ratingFamilyOf(decision.mode)];
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
    // Paired on the seek's own request when a partner waits; the pairing publishes both players'
    // `matched`, so `searching` is published only to a seek left waiting (one view, not two).
    const paired = await this.pairIn(record.mode, record.currency, record.value).catch((err: unknown) => {
      this.d.log.error({ err }, 'pairing after a seek failed');
      return { uids: [] as string[], views: new Map<string, MatchmakingView | null>() };
    });
    const published = paired.uids.includes(uid) ? paired.views : await this.d.views.publish([uid]);
    return published.get(uid) ?? (await this.d.views.currentOf(uid)) ?? this.d.views.view(record);
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
    return (await this.pairIn(mode, currency, value)).uids.length / 2;
  }

  /** Pairs what can be paired in one bucket and publishes it; answers the users paired and their views. */
  private async pairIn(
    mode: string,
    currency: Currency,
    value: number,
  ): Promise<{ uids: string[]; views: Map<string, MatchmakingView | null> }> {
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
    const uids = pairs.flatMap(([a, b]) => [a.uid, b.uid]);
    return {
      uids,
      views: uids.length > 0 ? await this.d.views.publish(uids) : new Map<string, MatchmakingView | null>(),
    };
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
    if (current.state === 'matched') return this.answers.decline(uid);
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

  /**
   * SPEC 7 kickPlayerFromLobby, and a ban: the user leaves their search, or declines the match
   * found for them, at once (no 3 s debounce: this is not the user's click). Nothing is held
   * while searching or matched (stakes enter escrow only when both accept), so nothing is owed
   * back; a match that is starting or playing is left to its game. True when the user was taken out.
   */
  async kick(uid: string): Promise<boolean> {
    const current = await new MatchRecordStore(this.db).current(uid);
    if (!current) return false;
    if (current.state === 'matched') {
      try {
        await this.answers.decline(uid);
        return true;
      } catch (err) {
        // The match moved on meanwhile (both accepted, or it expired): nothing left to decline.
        if (err instanceof AppError && err.code === 'CONFLICT') return false;
        throw err;
      }
    }
    if (current.state !== 'searching') return false;
    const changed = await inTx(this.db, async (tx) => {
      const store = new MatchRecordStore(tx);
      const r = await store.current(uid, true);
      if (!r || r.id !== current.id || r.state !== 'searching') return false;
      await store.update(r.id, { cleared: true, updatedAt: this.now() });
      return true;
    });
    if (changed) await this.d.views.publish([uid]);
    return changed;
  }

  /** SPEC 5, 8: join a user who is searching, from the online list. */
  async join(uid: string, req: JoinRequest, ip: string | null): Promise<MatchmakingView | null> {
    await this.debounce(uid);
    if (req.uid === uid) throw matchGone();
    const host = await new MatchRecordStore(this.db).current(req.uid);
    if (!host || host.state !== 'searching') throw matchGone();
    await this.d.play.refreshChessAccount?.(uid);
    const player = await this.d.facts.read(uid);
    if (!player) throw matchGone();
    const { app, catalog } = await this.config();
    const facts = await this.d.facts.locate(player, host.currency, req.deviceGps, ip);
    if (isRefusal(facts)) throw refused(facts);
    const mode = host.mode as GameModeId;
    const myRating = player.shownRatings[ratingFamilyOf(mode)];
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
        await expireAccept(s, both, now);
        return both.map((r) => r.uid);
      });
      await this.d.views.publish(uids);
    }
    for (const matchId of await store.matchesIn('starting', new Date(now.getTime() - START_STALE_MS))) {
      await this.d.money.recover(matchId);
    }
    for (const matchId of await store.matchesIn('starting', new Date(now.getTime() - START_ADOPT_MS))) {
      await this.d.money.adoptGame(matchId);
    }
    // A finish whose listener never ran (crash right after the commit, or another instance).
    for (const matchId of await store.endedPlaying()) await this.d.money.finishMatch(matchId);
  }
}
