import type { FastifyBaseLogger } from 'fastify';
import { ONLINE_COUNT_DEBOUNCE_MS, ONLINE_WINDOW_MS } from '@rush/domain';
import { PresenceEvents, TOPICS } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Connection, ConnectionListener, RealtimeHub } from '../../platform/realtime/types.ts';
import { Recount } from '../../platform/jobs/recount.ts';
import { realTimer, type Timer } from '../../platform/jobs/timer.ts';
import type { PresenceStore } from './presence.store.ts';

/** Activity updates for one key closer together than this are dropped (the client sends one per 10 s at most). */
export const PRESENCE_WRITE_MIN_MS = 5_000;
/** Even a change of state is not written more often than this (a client flipping states in a loop). */
export const PRESENCE_FLIP_MIN_MS = 1_000;
/** Rows age out of the 180 s window without any event; recounting this often keeps the published number honest. */
export const PRESENCE_REFRESH_MS = 30_000;

/** SPEC 9's online count at `now` (not offline, changed within the window): what `presence` publishes. */
export function countOnlineAt(store: Pick<PresenceStore, 'countOnline'>, now: Date): Promise<number> {
  return store.countOnline(new Date(now.getTime() - ONLINE_WINDOW_MS));
}

/**
 * A figure of who is online (SPEC 9), published on presence changes at most once per
 * ONLINE_COUNT_DEBOUNCE_MS, and every `everyMs` as well: the 180 s window moves on its own.
 * The players-online count and the landing's online list both run on one.
 */
export function onlineRecount(
  name: string,
  everyMs: number,
  run: () => Promise<void>,
  log: FastifyBaseLogger,
  timer: Timer,
): Recount {
  return new Recount({ name, delayMs: ONLINE_COUNT_DEBOUNCE_MS, everyMs, run, log, timer });
}

export const presenceKey = (conn: Pick<Connection, 'userId' | 'visitorKey'>) =>
  conn.userId ? `u:${conn.userId}` : `a:${conn.visitorKey}`;

/**
 * SPEC 4/9 presence: one row per user or anonymous visitor, online on connect and activity,
 * idle on the client's word, offline on the last disconnect or logout. The online count is
 * always recomputed from the database (every instance sees the same rows) and published on
 * `presence`, at most once per ONLINE_COUNT_DEBOUNCE_MS.
 */
export class PresenceService implements ConnectionListener {
  /** Per key on this instance: sockets open here and the last activity write (the DB guard). */
  private readonly local = new Map<string, { sockets: number; lastWrite: number; lastState: 'online' | 'idle' }>();
  private lastPublished: number | null = null;
  private readonly refresh: Recount;

  constructor(
    private readonly store: PresenceStore,
    private readonly clock: Clock,
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly log: FastifyBaseLogger,
    timer: Timer = realTimer,
  ) {
    this.refresh = onlineRecount('presence-recount', PRESENCE_REFRESH_MS, () => this.recount(), log, timer);
  }

  /** Reads the first count and starts the periodic refresh. */
  async start(): Promise<void> {
    await this.refresh.flush();
    this.refresh.start();
  }

  async stop(): Promise<void> {
    await this.refresh.stop();
  }

  /** The topic snapshot for a client that missed events: the count, fresh from the database. */
  async snapshot(): Promise<{ online: number }> {
    return { online: await this.countOnline() };
  }

  /** SPEC 9: not offline and last changed within 180 s (`countsAsOnline`), straight from the database. */
  async countOnline(): Promise<number> {
    return countOnlineAt(this.store, this.clock.now());
  }

  async onConnect(conn: Connection): Promise<void> {
    const key = presenceKey(conn);
    const now = this.clock.now();
    const entry = this.local.get(key);
    this.local.set(key, { sockets: (entry?.sockets ?? 0) + 1, lastWrite: now.getTime(), lastState: 'online' });
    await this.store.connected(key, conn.userId, now);
    this.refresh.trigger();
  }

  async onDisconnect(conn: Connection): Promise<void> {
    const key = presenceKey(conn);
    const entry = this.local.get(key);
    if (entry && entry.sockets > 1) entry.sockets -= 1;
    else this.local.delete(key);
    await this.store.disconnected(key, this.clock.now());
    this.refresh.trigger();
  }

  async onPresence(conn: Connection, state: 'online' | 'idle'): Promise<void> {
    const key = presenceKey(conn);
    const now = this.clock.now().getTime();
    const entry = this.local.get(key);
    if (entry) {
      const since = now - entry.lastWrite;
      if (since < PRESENCE_FLIP_MIN_MS) return;
      if (state === entry.lastState && since < PRESENCE_WRITE_MIN_MS) return;
      entry.lastWrite = now;
      entry.lastState = state;
    }
    await this.store.setState(key, conn.userId, state, new Date(now), Math.max(entry?.sockets ?? 1, 1));
    this.refresh.trigger();
  }

  /** Logout (SPEC 4): offline at once, before the sockets have even closed. */
  async userSignedOut(userId: string): Promise<void> {
    await this.store.setOffline(`u:${userId}`, this.clock.now());
    this.refresh.trigger();
  }

  private async recount(): Promise<void> {
    const online = await this.countOnline();
    if (online === this.lastPublished) return;
    this.lastPublished = online;
    await this.hub.publish(TOPICS.presence, PresenceEvents.count, { online });
  }
}
