import type { RawData } from 'ws';
import { TEXTS } from '@rush/domain';
import { ClientMessage } from '@rush/protocol';
import { catchUp, type CatchUpDeps } from './catch-up.ts';
import type { CommandRegistry } from './commands.ts';
import type { SocketConnection } from './connection.ts';
import type { ListenerSet } from './listeners.ts';
import type { TopicRegistry } from './topics.ts';
import { refusalText, type SocketRateLimiter } from './socket-rate-limiter.ts';
import type { SocketRateClass } from './socket-rates.ts';

export interface InboundDeps extends CatchUpDeps {
  topics: TopicRegistry;
  commands: CommandRegistry;
  listeners: ListenerSet;
  maxTopicsPerConnection: number;
  rates: SocketRateLimiter;
  /** Counts a frame refused for rate (the hub's stats). */
  rateRefused(): void;
  /** Counts a bad frame (hub-wide and on the connection) and enforces the limit. */
  badMessage(conn: SocketConnection): void;
}

/**
 * One inbound frame (ARCHITECTURE 8): parsed with the protocol schema, anything else dropped,
 * counted and answered with one `err`. Nothing here throws or rejects: `ws` would report a
 * throw as an uncaught exception of the whole process.
 *
 * `ping` is answered at once, outside the queue: it measures the socket, not the handlers.
 * Everything else goes through the connection's serial queue.
 */
export function handleFrame(deps: InboundDeps, conn: SocketConnection, data: RawData, isBinary: boolean): void {
  conn.alive = true;
  if (!conn.isOpen) return; // frames still arriving after we began to close
  if (isBinary) return reject(deps, conn);
  let json: unknown;
  try {
    json = JSON.parse(rawToString(data));
  } catch {
    return reject(deps, conn);
  }
  const parsed = ClientMessage.safeParse(json);
  if (!parsed.success) return reject(deps, conn);
  const msg = parsed.data;
  switch (msg.t) {
    case 'ping':
      conn.reply({ t: 'pong', id: msg.id });
      return;
    case 'sub':
    case 'unsub': {
      const topic = msg.topic;
      const refuse = (s: number) =>
        conn.reply({ t: 'err', code: 'RATE_LIMITED', message: refusalText('subscribe', s), topic, retryAfter: s });
      return counted(deps, conn, 'subscribe', refuse, () =>
        msg.t === 'sub' ? subscribe(deps, conn, topic, msg.since) : deps.index.unsubscribe(conn, topic),
      );
    }
    case 'presence':
      // A presence frame beyond the rate is dropped without an answer: it is a hint, and
      // answering a flood would double it.
      return counted(
        deps,
        conn,
        'presence',
        () => undefined,
        () => deps.listeners.presence(conn, msg.state),
      );
    case 'cmd': {
      const cls = deps.commands.rateClassOf(msg.name);
      const refuse = (s: number) =>
        conn.reply({
          t: 'ack',
          id: msg.id,
          ok: false,
          error: { code: 'RATE_LIMITED', message: refusalText(cls, s), retryAfter: s },
        });
      return counted(deps, conn, cls, refuse, async () => {
        const { frame, unknown } = await deps.commands.run(conn, msg.id, msg.name, msg.payload);
        if (unknown) deps.badMessage(conn);
        conn.sendFrame(frame);
      });
    }
  }
}

/**
 * Issue 33: a frame's work runs only within the socket's and the user's budgets of its class,
 * counted before any of the work. The socket's budget is checked here, before the frame is even
 * queued, so a refused flood neither fills the queue nor waits for Redis; the user's is counted
 * first thing in the queued task (it may be a Redis round trip).
 */
function counted(
  deps: InboundDeps,
  conn: SocketConnection,
  cls: SocketRateClass,
  refuse: (retryAfterSeconds: number) => void,
  task: () => Promise<void> | void,
): void {
  const refused = (retryAfterSeconds: number) => {
    deps.rateRefused();
    refuse(retryAfterSeconds);
  };
  const local = deps.rates.socket(conn, cls);
  if (!local.allowed) return refused(local.retryAfterSeconds);
  enqueue(deps, conn, async () => {
    const shared = await deps.rates.user(conn, cls);
    if (!shared.allowed) return refused(shared.retryAfterSeconds);
    await task();
  });
}

function reject(deps: InboundDeps, conn: SocketConnection): void {
  conn.reply({ t: 'err', code: 'BAD_MESSAGE', message: TEXTS.badRequest });
  deps.badMessage(conn);
}

function enqueue(deps: InboundDeps, conn: SocketConnection, task: () => Promise<void> | void): void {
  // A client that keeps sending while its handlers cannot keep up is treated like one sending garbage.
  if (!conn.queue.push(task)) reject(deps, conn);
}

async function subscribe(
  deps: InboundDeps,
  conn: SocketConnection,
  topic: string,
  since: number | undefined,
): Promise<void> {
  if (!conn.isOpen) return;
  const forbidden = () => conn.reply({ t: 'err', code: 'FORBIDDEN', message: TEXTS.forbidden, topic });
  const policy = deps.topics.policyFor(topic);
  if (!policy) return forbidden();
  if (!conn.subscriptions.has(topic) && conn.subscriptions.size >= deps.maxTopicsPerConnection) {
    conn.reply({ t: 'err', code: 'TOO_MANY_TOPICS', message: TEXTS.badRequest, topic });
    return;
  }
  let allowed: boolean;
  try {
    allowed = (await policy.authorize(conn, topic)) === true;
  } catch (err) {
    deps.log.error({ err, topic }, 'topic authorization failed');
    conn.reply({ t: 'err', code: 'INTERNAL', message: TEXTS.internal, topic });
    return;
  }
  if (!allowed) return forbidden();
  if (!conn.isOpen) return;
  try {
    await catchUp(deps, conn, topic, policy, since, (v) => conn.reply({ t: 'subscribed', topic, v }));
  } catch (err) {
    deps.log.warn({ err, topic }, 'subscription replay failed');
    conn.reply({ t: 'err', code: 'UNAVAILABLE', message: TEXTS.internal, topic });
  }
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
