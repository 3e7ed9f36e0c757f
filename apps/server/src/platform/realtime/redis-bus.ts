import { Redis } from 'ioredis';
import { TopicEvent } from '@rush/protocol';
import type { EventBus } from './types.ts';
import {
  BUS_DEFAULTS,
  consoleBusLogger,
  encodeData,
  notifyAll,
  type BusListener,
  type BusLogger,
  type VersionBase,
} from './bus-common.ts';
import { runScript, SCRIPTS } from './redis-scripts.ts';

export interface RedisBusOptions {
  url: string;
  /** Prefix of every key and of the channel; tests use a random one per test to stay isolated. */
  prefix?: string;
  historySize?: number;
  /** How long an idle topic's history is kept. */
  historyTtlSeconds?: number;
  /**
   * How long an idle topic's version counter is kept. Longer than the history on purpose: a
   * counter that expired under a socket still subscribed would restart at 1, below the version
   * that socket already has, and the hub would take the new events for duplicates.
   */
  versionTtlSeconds?: number;
  log?: BusLogger;
  /** Default `one`; the server runs `time` (createBus): Redis's own clock starts each fresh counter. */
  versionBase?: VersionBase;
}

/**
 * The multi-instance bus (REDIS_URL set). Every instance publishes through an atomic script and
 * receives every event, its own included, from one pub/sub channel, so all instances see the
 * same events in the same order. Keys use a {topic} hash tag so a script's two keys share a
 * cluster slot.
 */
export async function createRedisBus(opts: RedisBusOptions): Promise<EventBus> {
  const prefix = opts.prefix ?? 'rt:';
  const historySize = opts.historySize ?? BUS_DEFAULTS.historySize;
  const historyTtl = opts.historyTtlSeconds ?? BUS_DEFAULTS.ttlSeconds;
  const versionTtl = opts.versionTtlSeconds ?? 30 * BUS_DEFAULTS.ttlSeconds;
  const log = opts.log ?? consoleBusLogger;
  const channel = `${prefix}events`;
  const versionKey = (topic: string) => `${prefix}v:{${topic}}`;
  const historyKey = (topic: string) => `${prefix}h:{${topic}}`;

  // Named per prefix so an operator (or a test) can tell the connections apart in CLIENT LIST;
  // a connection name may not contain spaces.
  const name = prefix.replace(/[^\w:.-]/g, '_');
  // A bounded retry count makes publish fail (and the caller see it) during a long outage,
  // instead of queueing forever; the subscriber retries forever since it has no caller.
  const commands = new Redis(opts.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 5,
    connectionName: `rt-cmd:${name}`,
  });
  const subscriber = new Redis(opts.url, {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    autoResubscribe: false,
    connectionName: `rt-sub:${name}`,
  });
  const listeners = new Set<BusListener>();
  const resumeListeners = new Set<() => void>();
  let closed = false;

  // Without an 'error' listener ioredis prints every connection error as unhandled.
  commands.on('error', (err: Error) => log.warn({ err }, 'redis (commands) error'));
  subscriber.on('error', (err: Error) => log.warn({ err }, 'redis (subscriber) error'));

  subscriber.on('message', (ch: string, message: string) => {
    if (ch !== channel) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      log.warn({ channel }, 'non-JSON message on the realtime channel dropped');
      return;
    }
    const event = TopicEvent.safeParse(parsed);
    if (!event.success) {
      log.warn({ channel }, 'malformed event on the realtime channel dropped');
      return;
    }
    notifyAll(listeners, event.data, log);
  });

  // Events published while the subscriber was disconnected never arrive; after it is back we
  // subscribe again ourselves (so we know when it is in place) and tell the hub to re-check
  // its topics against the kept history.
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (!connectedOnce || closed) return;
    subscriber.subscribe(channel).then(
      () => {
        for (const l of resumeListeners) {
          try {
            l();
          } catch (err) {
            log.error({ err }, 'bus resume listener failed');
          }
        }
      },
      (err: unknown) => log.warn({ err }, 'redis resubscribe failed'),
    );
  });

  try {
    await Promise.all([commands.connect(), subscriber.connect()]);
    await subscriber.subscribe(channel);
    connectedOnce = true;
  } catch (err) {
    commands.disconnect();
    subscriber.disconnect();
    throw err;
  }

  return {
    async publish(topic, type, data) {
      if (closed) throw new Error('bus closed');
      const raw = await runScript(
        commands,
        SCRIPTS.publish,
        [versionKey(topic), historyKey(topic)],
        [
          channel,
          JSON.stringify(topic),
          JSON.stringify(type),
          encodeData(data),
          historySize,
          historyTtl,
          versionTtl,
          opts.versionBase === 'time' ? 'time' : 'one',
        ],
      );
      if (typeof raw !== 'string') throw new Error('unexpected reply from the publish script');
      return TopicEvent.parse(JSON.parse(raw));
    },

    async since(topic, since) {
      const reply = await runScript(
        commands,
        SCRIPTS.since,
        [versionKey(topic), historyKey(topic)],
        [since, historySize],
      );
      if (!Array.isArray(reply) || reply[1] === 'gap') {
        if (Array.isArray(reply)) return 'gap';
        throw new Error('unexpected reply from the since script');
      }
      // The list is newest first; the client wants them in order.
      const events: TopicEvent[] = [];
      for (let i = reply.length - 1; i >= 2; i--) {
        const item: unknown = reply[i];
        if (typeof item !== 'string') throw new Error('unexpected item in topic history');
        events.push(TopicEvent.parse(JSON.parse(item)));
      }
      return events;
    },

    async version(topic) {
      const v = await commands.get(versionKey(topic));
      return v === null ? 0 : Number(v);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    onResume(listener) {
      resumeListeners.add(listener);
      return () => {
        resumeListeners.delete(listener);
      };
    },

    async reachable() {
      // A subscriber that lost Redis misses events until it is back: not ready either.
      if (subscriber.status !== 'ready') throw new Error(`redis subscriber ${subscriber.status}`);
      if (commands.status !== 'ready') throw new Error(`redis ${commands.status}`);
      await commands.ping();
    },

    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      resumeListeners.clear();
      // QUIT waits for pending replies; if Redis is unreachable it fails and we just drop the socket.
      await Promise.all(
        [subscriber, commands].map((r) =>
          r.quit().then(
            () => undefined,
            () => r.disconnect(),
          ),
        ),
      );
    },
  };
}
