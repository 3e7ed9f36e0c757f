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
    const records = new MatchRecordStore(this.db);
    const other = r.matchId ? ((await records.byMatch(r.matchId)).find((x) => x.id !== r.id) ?? null) : null;
    const ids = [r.uid, ...(r.opponentUid ? [r.opponentUid] : [])];
    const profiles = new ProfileStore(this.db);
    const cards = await profiles.cards(ids);
    const mode = isGameModeId(r.mode) ? r.mode : 'wmgt_000001';
    const ratings = await profiles.ratings(ids, ratingFamilyOf(mode));
    const player = (uid: string, rating: number) => {
      const card = cards.get(uid);
      return {
        uid,
        username: card?.username ?? 'None',
        rating,
        provisional: isProvisional(ratings.find((x) => x.userId === uid) ?? defaultRating()),
        avatarUrl: card ? avatarUrl({ id: card.id, avatarVersion: card.avatarVersion }) : null,
      };
    };
    return {
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
      serverNow: this.clock.now().toISOString(),
    };
  }

  /** `matchmaking.changed` with each user's current record; a failure is logged (clients resync by GET). */
  async publish(uids: Iterable<string>): Promise<void> {
    for (const uid of new Set(uids)) {
      try {
        const matchmaking = await this.currentOf(uid);
        await this.hub.publish(TOPICS.user(uid), MatchmakingUserEvents.changed, { matchmaking });
      } catch (err) {
        this.log.error({ err, uid }, 'matchmaking change not published');
      }
    }
  }
}
