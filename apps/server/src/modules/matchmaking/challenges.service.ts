import {
  decideGiveawayAcceptance,
  decideStart,
  GIVEAWAY_TEXTS,
  MATCH_TEXTS,
  MATCHMAKING,
  mayGiveaway,
  type GameModeId,
} from '@rush/domain';
import {
  MatchmakingUserEvents,
  TOPICS,
  type AcceptChallengeRequest,
  type ChallengeView,
  type ChallengesResponse,
  type CreateChallengeRequest,
  type MatchmakingView,
} from '@rush/protocol';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { newPublicId } from '../play/index.ts';
import type { PlayModule } from '../play/index.ts';
import { ProfileStore } from '../play/index.ts';
import type { FactsReader } from './facts.ts';
import { inTx } from '../../platform/db/transaction.ts';
import type { QueueService } from './queue.service.ts';
import { MatchRecordStore, isActive } from './records.store.ts';
import { alreadyInMatch, isRefusal, matchGone, refused } from './refusals.ts';
import { ChallengeStore, type ChallengeRow } from './challenges.store.ts';
import type { MatchMoney } from './settlement.ts';
import type { MatchViews } from './view.ts';

export interface ChallengeDeps {
  db: Db;
  clock: Clock;
  hub: Pick<RealtimeHub, 'publish'>;
  facts: FactsReader;
  queue: QueueService;
  views: MatchViews;
  money: MatchMoney;
  /** refreshChessAccount: Lichess ratings read again before eligibility is decided (issue 15). */
  play: Pick<PlayModule, 'isGameRunning'> & Partial<Pick<PlayModule, 'refreshChessAccount'>>;
  log: FastifyBaseLogger;
}

/**
 * Direct challenges (SPEC 3, issue 5 item 5): the challenger passes the start rules for the
 * wager; the target hears `challenge.received`; accepting (the acceptor passes the same rules)
 * makes both records at once, already accepted, and starts the match as the queue does.
 * A giveaway (SPEC 4, content creators only) is a challenge whose prize the challenger funds
 * alone: the acceptor passes only the rules about playing at all (`decideGiveawayAcceptance`).
 */
export class ChallengeService {
  constructor(private readonly d: ChallengeDeps) {}

