import { isProvisional, defaultRating, ratingFamilyOf, isGameModeId } from '@rush/domain';
import { MatchmakingUserEvents, TOPICS, type MatchmakingView } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { avatarUrl } from '../accounts/index.ts';
import { ProfileStore } from '../play/index.ts';
import { MatchRecordStore, type MatchRecord } from './records.store.ts';

/** Builds the wire record of a user (SPEC 3) and pushes it on `user:{uid}` after commits. */
export class MatchViews {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  async currentOf(uid: string): Promise<MatchmakingView | null> {
    const r = await new MatchRecordStore(this.db).current(uid);
    return r ? this.view(r) : null;
  }

  async view(r: MatchRecord): Promise<MatchmakingView> {
    return (await this.views([r])).get(r.id)!;
  }

  /**
   * The wire records of several rows with one read of each kind (the match's other sides, the
   * players' cards, their ratings per family): the two players of a match cost four queries, not
   * eight (issue 17, the wait between the second seek and the game). Keyed by record id.
   */
  async views(rows: readonly MatchRecord[]): Promise<Map<string, MatchmakingView>> {
    const records = new MatchRecordStore(this.db);
    const matchIds = [...new Set(rows.flatMap((r) => (r.matchId ? [r.matchId] : [])))];
    const sides = await records.byMatches(matchIds);
    const otherOf = (r: MatchRecord) => sides.find((x) => x.matchId === r.matchId && x.id !== r.id) ?? null;
    const ids = [...new Set(rows.flatMap((r) => [r.uid, ...(r.opponentUid ? [r.opponentUid] : [])]))];
    const profiles = new ProfileStore(this.db);
    const cards = await profiles.cards(ids);
    const modeOf = (r: MatchRecord) => (isGameModeId(r.mode) ? r.mode : 'wmgt_000001');
    const families = [...new Set(rows.map((r) => ratingFamilyOf(modeOf(r))))];
    const ratings = new Map(await Promise.all(families.map(async (f) => [f, await profiles.ratings(ids, f)] as const)));
    const out = new Map<string, MatchmakingView>();
    for (const r of rows) {
      const mode = modeOf(r);
      const family = ratings.get(ratingFamilyOf(mode)) ?? [];
      const other = r.matchId ? otherOf(r) : null;
      const player = (uid: string, rating: number) => {
        const card = cards.get(uid);
        return {
          uid,
          username: card?.username ?? 'None',
          rating,
          provisional: isProvisional(family.find((x) => x.userId === uid) ?? defaultRating()),
          avatarUrl: card ? avatarUrl({ id: card.id, avatarVersion: card.avatarVersion }) : null,
        };
      };
      out.set(r.id, {
        id: r.id,
        state: r.state,
        gameType: mode,
        currency: r.currency,
        bet: r.value,
        amount: Number(r.amount),
        startedAt: r.startedAt.toISOString(),
        me: player(r.uid, r.rating),
        opponent: r.opponentUid ? player(r.opponentUid, other?.rating ?? 0) : null,
        accepted: { me: r.accepted, opponent: other?.accepted ?? false },
        acceptDeadline: r.acceptDeadline?.toISOString() ?? null,
        declinedBy: r.declinedBy,
        gameId: r.gameId,
        message: r.message,
        result: r.result,
        challengeId: r.challengeId,
        isGiveawayMode: r.giveawayBy !== null,
        giveawayBy: r.giveawayBy,
        serverNow: this.clock.now().toISOString(),
      });
    }
    return out;
  }

  /** `matchmaking.changed` with each user's current record; a failure is logged (clients resync by GET). */
  /** Answers what it published per user (a seek answers its own view from it); empty when unread. */
  async publish(uids: Iterable<string>): Promise<Map<string, MatchmakingView | null>> {
    const wanted = [...new Set(uids)];
    let views: Map<string, MatchmakingView | null>;
    try {
      const rows = await new MatchRecordStore(this.db).currentOfMany(wanted);
      const byId = await this.views(rows);
      views = new Map(wanted.map((uid) => [uid, null]));
      for (const r of rows) views.set(r.uid, byId.get(r.id) ?? null);
    } catch (err) {
      this.log.error({ err, uids: wanted }, 'matchmaking change not published');
      return new Map();
    }
    for (const [uid, matchmaking] of views) {
      try {
        await this.hub.publish(TOPICS.user(uid), MatchmakingUserEvents.changed, { matchmaking });
      } catch (err) {
        this.log.error({ err, uid }, 'matchmaking change not published');
      }
    }
    return views;
  }
}
