import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CLOSE_CODES,
  PROTOCOL_VERSION,
  SessionReplacedData,
  TopicRevokedData,
  UserEvents,
  type TopicEvent,
} from '@rush/protocol';
import { catchUp, deliver } from './catch-up.ts';
import { CommandRegistry } from './commands.ts';
import { SocketConnection, type ConnectionLimits, type Identity, type Transport } from './connection.ts';
import { ConnectionIndex } from './connection-index.ts';
import { handleFrame, type InboundDeps } from './inbound.ts';
import { LocalRateCounter, type RateCounter } from './rate-counter.ts';
import { DEFAULT_SOCKETS_PER_USER } from './socket-bound.ts';
import { SocketRateLimiter } from './socket-rate-limiter.ts';
import { SOCKET_RATES, type SocketRate, type SocketRateClass } from './socket-rates.ts';
import { UserSocketBound } from './user-socket-bound.ts';
import type { UserSocketRegistry } from './user-sockets.ts';
import { ListenerSet } from './listeners.ts';
import { socketRoute } from './socket-route.ts';
import { StandingKeeper } from './standing.ts';
import { TopicRegistry } from './topics.ts';
import type { EventBus, RealtimeHub, SocketAuthenticator } from './types.ts';

export interface HubOptions {
  bus: EventBus;
  log: FastifyBaseLogger;
  /** The only Origin allowed to open a socket (config.appOrigin). */
  appOrigin: string;
  /** Interval of the server's ping frames; a socket silent for two intervals is dropped. */
  heartbeatMs?: number;
  /** Tests loosen these (e.g. a fuzz test sends far more than 50 bad frames a minute). */
  limits?: Partial<ConnectionLimits>;
  maxTopicsPerConnection?: number;
  /** How long close() waits for clients to acknowledge the close before dropping them. */
  closeGraceMs?: number;
  /** Issue 33: budgets per class (socket-rates.ts SOCKET_RATES unless given). */
  rates?: Record<SocketRateClass, SocketRate>;
  /** The per-user rate counter; in memory unless given (app.ts passes Redis's with REDIS_URL). */
  sharedRateCounter?: RateCounter;
  /** Sockets one user may hold (socket-bound.ts). */
  socketsPerUser?: number;
  /** The rate windows' time (the server's Clock, so tests move it). */
  now?: () => number;
  /** Every instance's sockets per user (Redis), so the bound holds across instances; none: this instance's. */
  userSockets?: UserSocketRegistry;
}

export interface HubStats {
  connections: number;
  badMessages: number;
  /** Frames refused for exceeding MAX_FRAME_BYTES (close 1009); also counted in badMessages. */
  oversizedFrames: number;
  topics: number;
  /** Issue 33: frames refused for their class's rate (commands, subscriptions, presence). */
  rateRefusals: number;
  /** Issue 33: sockets of this instance closed for their user's newer ones (4009). */
  socketsOverLimit: number;
}

/** ws's error code for a frame over maxPayload. */
const OVERSIZED_FRAME = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';

/** What server.ts wires: the RealtimeHub contract plus the Fastify plugin of GET /ws. */
export interface Hub extends RealtimeHub {
  plugin(opts: { authenticate: SocketAuthenticator }): FastifyPluginAsync;
  stats(): HubStats;
}

const DEFAULT_LIMITS: ConnectionLimits = {
  maxBadMessages: 50,
  badWindowMs: 60_000,
  maxQueued: 100,
  maxBufferedBytes: 4 * 1024 * 1024,
  now: () => Date.now(),
};

/**
 * The realtime hub: sockets of this instance, their subscriptions, and the fan-out of the bus
 * to them. All cross-instance state (versions, history) lives in the bus; what is here is only
 * which local socket follows what, so any instance can serve any client.
 */
