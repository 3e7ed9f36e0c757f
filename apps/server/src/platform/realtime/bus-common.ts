import type { TopicEvent } from '@rush/protocol';

export type BusListener = (event: TopicEvent) => void;

/** What a bus needs of a logger; pino (Fastify's `app.log`) fits. */
export interface BusLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Used when the composition root passes no logger: the bus must still never fail silently. */
export const consoleBusLogger: BusLogger = {
  warn: (obj, msg) => console.warn(`[realtime bus] ${msg}`, obj),
  error: (obj, msg) => console.error(`[realtime bus] ${msg}`, obj),
};

export const BUS_DEFAULTS = {
  /** ARCHITECTURE 6: a bounded history per topic; older `since` values get a resync. */
  historySize: 200,
  /** In-process only: how many topics keep a counter and history (least recently published goes). */
  maxTopics: 10_000,
  /** Redis only: an idle topic's counter and history expire after a day. */
  ttlSeconds: 24 * 60 * 60,
} as const;

/**
 * The JSON text of an event's data. `undefined` (or a function) has no JSON form, so it becomes
 * null on both buses; a bigint or a cycle throws here, in the publisher's call, not later in a
 * socket write.
 */
export function encodeData(data: unknown): string {
  return JSON.stringify(data) ?? 'null';
}

/** The data as every subscriber will see it after the wire. */
export function normalizeData(data: unknown): unknown {
  return JSON.parse(encodeData(data)) as unknown;
}

/** Delivers to every listener; one throwing listener must not starve the others. */
export function notifyAll(
  listeners: Iterable<BusListener>,
  event: TopicEvent,
  log: BusLogger = consoleBusLogger,
): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      log.error({ err, topic: event.topic, v: event.v }, 'bus listener failed');
    }
  }
}

/**
 * Where a topic's versions start. `time`: a fresh counter starts at the current time in
 * milliseconds times 1,000, so a counter that restarts (the process restarted, Redis lost its
 * keys, a counter expired) always starts above every version it handed out before: a client
 * resuming with a `since` from before is behind by more than the kept history and gets a resync,
 * never the tail of another life's events as if they were the ones it missed. `one`: versions
 * count from 1 (the bus tests that read exact versions). Safe integers until the year 2255.
 */
export type VersionBase = 'time' | 'one';

export const versionBaseNow = (): number => Date.now() * 1_000;
