import { parseEvent, type EventOn } from './events.ts';
import {
  createContext,
  use,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { TopicEvent } from '@rush/protocol';
import { RealtimeClient, type ConnectionStatus } from './realtime.ts';
import { PresenceTracker } from './presence.ts';

const RealtimeContext = createContext<RealtimeClient | null>(null);

interface RealtimeProviderProps {
  /** Tests pass their own client; the app makes one per tab. */
  client?: RealtimeClient;
  /**
   * The signed-in session (null for a visitor, undefined while unknown). The socket opens once it
   * is known and reconnects when it changes, so it always carries the current cookie.
   */
  identity: string | null | undefined;
  /** The server ended this session's socket because it logged out elsewhere. */
  onLoggedOut?: () => void;
  children: ReactNode;
}

/** Owns the tab's one socket and the presence tracker for the life of the app. */
export function RealtimeProvider({ client: given, identity, onLoggedOut, children }: RealtimeProviderProps) {
  const [client] = useState(() => given ?? new RealtimeClient());
  const handleLoggedOut = useEffectEvent(() => onLoggedOut?.());

  const ready = identity !== undefined;
  useEffect(() => {
    if (!ready) return;
    const stopListening = client.onLoggedOut(() => handleLoggedOut());
    client.start();
    const tracker = new PresenceTracker((state) => client.sendPresence(state));
    tracker.start(window);
    return () => {
      stopListening();
      tracker.stop();
      client.stop();
    };
  }, [client, ready]);

  const connectedAs = useRef(identity);
  useEffect(() => {
    const previous = connectedAs.current;
    if (previous === identity) return;
    connectedAs.current = identity;
    if (previous !== undefined && identity !== undefined) client.restart();
  }, [client, identity]);

  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

export function useRealtime(): RealtimeClient {
  const client = use(RealtimeContext);
  if (!client) throw new Error('useRealtime outside RealtimeProvider');
  return client;
}

export interface TopicCallbacks<T extends string> {
  /** Each event, parsed and typed by the protocol's map for this topic. */
  onEvent?(event: EventOn<T>): void;
  /** The topic's state must be read again (missed or unreadable events); `snapshot` when the server sent one. */
  onResync?(snapshot: unknown): void;
}

/**
 * Listens to a topic while mounted (null: no topic). The callbacks may change on every render.
 * Events come parsed (api/events.ts); one that does not parse is dropped and the topic resyncs.
 */
export function useTopic<T extends string>(topic: T | null, callbacks: TopicCallbacks<T>): void {
  const client = useRealtime();
  const onEvent = useEffectEvent((event: TopicEvent) => {
    const parsed = parseEvent(event.topic as T, event);
    if (parsed) callbacks.onEvent?.(parsed);
    else callbacks.onResync?.(undefined);
  });
  const onResync = useEffectEvent((snapshot: unknown) => callbacks.onResync?.(snapshot));
  useEffect(() => {
    if (!topic) return;
    return client.subscribe(topic, {
      onEvent: (event) => onEvent(event),
      onResync: (snapshot) => onResync(snapshot),
    });
  }, [client, topic]);
}

export function useConnectionStatus(): ConnectionStatus {
  const client = useRealtime();
  return useSyncExternalStore(client.onStatus, client.getStatus, client.getStatus);
}
