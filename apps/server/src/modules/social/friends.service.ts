import type { FastifyBaseLogger } from 'fastify';
import {
  SOCIAL_TEXTS,
  countsAsOnline,
  friendNameInput,
  friendView,
  friendshipTransition,
  isListed,
  pendingInviteCount,
  type FriendAction,
  type FriendEvent,
} from '@rush/domain';
import { SocialUserEvents, TOPICS, type FriendEntryView, type FriendsResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { avatarUrl } from '../accounts/index.ts';
import { AccountStore } from '../accounts/index.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { FriendshipStore } from './friends.store.ts';
import type { SocialLimiter } from './limits.ts';

export interface FriendsDeps {
  db: Db;
  clock: Clock;
  hub: Pick<RealtimeHub, 'publish'>;
  limiter: SocialLimiter;
  log: FastifyBaseLogger;
}

/** SPEC 4 friends: the pair's state machine (domain friendshipTransition) under a row lock. */
export class FriendsService {
  constructor(private readonly d: FriendsDeps) {}

  async list(me: string): Promise<FriendsResponse> {
    const rows = await new FriendshipStore(this.d.db).listOf(me);
    const now = this.d.clock.now().getTime();
    const friends: FriendEntryView[] = [];
    for (const r of rows) {
      const view = friendView(r.state, me);
      if (!isListed(view) || view === 'none') continue;
      friends.push({
        uid: r.uid,
        username: r.username,
        avatarUrl: avatarUrl({ id: r.uid, avatarVersion: r.avatarVersion }),
        // SPEC 9 online window; a user who chose not to be visible shows no dot.
        online:
          r.presenceState !== null &&
          r.presenceVisible !== false &&
          r.lastChanged !== null &&
          countsAsOnline(r.presenceState, r.lastChanged.getTime(), now),
        banned: r.banned,
        view,
      });
    }
    friends.sort(
      (a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()) || (a.uid < b.uid ? -1 : 1),
    );
    return {
      friends,
      pendingInvites: pendingInviteCount(
        rows.map((r) => r.state),
        me,
      ),
    };
  }

  /** SPEC 7 addFriend {username}: a name with @ is not a username (SPEC 5), an unknown one is 404. */
  async invite(me: string, username: string): Promise<FriendsResponse> {
    await this.d.limiter.take('invite', me);
    const name = friendNameInput(username);
    if (name === null) throw badRequest(SOCIAL_TEXTS.unknownUser);
    const other = await new AccountStore(this.d.db).findByUsername(name);
    if (!other) throw notFound(SOCIAL_TEXTS.unknownUser);
    return this.apply(me, other.id, 'invite');
  }

  async act(me: string, other: string, action: Exclude<FriendAction, 'invite'>): Promise<FriendsResponse> {
    if (other !== me && !(await new AccountStore(this.d.db).findById(other))) throw notFound(SOCIAL_TEXTS.unknownUser);
    return this.apply(me, other, action);
  }

  private async apply(me: string, other: string, action: FriendAction): Promise<FriendsResponse> {
    const event = await inTx(this.d.db, async (tx): Promise<FriendEvent> => {
      const store = new FriendshipStore(tx);
      const now = this.d.clock.now();
      // Refused before any row exists: a pair row needs two different users (the table's check).
      const self = friendshipTransition(null, action, me, other);
      if (!self.ok && self.reason === 'self') throw badRequest(self.message);
      const result = friendshipTransition(await store.lockPair(tx, me, other, now), action, me, other);
      if (!result.ok) throw new AppError('CONFLICT', result.message);
      await store.save(tx, me, other, result.state, now);
      return result.event;
    });
    await this.changed(me, other, event);
    return this.list(me);
  }

  /** Both sides refetch their lists (and badges); other tabs of the actor too. */
  private async changed(me: string, other: string, event: FriendEvent): Promise<void> {
    for (const [uid, friend] of [
      [me, other],
      [other, me],
    ] as const) {
      await this.d.hub
        .publish(TOPICS.user(uid), SocialUserEvents.friends, { friend, event })
        .catch((err: unknown) => this.d.log.error({ err, uid }, 'friends event not published'));
    }
  }
}
