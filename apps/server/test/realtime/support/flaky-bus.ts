import type { TopicEvent } from '@rush/protocol';
import { createInProcessBus } from '../../../src/platform/realtime/in-process-bus.ts';
import type { EventBus } from '../../../src/platform/realtime/types.ts';

/**
 * A bus that can lose deliveries and be swapped for an empty one, like a Redis subscriber that
 * reconnects or a Redis that restarts without its data; `resume()` fires onResume as the Redis
 * bus does after reconnecting.
 */
export function flakyBus() {
  let inner = createInProcessBus();
  let muted = false;
  const listeners = new Set<(e: TopicEvent) => void>();
  const resumeListeners = new Set<() => void>();
  let detach = inner.subscribe((e) => {
    if (!muted) for (const l of listeners) l(e);
  });
  const bus: Required<EventBus> = {
    publish: (t, type, d) => inner.publish(t, type, d),
    since: (t, v) => inner.since(t, v),
    version: (t) => inner.version(t),
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    onResume(l) {
      resumeListeners.add(l);
      return () => resumeListeners.delete(l);
    },
    reachable: () => (muted ? Promise.reject(new Error('muted')) : Promise.resolve()),
    close: () => inner.close(),
  };
  return {
    bus,
    mute: (m: boolean) => (muted = m),
    resume: () => resumeListeners.forEach((l) => l()),
    /** Loses every counter and event, as a restarted Redis without persistence would. */
    wipe() {
      detach();
      inner = createInProcessBus();
      detach = inner.subscribe((e) => {
        if (!muted) for (const l of listeners) l(e);
      });
    },
  };
}
