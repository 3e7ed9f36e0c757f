import type { FastifyBaseLogger } from 'fastify';
import { ONLINE_WINDOW_MS, sortOnline } from '@rush/domain';
import { OnlineEvents, SOCIAL_TOPICS, type OnlineUsersResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { ConnectionListener, RealtimeHub } from '../../platform/realtime/types.ts';
import type { Recount } from '../../platform/jobs/recount.ts';
import { realTimer, type Timer } from '../../platform/jobs/timer.ts';
import { avatarUrl, onlineRecount } from '../accounts/index.ts';
import { deriveActivity, RECENT_PUZZLE_MS } from './activity.ts';
import { OnlineStore } from './online.store.ts';

/**
 * Activities change without any presence event (a search starts, a game ends): the list is
 * recomputed this often as well, and published when it differs.
 */
export const ONLINE_REFRESH_MS = 10_000;

/**
 * SPEC 2 landing online users: the signed-in users counted online (SPEC 9), each with the
 * activity derived from the database, sorted by the domain's order. Published on `online` as
 * `online.changed` {users}, ONLINE_COUNT_DEBOUNCE_MS after presence changes (the same debounce
 * as the players-online count) and by the periodic refresh, only when the list changed.
 */
export class OnlineService {
  private readonly refresh: Recount;
  private lastPublished: string | null = null;

  /** Presence changes on this instance's sockets schedule a republish. */
  readonly listener: ConnectionListener = {
    onConnect: () => this.changed(),
    onDisconnect: () => this.changed(),
    onPresence: () => this.changed(),
  };

  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly log: FastifyBaseLogger,
    timer: Timer = realTimer,
  ) {
    this.refresh = onlineRecount('online-recount', ONLINE_REFRESH_MS, () => this.publish(), log, timer);
  }

  start(): void {
    this.refresh.start();
  }

  async stop(): Promise<void> {
    await this.refresh.stop();
  }

  /** Something that shows in the list changed (presence, or another capability's word). */
  changed(): void {
    this.refresh.trigger();
  }

  /** Publishes now if the list changed (tests, and the first state after a start). */
  flush(): Promise<void> {
    return this.refresh.flush();
  }

  async list(): Promise<OnlineUsersResponse> {
    const now = this.clock.now().getTime();
    const store = new OnlineStore(this.db);
    const rows = await store.onlineUsers(new Date(now - ONLINE_WINDOW_MS));
    const facts = await store.activityFacts(
      rows.map((r) => r.uid),
      new Date(now - RECENT_PUZZLE_MS),
    );
    const users = rows.map((r) => ({
      uid: r.uid,
      username: r.username,
      avatarUrl: avatarUrl({ id: r.uid, avatarVersion: r.avatarVersion }),
      state: r.state,
      activity: deriveActivity(r.uid, r.state, facts),
    }));
    return { users: sortOnline(users) };
  }

  private async publish(): Promise<void> {
    const list = await this.list();
    const key = JSON.stringify(list.users);
    if (key === this.lastPublished) return;
    this.lastPublished = key;
    await this.hub.publish(SOCIAL_TOPICS.online, OnlineEvents.changed, list);
  }
}
