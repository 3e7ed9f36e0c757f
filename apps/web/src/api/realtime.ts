import { CommandQueue, type CommandOptions } from './realtime-commands.ts';
import { CLOSE_CODES, PROTOCOL_VERSION, type ClientMessage, type TopicEvent } from '@rush/protocol';
import { loadedSchemas, loadSchemas, schemasLoaded } from './schemaLoader.ts';
import { defaultUrl, reloadForNewProtocol } from './realtime-reload.ts';
import type {
  ConnectionStatus,
  PresenceMessageState,
  RealtimeOptions,
  SocketLike,
  TopicHandlers,
} from './realtime-types.ts';

/**
 * The realtime client: one socket per tab to `/ws`. It reconnects with backoff, re-subscribes
 * every topic with `since` = the last version seen (the server replays what was missed or sends
 * a resync), keeps the socket alive with pings and carries presence. Pure TypeScript; React binds
 * to it in realtime-react.tsx. A socket opens only once the protocol's schemas have loaded
 * (schemaLoader.ts), so every message, and every event handed on, is parsed as it arrives.
 */

export {
  COMMAND_DISCONNECTED,
  COMMAND_NO_ANSWER_TEXT,
  COMMAND_TIMEOUT,
  CommandError,
  type CommandOptions,
} from './realtime-commands.ts';
export type {
  ConnectionStatus,
  PresenceMessageState,
  RealtimeOptions,
  SocketLike,
  TopicHandlers,
} from './realtime-types.ts';

interface TopicState {
  handlers: Set<TopicHandlers>;
  /** Last version applied; undefined until the server tells one. */
  v: number | undefined;
}