export function createHub(opts: HubOptions): Hub {
  const { bus, log } = opts;
  const limits: ConnectionLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  const rates = new SocketRateLimiter({
    rates: opts.rates ?? SOCKET_RATES,
    now: opts.now ?? (() => Date.now()),
    shared: opts.sharedRateCounter ?? new LocalRateCounter(),
    log,
  });
  const index = new ConnectionIndex();
  const bound = new UserSocketBound({
    index,
    bus,
    log,
    max: opts.socketsPerUser ?? DEFAULT_SOCKETS_PER_USER,
    ...(opts.userSockets ? { registry: opts.userSockets } : {}),
  });
  const topics = new TopicRegistry();
  const commands = new CommandRegistry(log);
  const standing = new StandingKeeper(index, log);
  commands.setGuard((conn) => standing.admit(conn));
  const listeners = new ListenerSet(log);
  let badMessages = 0;
  let rateRefusals = 0;
  let oversizedFrames = 0;
  let closing = false;

  const deps: InboundDeps = {
    bus,
    index,
    log,
    topics,
    commands,
    listeners,
    maxTopicsPerConnection: opts.maxTopicsPerConnection ?? 200,
    rates,
    rateRefused() {
      rateRefusals++;
    },
    badMessage(conn) {
      badMessages++;
      if (conn.recordBadMessage()) conn.close(CLOSE_CODES.tooManyBadMessages, 'Too many bad messages');
    },
  };

  function closeWhere(userId: string, match: (c: SocketConnection) => boolean, code: number, reason: string): void {
    for (const conn of index.userConnections(userId)) if (match(conn)) conn.close(code, reason);
  }

  /** SPEC 4 single session and account restrictions, on every instance since every instance sees every event. */
  function applySessionRules(event: TopicEvent): void {
    if (!event.topic.startsWith('user:')) return;
    if (bound.applyEvent(event)) return;
    if (event.type === UserEvents.standingChanged) {
      standing.refresh(event.topic.slice('user:'.length));
      return;
    }
    if (event.type === UserEvents.accountRestricted) {
      const userId = event.topic.slice('user:'.length);
      // Commands already queued on the closing sockets are judged by the new standing too.
      standing.refresh(userId);
      closeWhere(userId, () => true, CLOSE_CODES.accountRestricted, 'Account restricted');
      return;
    }
    if (event.type === UserEvents.topicRevoked) {
      // The user may no longer read a topic (issue 33: kicked from a private lobby): each
      // instance drops its sockets' subscriptions, so nothing published after reaches them.
      const data = TopicRevokedData.safeParse(event.data);
      if (!data.success) return;
      for (const conn of index.userConnections(event.topic.slice('user:'.length)))
        index.unsubscribe(conn, data.data.topic);
      return;
    }
    if (event.type !== UserEvents.sessionReplaced && event.type !== UserEvents.loggedOut) return;
    const data = SessionReplacedData.safeParse(event.data);
    if (!data.success) {
      log.warn({ topic: event.topic, type: event.type }, 'session event without sessionId ignored');
      return;
    }
    const userId = event.topic.slice('user:'.length);
    const { sessionId } = data.data;
    if (event.type === UserEvents.sessionReplaced) {
      closeWhere(userId, (c) => c.sessionPublicId !== sessionId, CLOSE_CODES.sessionReplaced, 'Session replaced');
    } else {
      closeWhere(userId, (c) => c.sessionPublicId === sessionId, CLOSE_CODES.loggedOut, 'Logged out');
    }
  }

  function onBusEvent(event: TopicEvent): void {
    try {
      const subscribers = index.subscribers(event.topic);
      if (subscribers) {
        let frame: string | undefined;
        const serialized = () => (frame ??= JSON.stringify(event));
        for (const conn of subscribers) {
          const sub = conn.subscriptions.get(event.topic);
          if (sub) deliver(conn, sub, event, serialized);
        }
      }
      // After the delivery: the closing sockets still receive the event that closes them.
      applySessionRules(event);
    } catch (err) {
      log.error({ err, topic: event.topic }, 'realtime fan-out failed');
    }
  }

  /** After the bus may have lost events, every subscription re-checks its version. */
  function onBusResume(): void {
    log.info({ connections: index.all.size }, 'realtime bus resumed; re-checking subscriptions');
    // A standing event may have been lost with the others: every account here is read again.
    standing.refreshAll();
    for (const conn of index.all) {
      for (const topic of conn.subscriptions.keys()) {
        conn.queue.force(async () => {
          const sub = conn.subscriptions.get(topic);
          const policy = topics.policyFor(topic);
          if (!sub || !policy || !conn.isOpen) return;
          await catchUp(deps, conn, topic, policy, sub.lastV);
        });
      }
    }
  }

  const stopBus = bus.subscribe(onBusEvent);
  const stopResume = bus.onResume?.(onBusResume);
  const heartbeat = setInterval(() => {
    for (const conn of index.all) conn.heartbeat();
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();

  /** Closed sockets whose disconnect listeners are still queued or running. */
  const draining = new Set<SocketConnection>();

  function accept(ws: WebSocket, identity: Identity, transport?: Transport): void {
    const conn = new SocketConnection(ws, identity, limits, log, transport);
    // Errors are followed by 'close', which does the cleanup; a protocol error (frame too big,
    // invalid UTF-8, bad opcode) is the client's fault and counts as a bad message. Debug
    // level: any client can cause as many as it likes, and the counters show a flood.
    ws.on('error', (err: Error & { code?: string }) => {
      if (typeof err.code === 'string' && err.code.startsWith('WS_ERR_')) badMessages++;
      if (err.code === OVERSIZED_FRAME) oversizedFrames++;
      log.debug({ err, connId: conn.id }, 'realtime socket error');
    });
    if (closing || !conn.isOpen) {
      conn.close(CLOSE_CODES.serverShutdown, 'Server shutting down');
      return;
    }
    index.add(conn);
    if (conn.userId !== null) {
      bound.opened(conn, conn.userId);
    }
    ws.on('message', (data, isBinary) => {
      // A throw here would surface from ws's emitter as an uncaught exception of the process.
      try {
        handleFrame(deps, conn, data, isBinary);
      } catch (err) {
        log.error({ err, connId: conn.id }, 'realtime frame handling failed');
      }
    });
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.once('close', () => {
      index.remove(conn);
      conn.queue.force(() => listeners.disconnect(conn));
      // Until its disconnect listeners have run, a shutdown waits for it (they write presence).
      draining.add(conn);
      void conn.queue.idle().then(() => draining.delete(conn));
    });
    conn.reply({ t: 'hello', protocol: PROTOCOL_VERSION, connId: conn.id, authenticated: conn.userId !== null });
    conn.queue.force(() => listeners.connect(conn));
  }

  return {
    publish: (topic, type, data) => bus.publish(topic, type, data),
    registerTopic: (family, policy) => topics.register(family, policy),
    registerCommand: (name, handler) => commands.register(name, handler),
    guardCommands: (rules) => standing.setRules(rules),
    refreshStanding: (userId) => standing.refresh(userId),
    commandNames: () => commands.names(),
    addListener: (listener) => listeners.add(listener),

    closeUserSockets(userId, code, reason, exceptSessionPublicId) {
      closeWhere(
        userId,
        (c) => exceptSessionPublicId === undefined || c.sessionPublicId !== exceptSessionPublicId,
        code,
        reason,
      );
    },

    stats: () => ({
      connections: index.all.size,
      badMessages,
      oversizedFrames,
      topics: index.topicCount,
      rateRefusals,
      socketsOverLimit: bound.closedCount,
    }),

    plugin: ({ authenticate }) =>
      socketRoute({ appOrigin: opts.appOrigin, authenticate, isClosing: () => closing, accept, log }),

    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      stopBus();
      stopResume?.();
      const conns = [...index.all];
      for (const conn of conns) conn.close(CLOSE_CODES.serverShutdown, 'Server shutting down');
      // Wait for the close handshakes (and the disconnect listeners they queue), and for the
      // listeners of sockets that closed just before, but not forever: the modules and the
      // database close next.
      const done = Promise.all([
        ...conns.map(async (c) => {
          await c.closed;
          await c.queue.idle();
        }),
        ...[...draining].map((c) => c.queue.idle()),
      ]);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), opts.closeGraceMs ?? 2_000);
      });
      if ((await Promise.race([done, timeout])) === 'timeout') for (const c of conns) c.ws.terminate();
      clearTimeout(timer);
    },
  };
}
