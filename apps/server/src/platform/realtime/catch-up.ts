import type { FastifyBaseLogger } from 'fastify';
import type { TopicEvent } from '@rush/protocol';
import type { SocketConnection, Subscription } from './connection.ts';
import type { ConnectionIndex } from './connection-index.ts';
import type { EventBus, TopicPolicy } from './types.ts';

/** Live events held for one topic while its replay runs; past this the reader is hopeless. */
const MAX_BUFFERED_EVENTS = 1_000;

export interface CatchUpDeps {
  bus: EventBus;
  index: ConnectionIndex;
  log: FastifyBaseLogger;
}

/**
 * Brings one subscription up to date and makes it live (ARCHITECTURE 6).
 *
 * The subscription is registered (buffering) before the bus is read, so an event published
 * while we read is either in what we read or in the buffer, possibly both; `lastV` drops the
 * second copy. Order on the socket: replayed events (or one resync), then the buffered ones.
 *
 * `since` undefined: no replay, the client starts at the current version.
 * Returns the version the socket is at, or null when the socket closed meanwhile.
 */
export async function catchUp(
  deps: CatchUpDeps,
  conn: SocketConnection,
  topic: string,
  policy: TopicPolicy,
  since: number | undefined,
  onReady?: (v: number) => void,
): Promise<number | null> {
  const { bus, index } = deps;
  const isNew = !conn.subscriptions.has(topic);
  const sub = index.subscribe(conn, topic);
  try {
    if (since === undefined) {
      sub.lastV = await bus.version(topic);
    } else {
      const missed = await bus.since(topic, since);
      if (!conn.isOpen) return abandon(deps, conn, topic);
      if (missed === 'gap') {
        const v = await bus.version(topic);
        // The snapshot is read after the version: it holds at least everything up to v.
        const snapshot: unknown = await policy.snapshot?.(conn, topic);
        if (!conn.isOpen) return abandon(deps, conn, topic);
        conn.reply(snapshot === undefined ? { t: 'resync', topic, v } : { t: 'resync', topic, v, snapshot });
        sub.lastV = v;
      } else {
        sub.lastV = since;
        for (const event of missed) sendEvent(conn, sub, event);
      }
    }
  } catch (err) {
    // Resubscribing keeps the socket's previous state; a first subscription is undone.
    if (isNew) index.unsubscribe(conn, topic);
    else flush(conn, sub);
    throw err;
  }
  if (!conn.isOpen) return abandon(deps, conn, topic);
  onReady?.(sub.lastV);
  flush(conn, sub);
  return sub.lastV;
}

/** Fan-out entry point: buffers during a replay, drops duplicates, sends the rest. */
export function deliver(conn: SocketConnection, sub: Subscription, event: TopicEvent, frame: () => string): void {
  if (sub.buffer) {
    if (sub.buffer.length >= MAX_BUFFERED_EVENTS) {
      conn.ws.terminate();
      return;
    }
    sub.buffer.push(event);
    return;
  }
  if (event.v <= sub.lastV) return;
  sub.lastV = event.v;
  conn.sendFrame(frame());
}

function sendEvent(conn: SocketConnection, sub: Subscription, event: TopicEvent): void {
  if (event.v <= sub.lastV) return;
  sub.lastV = event.v;
  conn.reply(event);
}

function flush(conn: SocketConnection, sub: Subscription): void {
  const buffered = sub.buffer ?? [];
  sub.buffer = null;
  for (const event of buffered) sendEvent(conn, sub, event);
}

function abandon(deps: CatchUpDeps, conn: SocketConnection, topic: string): null {
  deps.index.unsubscribe(conn, topic);
  return null;
}
