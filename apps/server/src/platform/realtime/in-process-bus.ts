import type { TopicEvent } from '@rush/protocol';
import type { EventBus } from './types.ts';
import {
  BUS_DEFAULTS,
  consoleBusLogger,
  normalizeData,
  notifyAll,
  versionBaseNow,
  type BusListener,
  type BusLogger,
  type VersionBase,
} from './bus-common.ts';

export interface InProcessBusOptions {
  /** Events kept per topic for resuming clients. */
  historySize?: number;
  /** Topics kept at all; the least recently published one is forgotten first. */
  maxTopics?: number;
  log?: BusLogger;
  /** Default `one`; the server runs `time` (createBus). */
  versionBase?: VersionBase;
}

/** Runs synchronous work behind the async EventBus contract; a throw becomes a rejection. */
function settle<T>(work: () => T): Promise<T> {
  try {
    return Promise.resolve(work());
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

interface TopicState {
  v: number;
  /** The last `historySize` events, oldest first. */
  events: TopicEvent[];
}

/**
 * The single-process bus (no REDIS_URL). Versions and history live in memory, so they restart
 * with the process: a client that resumes with a `since` from an earlier life is ahead of the
 * counter and gets 'gap' (a resync), never wrong events.
 *
 * The LRU bound keeps memory flat however many games were ever played. A topic it forgets must
 * not restart at version 1 while sockets still hold a higher one (the hub would drop the new
 * events as duplicates), so every topic created after an eviction starts from the highest
 * version ever evicted (`floor`). Until the first eviction, versions start at 1.
 */
export function createInProcessBus(opts: InProcessBusOptions = {}): EventBus {
  const historySize = opts.historySize ?? BUS_DEFAULTS.historySize;
  const maxTopics = opts.maxTopics ?? BUS_DEFAULTS.maxTopics;
  // A Map iterates in insertion order: re-inserting on publish makes the first key the LRU one.
  const topics = new Map<string, TopicState>();
  const listeners = new Set<BusListener>();
  let floor = opts.versionBase === 'time' ? versionBaseNow() : 0;
  const log = opts.log ?? consoleBusLogger;
  let closed = false;

  return {
    publish: (topic, type, data) =>
      settle(() => {
        if (closed) throw new Error('bus closed');
        const state = topics.get(topic) ?? { v: floor, events: [] };
        topics.delete(topic);
        topics.set(topic, state);
        if (topics.size > maxTopics) {
          const oldest = topics.entries().next();
          if (!oldest.done) {
            topics.delete(oldest.value[0]);
            floor = Math.max(floor, oldest.value[1].v);
          }
        }
        // Same wire copy as the Redis bus: a later mutation by the publisher cannot rewrite history,
        // and a value JSON cannot carry (bigint, cycle) fails here, at the publisher, on both buses.
        const event: TopicEvent = { t: 'ev', topic, v: state.v + 1, type, data: normalizeData(data) };
        state.v = event.v;
        state.events.push(event);
        if (state.events.length > historySize) state.events.shift();
        notifyAll(listeners, event, log);
        return event;
      }),

    since: (topic, since) =>
      settle(() => {
        const state = topics.get(topic);
        const current = state?.v ?? floor;
        if (since === current) return [];
        if (since > current || !state) return 'gap';
        const oldest = state.events[0]?.v ?? current + 1;
        if (since + 1 < oldest) return 'gap';
        return state.events.slice(since + 1 - oldest);
      }),

    version: (topic) => settle(() => topics.get(topic)?.v ?? floor),

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    close: () =>
      settle(() => {
        closed = true;
        listeners.clear();
      }),
  };
}