const OPEN = 1;
const BASE_BACKOFF_MS = 500;
export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeOptions, 'url'>> & Pick<RealtimeOptions, 'url'>;
  private readonly loggedOutListeners = new Set<() => void>();
  private readonly topics = new Map<string, TopicState>();
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private ready = false;
  private running = false;
  private attempts = 0;
  private status: ConnectionStatus = 'idle';
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private pingId = 0;
  /** Subscriptions refused for rate, waiting to be sent again (retryTopic). */
  private readonly topicRetries = new Set<ReturnType<typeof setTimeout>>();
  private presence: PresenceMessageState = 'online';
  /** A connection waits for the schemas (the first one of the page only). */
  private awaitingSchemas = false;
  /** Commands waiting for their ack, sent again or failed as the connection comes and goes. */
  private readonly commands = new CommandQueue((msg) => this.send(msg));

  constructor(options: RealtimeOptions = {}) {
    this.opts = {
      createSocket: (url) => new WebSocket(url),
      reload: () => window.location.reload(),
      pingIntervalMs: 25_000,
      pongTimeoutMs: 10_000,
      maxBackoffMs: 15_000,
      ...options,
    };
  }

  /** Opens the socket (idempotent). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  /** Closes the socket for good (until start); commands still waiting are rejected. */
  stop(): void {
    this.running = false;
    this.commands.failAll();
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    if (socket) {
      this.detach(socket);
      socket.close(CLOSE_CODES.normal, 'stop');
    }
    this.setStatus('idle');
  }

  /** Reconnects at once, e.g. after login or logout so the socket carries the new cookie. */
  restart(): void {
    if (!this.running) return;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.clearTimers();
    this.commands.dropInFlight();
    if (socket) {
      this.detach(socket);
      socket.close(CLOSE_CODES.normal, 'restart');
    }
    this.attempts = 0;
    this.connect();
  }

  /**
   * Connects again after the server gave this socket's place to the user's newer windows
   * (status `elsewhere`), when the person chooses this window: one of the others closes then.
   */
  resume(): void {
    if (!this.running || this.status !== 'elsewhere' || this.socket) return;
    this.attempts = 0;
    this.connect();
  }

  /** Listens to a topic; the returned function stops listening (the last listener unsubscribes). */
  subscribe(topic: string, handlers: TopicHandlers): () => void {
    let state = this.topics.get(topic);
    if (!state) {
      state = { handlers: new Set(), v: undefined };
      this.topics.set(topic, state);
      if (this.ready) this.send({ t: 'sub', topic });
    }
    state.handlers.add(handlers);
    const owned = state;
    return () => {
      owned.handlers.delete(handlers);
      if (owned.handlers.size === 0 && this.topics.get(topic) === owned) {
        this.topics.delete(topic);
        if (this.ready) this.send({ t: 'unsub', topic });
      }
    };
  }

  /**
   * Sends a command (`{t:'cmd', id, name, payload}`) and resolves with the `result` of its ack,
   * or rejects with a CommandError carrying the server's code and text. Waits for the connection
   * when the socket is down; see CommandOptions for what happens when it drops meanwhile.
   */
  command<T = unknown>(name: string, payload: unknown, options: CommandOptions = {}): Promise<T> {
    return this.commands.add<T>(name, payload, options, { running: this.running, ready: this.ready });
  }

  sendPresence(state: PresenceMessageState): void {
    this.presence = state;
    if (this.ready) this.send({ t: 'presence', state });
  }

  /** The server closed the socket because this session logged out (in another tab or device). */
  onLoggedOut(listener: () => void): () => void {
    this.loggedOutListeners.add(listener);
    return () => this.loggedOutListeners.delete(listener);
  }

  getStatus = (): ConnectionStatus => this.status;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Last version seen on a topic (for tests and diagnostics). */
  versionOf(topic: string): number | undefined {
    return this.topics.get(topic)?.v;
  }

  private connect(): void {
    this.setStatus(this.attempts === 0 && this.status !== 'reconnecting' ? 'connecting' : 'reconnecting');
    if (!schemasLoaded()) {
      this.connectOnceSchemasLoad();
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url ?? defaultUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.handleFrame(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket === socket) this.handleClose(ev.code);
    };
    socket.onerror = () => {
      // onclose follows and decides
    };
  }

  /** Connects once the schemas are in; if they cannot load (offline), retries as a dropped socket would. */
  private connectOnceSchemasLoad(): void {
    if (this.awaitingSchemas) return;
    this.awaitingSchemas = true;
    loadSchemas().then(
      () => {
        this.awaitingSchemas = false;
        if (this.running && !this.socket && !this.reconnectTimer) this.connect();
      },
      () => {
        this.awaitingSchemas = false;
        if (this.running && !this.socket && !this.reconnectTimer) this.scheduleReconnect();
      },
    );
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  private handleFrame(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const parsed = loadedSchemas().ServerMessage.safeParse(json);
    if (!parsed.success) return;
    const msg = parsed.data;
    switch (msg.t) {
      case 'hello':
        if (msg.protocol !== PROTOCOL_VERSION) {
          reloadForNewProtocol(this.opts.reload);
          return;
        }
        this.onReady();
        return;
      case 'ev':
        this.handleEvent(msg);
        return;
      case 'resync': {
        const state = this.topics.get(msg.topic);
        if (!state) return;
        state.v = msg.v;
        for (const h of [...state.handlers]) h.onResync?.(msg.snapshot);
        return;
      }
      case 'subscribed': {
        // A fresh subscription is live from v on, without a replay: state read before it may
        // miss events, so the listeners reload it once (a resumed one got its replay instead).
        const state = this.topics.get(msg.topic);
        if (!state || state.v !== undefined) return;
        state.v = msg.v;
        for (const h of [...state.handlers]) h.onResync?.(undefined);
        return;
      }
      case 'pong':
        if (this.pongTimer) clearTimeout(this.pongTimer);
        this.pongTimer = null;
        return;
      case 'ack':
        this.commands.acked(msg);
        return;
      case 'err':
        if (msg.code === 'RATE_LIMITED' && msg.topic !== undefined) this.retryTopic(msg.topic, msg.retryAfter ?? 1);
        return;
      default:
        return;
    }
  }

  private handleEvent(event: TopicEvent): void {
    const state = this.topics.get(event.topic);
    if (!state) return;
    const last = state.v;
    if (last !== undefined && event.v <= last) return; // already applied (replay overlap)
    state.v = event.v;
    const handlers = [...state.handlers];
    for (const h of handlers) h.onEvent?.(event);
    if (last !== undefined && event.v > last + 1) {
      for (const h of handlers) h.onResync?.(undefined); // a hole: reload the state
    }
  }

  /**
   * A `sub` or `unsub` refused for rate (issue 33) is sent again once the wait is over, as the
   * topic then stands (still followed: sub; dropped meanwhile: unsub), unless a new connection
   * has re-subscribed everything since.
   */
  private retryTopic(topic: string, seconds: number): void {
    const socket = this.socket;
    const timer = setTimeout(() => {
      this.topicRetries.delete(timer);
      if (!this.ready || this.socket !== socket) return;
      const state = this.topics.get(topic);
      if (!state) this.send({ t: 'unsub', topic });
      else this.send(state.v === undefined ? { t: 'sub', topic } : { t: 'sub', topic, since: state.v });
    }, seconds * 1_000);
    this.topicRetries.add(timer);
  }

  private onReady(): void {
    this.ready = true;
    this.attempts = 0;
    this.setStatus('open');
    for (const [topic, state] of this.topics) {
      this.send(state.v === undefined ? { t: 'sub', topic } : { t: 'sub', topic, since: state.v });
    }
    if (this.presence === 'idle') this.send({ t: 'presence', state: 'idle' });
    this.commands.sendUnsent();
    this.startPing();
  }

  private handleClose(code: number): void {
    this.socket = null;
    this.ready = false;
    this.clearTimers();
    this.commands.dropInFlight();
    if (!this.running) return;
    if (code === CLOSE_CODES.sessionReplaced) {
      this.running = false;
      this.opts.reload();
      return;
    }
    // Too many windows of this user (issue 33): reconnecting would close the oldest of the others,
    // which would reconnect in turn, and so on. This one waits for the person instead.
    if (code === CLOSE_CODES.tooManySockets) {
      this.setStatus('elsewhere');
      return;
    }
    // Signed out, or the account was closed or banned: the page asks again who it is.
    if (code === CLOSE_CODES.loggedOut || code === CLOSE_CODES.accountRestricted) {
      for (const l of [...this.loggedOutListeners]) l();
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setStatus('reconnecting');
    const exp = Math.min(this.opts.maxBackoffMs, BASE_BACKOFF_MS * 2 ** this.attempts);
    const delay = Math.round(exp / 2 + Math.random() * (exp / 2));
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.running) this.connect();
    }, delay);
  }

  private startPing(): void {
    this.pingTimer = setInterval(() => {
      if (!this.ready) return;
      this.pingId += 1;
      this.send({ t: 'ping', id: this.pingId });
      if (this.pongTimer) return;
      this.pongTimer = setTimeout(() => {
        this.pongTimer = null;
        // No answer: the connection is dead even if the browser has not noticed yet.
        const socket = this.socket;
        if (!socket) return;
        this.detach(socket);
        socket.close(CLOSE_CODES.normal, 'ping timeout');
        this.handleClose(CLOSE_CODES.goingAway);
      }, this.opts.pongTimeoutMs);
    }, this.opts.pingIntervalMs);
  }

  private clearTimers(): void {
    for (const t of this.topicRetries) clearTimeout(t);
    this.topicRetries.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
    this.pongTimer = null;
  }

  private send(msg: ClientMessage): void {
    const socket = this.socket;
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(msg));
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const l of [...this.statusListeners]) l();
  }
}
