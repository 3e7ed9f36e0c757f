import WebSocket from 'ws';
import { REALTIME_PATH } from '@rush/protocol';
import { sleep } from '@rush/load';

export interface Ack {
  ok: boolean;
  result?: unknown;
  error?: { code: string; message?: string };
}

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** What a simulated player saw go wrong and recover: the suite's counts. */
export interface ClientCounters {
  reconnects: number;
  resentCommands: number;
  retriedRequests: number;
  resyncs: number;
  /** Requests answered 500: a server bug whatever the fault (the suite counts each as a violation). */
  serverErrors: string[];
}

type EventListener = (topic: string, type: string, data: unknown) => void;
type ResyncListener = (topic: string) => void;

/** Answers a client may send again: nothing was done, or the instance died before it answered. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
const HTTP_GIVE_UP_MS = 30_000;

/**
 * A simulated player as the web app behaves, through the load balancer: one socket that comes
 * back after any close (another instance answers), re-subscribes every topic with the last
 * version it saw (replay or resync), and sends again every command still waiting for its ack;
 * HTTP requests sent again when no instance acted on them (a refused connection, a 502/503/504),
 * with the same idempotency key when they move money.
 */
export class SimPlayer {
  private ws: WebSocket | null = null;
  private nextId = 1;
  private closed = false;
  private readonly pending = new Map<
    number,
    { frame: string; resolve: (a: Ack) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  /** Topic → last version applied (undefined until the server told one). */
  private readonly topics = new Map<string, number | undefined>();
  private readonly listeners = new Set<EventListener>();
  private readonly resyncListeners = new Set<ResyncListener>();
  private opened: Promise<void> | null = null;
  /** Callers waiting for a topic's first `subscribed` (or resync). */
  private readonly subscribing = new Map<string, (() => void)[]>();

  constructor(
    readonly baseUrl: string,
    readonly uid: string,
    readonly username: string,
    readonly cookie: string,
    readonly counters: ClientCounters,
  ) {}

  private get csrf(): string {
    return /(?:^|;\s*)csrf=([^;]+)/.exec(this.cookie)?.[1] ?? '';
  }

  /** Opens the socket (and keeps it open until close()). */
  connect(): Promise<void> {
    this.opened ??= this.open();
    return this.opened;
  }

  private open(): Promise<void> {
    return new Promise((resolve) => {
      const url = this.baseUrl.replace(/^http/, 'ws') + REALTIME_PATH;
      const ws = new WebSocket(url, {
        origin: this.baseUrl,
        headers: { cookie: this.cookie },
        perMessageDeflate: false,
      });
      this.ws = ws;
      let settled = false;
      ws.on('open', () => {
        // Every topic again, from the last version seen; every command still unanswered again.
        for (const [topic, v] of this.topics)
          ws.send(JSON.stringify({ t: 'sub', topic, ...(v === undefined ? {} : { since: v }) }));
        for (const p of this.pending.values()) {
          this.counters.resentCommands++;
          ws.send(p.frame);
        }
        settled = true;
        resolve();
      });
      ws.on('message', (raw: Buffer) => this.onMessage(raw.toString('utf8')));
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (this.ws === ws) this.ws = null;
        if (this.closed) return;
        this.counters.reconnects++;
        // Back through the load balancer after a short, jittered pause, as the web client does.
        void sleep(100 + Math.random() * 400).then(() => {
          if (this.closed) return;
          this.opened = this.open();
          if (!settled) {
            settled = true;
            void this.opened.then(resolve);
          }
        });
      });
    });
  }

  private onMessage(text: string): void {
    const m = JSON.parse(text) as {
      t: string;
      id?: number;
      ok?: boolean;
      result?: unknown;
      error?: { code: string; message?: string };
      topic?: string;
      v?: number;
      type?: string;
      data?: unknown;
    };
    if (m.t === 'ack' && typeof m.id === 'number') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      p.resolve({ ok: m.ok === true, result: m.result, error: m.error });
    } else if (m.t === 'subscribed' && m.topic) {
      if (this.topics.get(m.topic) === undefined) this.topics.set(m.topic, m.v);
      this.settleSubscription(m.topic);
    } else if (m.t === 'resync' && m.topic) {
      this.topics.set(m.topic, m.v);
      this.settleSubscription(m.topic);
      this.counters.resyncs++;
      for (const l of this.resyncListeners) l(m.topic);
    } else if (m.t === 'ev' && m.topic && m.type) {
      this.topics.set(m.topic, m.v);
      for (const l of this.listeners) l(m.topic, m.type, m.data);
    }
  }

  /**
   * Follows a topic; resolves once the server confirmed it. Events from then on arrive; what came
   * before is the caller's to read (GET), as the web app loads a page after subscribing.
   */
  subscribe(topic: string): Promise<void> {
    if (this.topics.has(topic)) return Promise.resolve();
    this.topics.set(topic, undefined);
    const confirmed = new Promise<void>((resolve) => {
      this.subscribing.set(topic, [...(this.subscribing.get(topic) ?? []), resolve]);
    });
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ t: 'sub', topic }));
    return confirmed;
  }

  private settleSubscription(topic: string): void {
    const waiting = this.subscribing.get(topic);
    this.subscribing.delete(topic);
    for (const resolve of waiting ?? []) resolve();
  }

  unsubscribe(topic: string): void {
    this.topics.delete(topic);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ t: 'unsub', topic }));
  }

  onEvent(l: EventListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  onResync(l: ResyncListener): () => void {
    this.resyncListeners.add(l);
    return () => this.resyncListeners.delete(l);
  }

  /** A socket command, sent again on every new socket until it is acknowledged. */
  cmd(name: string, payload: unknown, timeoutMs = 60_000): Promise<Ack> {
    const id = this.nextId++;
    const frame = JSON.stringify({ t: 'cmd', id, name, payload });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.username}: no ack for ${name} in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, { frame, resolve, reject, timer });
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(frame);
    });
  }

  /**
   * An HTTP request through the load balancer, sent again while no instance could have acted on
   * it: the connection failed, or the answer was 502/503/504.
   */
  async http(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    const deadline = Date.now() + HTTP_GIVE_UP_MS;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) this.counters.retriedRequests++;
      let answer: HttpAnswer | null;
      try {
        const res = await fetch(this.baseUrl + path, {
          method,
          headers: {
            origin: this.baseUrl,
            cookie: this.cookie,
            ...(method === 'GET' ? {} : { 'x-csrf-token': this.csrf, 'content-type': 'application/json' }),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await res.text();
        answer = { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        answer = null;
      }
      if (answer?.status === 500) this.counters.serverErrors.push(`${method} ${path}: ${JSON.stringify(answer.body)}`);
      if (answer && !RETRIED_STATUSES.has(answer.status)) return answer;
      if (Date.now() > deadline) return answer ?? { status: 0, body: null };
      await sleep(200 + Math.random() * 300);
    }
  }

  close(): void {
    this.closed = true;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new Error('closed'));
    }
    this.pending.clear();
    this.ws?.terminate();
  }
}
