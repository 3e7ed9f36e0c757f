import type { FastifyBaseLogger } from 'fastify';
import { CLOSE_CODES, SocketsOverLimitData, UserEvents, type TopicEvent } from '@rush/protocol';
import type { ConnectionIndex } from './connection-index.ts';
import type { SocketConnection } from './connection.ts';
import { beyondBound } from './socket-bound.ts';
import type { EventBus } from './types.ts';
import type { UserSocketRegistry } from './user-sockets.ts';

/** The close reason of 4009 (the web shows its own text). */
const TOO_MANY_SOCKETS = 'Session continues in another window';

/**
 * Issue 33: the bound on one user's sockets (socket-bound.ts), applied by the hub to every new
 * signed-in socket. The newest stays; the oldest open ones beyond the bound close with 4009, on
 * this instance at once, and with a registry (Redis) on any instance.
 */
export class UserSocketBound {
  /** Sockets of this instance closed for newer ones (the hub's stats). */
  closedCount = 0;

  constructor(
    private readonly opts: {
      index: ConnectionIndex;
      bus: EventBus;
      log: FastifyBaseLogger;
      max: number;
      registry?: UserSocketRegistry;
    },
  ) {}

  /** A new socket of `userId`, already in the index. */
  opened(conn: SocketConnection, userId: string): void {
    // The index keeps insertion order, so a user's open sockets come oldest first.
    const open = this.opts.index.userConnections(userId).filter((c) => c.isOpen);
    for (const old of beyondBound(open, this.opts.max)) this.close(old);
    if (this.opts.registry) this.acrossInstances(conn, userId, this.opts.registry);
  }

  /** `sockets.over-limit` on a user topic (from any instance): closes the named sockets that are here. */
  applyEvent(event: TopicEvent): boolean {
    if (event.type !== UserEvents.socketsOverLimit || !event.topic.startsWith('user:')) return false;
    const data = SocketsOverLimitData.safeParse(event.data);
    if (!data.success) return true;
    const ids = new Set(data.data.connIds);
    for (const c of this.opts.index.userConnections(event.topic.slice('user:'.length)))
      if (ids.has(c.id)) this.close(c);
    return true;
  }

  private close(conn: SocketConnection): void {
    if (!conn.isOpen) return;
    this.closedCount++;
    conn.close(CLOSE_CODES.tooManySockets, TOO_MANY_SOCKETS);
  }

  /**
   * The registry answers the user's oldest sockets anywhere beyond the bound; those here close at
   * once, the others through the user's topic (applyEvent on their instance). The socket is
   * forgotten, in its queue, after the registry recorded it, so a quick close leaves no entry.
   */
  private acrossInstances(conn: SocketConnection, userId: string, registry: UserSocketRegistry): void {
    const { index, bus, log, max } = this.opts;
    const recorded = registry.opened(userId, conn.id, max).then(
      async (over) => {
        const here = new Map(index.userConnections(userId).map((c) => [c.id, c]));
        for (const id of over) {
          const c = here.get(id);
          if (c) this.close(c);
        }
        const elsewhere = over.filter((id) => !here.has(id));
        if (elsewhere.length > 0)
          await bus.publish(`user:${userId}`, UserEvents.socketsOverLimit, { connIds: elsewhere });
      },
      (err: unknown) => log.warn({ err }, 'socket registry unavailable; the bound holds per instance'),
    );
    conn.ws.once('close', () =>
      conn.queue.force(async () => {
        await recorded;
        await registry
          .closed(userId, conn.id)
          .catch((err: unknown) => log.debug({ err }, 'socket registry close failed'));
      }),
    );
  }
}