  async create(uid: string, req: CreateChallengeRequest, ip: string | null): Promise<ChallengeView> {
    await this.d.play.refreshChessAccount?.(uid);
    const player = await this.d.facts.read(uid);
    if (!player) throw matchGone();
    const { app, catalog } = await this.d.queue.config();
    const facts = await this.d.facts.locate(player, req.c, req.deviceGps, ip);
    if (isRefusal(facts)) throw refused(facts);
    // Refused, never downgraded to a staked challenge: the target would be asked to pay.
    if (req.giveaway && !mayGiveaway(facts.verifiedLevel)) {
      throw refused({ ok: false, code: 'giveaway', message: GIVEAWAY_TEXTS.creatorsOnly });
    }
    const decision = decideStart(facts, app, catalog, { gameType: req.gameType, currency: req.c, bet: req.bet });
    if (!decision.ok) throw refused(decision);
    if (req.uid === uid) throw refused({ ok: false, code: 'gameType', message: MATCH_TEXTS.challengeSelf });
    const target = (await new ProfileStore(this.d.db).cards([req.uid])).get(req.uid);
    if (!target || target.banned || target.closed) {
      throw refused({ ok: false, code: 'gameType', message: MATCH_TEXTS.challengeUnavailable });
    }
    const now = this.d.clock.now();
    const row = await new ChallengeStore(this.d.db).insert({
      id: newPublicId(),
      fromUid: uid,
      toUid: req.uid,
      mode: decision.mode,
      currency: req.c,
      value: decision.wager.value,
      amount: decision.amount,
      status: 'pending',
      giveaway: req.giveaway === true,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MATCHMAKING.challengeTtlMs),
    });
    const view = await this.view(row);
    await this.emit(req.uid, MatchmakingUserEvents.challenge, view);
    return view;
  }

  async list(uid: string): Promise<ChallengesResponse> {
    const now = this.d.clock.now();
    const rows = await new ChallengeStore(this.d.db).pendingOf(uid, now);
    const views = await Promise.all(rows.map((r) => this.view(r)));
    return { incoming: views.filter((v) => v.to.uid === uid), outgoing: views.filter((v) => v.from.uid === uid) };
  }

  async accept(
    uid: string,
    id: string,
    req: z.infer<typeof AcceptChallengeRequest>,
    ip: string | null,
  ): Promise<MatchmakingView | null> {
    const c = await new ChallengeStore(this.d.db).find(id);
    const now = this.d.clock.now();
    if (!c || c.toUid !== uid || c.status !== 'pending' || c.expiresAt <= now) throw matchGone();
    await this.d.play.refreshChessAccount?.(uid);
    const player = await this.d.facts.read(uid);
    if (!player) throw matchGone();
    const { app, catalog } = await this.d.queue.config();
    const facts = await this.d.facts.locate(player, c.currency, req.deviceGps, ip);
    if (isRefusal(facts)) throw refused(facts);
    const wanted = { gameType: c.mode, currency: c.currency, bet: c.value };
    const decision = c.giveaway
      ? decideGiveawayAcceptance(facts, app, catalog, wanted)
      : decideStart(facts, app, catalog, wanted);
    if (!decision.ok) throw refused(decision);
    // A creator whose level was taken away since sending it no longer gives away.
    if (c.giveaway && !mayGiveaway((await this.d.facts.read(c.fromUid))?.facts.verifiedLevel ?? 'notVerified')) {
      throw refused({ ok: false, code: 'giveaway', message: GIVEAWAY_TEXTS.creatorsOnly });
    }
    for (const u of [c.fromUid, c.toUid]) if (await this.d.play.isGameRunning(u)) throw alreadyInMatch();
    const ratings = {
      from: await this.d.facts.ratingIn(c.fromUid, c.mode as GameModeId),
      to: await this.d.facts.ratingIn(c.toUid, c.mode as GameModeId),
    };
    const matchId = newPublicId();
    const accepted = await inTx(this.d.db, async (tx) => {
      const taken = await new ChallengeStore(tx).close(id, 'accepted');
      if (!taken) throw matchGone();
      const store = new MatchRecordStore(tx);
      for (const [me, other, rating] of [
        [c.toUid, c.fromUid, ratings.to],
        [c.fromUid, c.toUid, ratings.from],
      ] as const) {
        const current = await store.current(me, true);
        if (current && isActive(current)) throw alreadyInMatch();
        if (current) await store.update(current.id, { cleared: true });
        await store.insert({
          id: newPublicId(),
          uid: me,
          state: 'starting',
          mode: c.mode,
          currency: c.currency,
          value: c.value,
          amount: c.amount,
          rating,
          startedAt: now,
          matchId,
          opponentUid: other,
          accepted: true,
          challengeId: c.id,
          giveawayBy: c.giveaway ? c.fromUid : null,
          updatedAt: now,
        });
      }
      return taken;
    });
    await this.closed(accepted);
    await this.d.views.publish([c.fromUid, c.toUid]);
    await this.d.money.start(matchId);
    return this.d.views.currentOf(uid);
  }

  decline(uid: string, id: string): Promise<ChallengeView> {
    return this.close(id, 'declined', { side: 'to', uid });
  }

  cancel(uid: string, id: string): Promise<ChallengeView> {
    return this.close(id, 'cancelled', { side: 'from', uid });
  }

  private async close(
    id: string,
    status: 'declined' | 'cancelled',
    by: { side: 'to' | 'from'; uid: string },
  ): Promise<ChallengeView> {
    const row = await new ChallengeStore(this.d.db).close(id, status, by);
    if (!row) throw matchGone();
    return this.closed(row);
  }

  /** Pending challenges past their time lapse (any instance). */
  async sweep(): Promise<number> {
    const rows = await new ChallengeStore(this.d.db).expire(this.d.clock.now());
    for (const r of rows) await this.closed(r);
    return rows.length;
  }

  /** `challenge.closed` to both sides (the challenger's card shows 'Opponent declined the challenge'). */
  private async closed(row: ChallengeRow): Promise<ChallengeView> {
    const view = await this.view(row);
    for (const u of [row.fromUid, row.toUid]) await this.emit(u, MatchmakingUserEvents.challengeClosed, view);
    return view;
  }

  private async emit(
    uid: string,
    type: typeof MatchmakingUserEvents.challenge | typeof MatchmakingUserEvents.challengeClosed,
    challenge: ChallengeView,
  ): Promise<void> {
    try {
      await this.d.hub.publish(TOPICS.user(uid), type, { challenge });
    } catch (err) {
      this.d.log.error({ err, uid, type }, 'challenge event not published');
    }
  }

  private async view(r: ChallengeRow): Promise<ChallengeView> {
    const cards = await new ProfileStore(this.d.db).cards([r.fromUid, r.toUid]);
    const name = (u: string) => cards.get(u)?.username ?? 'None';
    return {
      id: r.id,
      from: { uid: r.fromUid, username: name(r.fromUid) },
      to: { uid: r.toUid, username: name(r.toUid) },
      gameType: r.mode as GameModeId,
      currency: r.currency,
      bet: r.value,
      amount: Number(r.amount),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      isGiveawayMode: r.giveaway,
    };
  }
}
