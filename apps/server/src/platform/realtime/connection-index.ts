import type { SocketConnection, Subscription } from './connection.ts';

/** This instance's sockets, by topic and by user, for fan-out and for closing a user's sockets. */
export class ConnectionIndex {
  readonly all = new Set<SocketConnection>();
  private readonly byTopic = new Map<string, Set<SocketConnection>>();
  private readonly byUser = new Map<string, Set<SocketConnection>>();

  add(conn: SocketConnection): void {
    this.all.add(conn);
    if (conn.userId !== null) addTo(this.byUser, conn.userId, conn);
  }

  /** Forgets the socket and all its subscriptions. */
  remove(conn: SocketConnection): void {
    this.all.delete(conn);
    if (conn.userId !== null) removeFrom(this.byUser, conn.userId, conn);
    for (const topic of conn.subscriptions.keys()) removeFrom(this.byTopic, topic, conn);
    conn.subscriptions.clear();
  }

  /**
   * Subscribes (or re-subscribes) in buffering mode: from now on live events for the topic are
   * held in `buffer` until the caller has sent the replay and flushes it.
   */
  subscribe(conn: SocketConnection, topic: string): Subscription {
    const existing = conn.subscriptions.get(topic);
    if (existing) {
      existing.buffer ??= [];
      return existing;
    }
    const sub: Subscription = { lastV: 0, buffer: [] };
    conn.subscriptions.set(topic, sub);
    addTo(this.byTopic, topic, conn);
    return sub;
  }

  unsubscribe(conn: SocketConnection, topic: string): void {
    if (conn.subscriptions.delete(topic)) removeFrom(this.byTopic, topic, conn);
  }

  subscribers(topic: string): ReadonlySet<SocketConnection> | undefined {
    return this.byTopic.get(topic);
  }

  userConnections(userId: string): SocketConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  topics(): IterableIterator<string> {
    return this.byTopic.keys();
  }

  get topicCount(): number {
    return this.byTopic.size;
  }
}

function addTo<K>(map: Map<K, Set<SocketConnection>>, key: K, conn: SocketConnection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(conn);
}

function removeFrom<K>(map: Map<K, Set<SocketConnection>>, key: K, conn: SocketConnection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  // Empty sets would keep every topic ever followed alive in memory.
  if (set.size === 0) map.delete(key);
}
