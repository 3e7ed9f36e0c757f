import type { TopicEvent } from '@rush/protocol';

/** The realtime client's public shapes (realtime.ts): its status, handlers, socket and options. */

/** `elsewhere`: closed for the user's newer windows (4009) and not reconnecting until resume(). */
export type ConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'elsewhere';

export type PresenceMessageState = 'online' | 'idle';

export interface TopicHandlers {
  onEvent?(event: TopicEvent): void;
  /**
   * Reload the topic's state: the missed events are gone (the snapshot, when the server sent one,
   * is the state), or a fresh subscription just went live (snapshot undefined).
   */
  onResync?(snapshot: unknown): void;
}

/** The part of the browser WebSocket this client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  /** Full page reload (protocol mismatch, session replaced). */
  reload?: () => void;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  maxBackoffMs?: number;
}
