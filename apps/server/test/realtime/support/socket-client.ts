import WebSocket from 'ws';
import { parseTopicEvent, topicKindOf, type ServerMessage } from '@rush/protocol';

export interface OpenOptions {
  origin?: string | null;
  cookie?: string;
  headers?: Record<string, string>;
  /** false: the client ignores the server's pings (a dead peer for the heartbeat). */
  autoPong?: boolean;
  /**
   * Module tests: every event on a product topic must parse by the protocol's map, as the web
   * parses it; waiting fails otherwise. (The hub's own tests publish made-up events.)
   */
  contract?: boolean;
}

/**
 * A realtime test client on a real socket: queues every server message so a test can wait for
 * the next one matching a predicate, and records how the socket closed.
 */
export class TestSocket {
  readonly messages: ServerMessage[] = [];
  private cursor = 0;
  private waiters: Array<() => void> = [];
  closeCode: number | null = null;
  closeReason = '';
  readonly closed: Promise<{ code: number; reason: string }>;

  /** With `contract`: events the protocol's map does not describe. */
  readonly offContract: string[] = [];
  private contract = false;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        this.wake();
        resolve({ code, reason: this.closeReason });
      });
    });
    ws.on('message', (data) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
      const m = JSON.parse(text) as ServerMessage;
      this.messages.push(m);
      if (this.contract && m.t === 'ev') {
        const kind = topicKindOf(m.topic);
        if (kind && !parseTopicEvent(kind, m)) this.offContract.push(`${m.topic} ${m.type} ${JSON.stringify(m.data)}`);
      }
      this.wake();
    });
    ws.on('error', () => {
      /* the close event carries what tests check */
    });
  }

  /** Opens a socket; resolves after the upgrade (the hello may not have arrived yet). */
  static open(url: string, opts: OpenOptions = {}): Promise<TestSocket> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    const ws = new WebSocket(url, {
      headers,
      ...(opts.origin === null ? {} : { origin: opts.origin }),
      autoPong: opts.autoPong ?? true,
    });
    const client = new TestSocket(ws);
    client.contract = opts.contract ?? false;
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_req, res) => {
        reject(new UpgradeRefused(res.statusCode ?? 0));
        res.resume();
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  /** Opens a socket and waits for its hello. */
  static async connect(url: string, opts: OpenOptions = {}): Promise<TestSocket> {
    const client = await TestSocket.open(url, opts);
    await client.next((m) => m.t === 'hello');
    return client;
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  /** The next unread message matching `match` (earlier unmatched ones are skipped). */
  async next<T extends ServerMessage = ServerMessage>(
    match: (m: ServerMessage) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.offContract.length > 0) throw new Error(`events off the protocol map: ${this.offContract.join('; ')}`);
      while (this.cursor < this.messages.length) {
        const m = this.messages[this.cursor++]!;
        if (match(m)) return m as T;
      }
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.messages.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every unread message up to and including the first matching `match`. */
  async until(match: (m: ServerMessage) => boolean, timeoutMs = 5_000): Promise<ServerMessage[]> {
    const start = this.cursor;
    await this.next(match, timeoutMs);
    return this.messages.slice(start, this.cursor);
  }

  /** Round trip through the hub: proves the socket is alive and everything sent before was read. */
  async ping(id = Math.floor(Math.random() * 1e9)): Promise<void> {
    this.send({ t: 'ping', id });
    await this.next((m) => m.t === 'pong' && m.id === id);
  }

  async subscribe(topic: string, since?: number): Promise<ServerMessage[]> {
    this.send(since === undefined ? { t: 'sub', topic } : { t: 'sub', topic, since });
    return this.until((m) => (m.t === 'subscribed' || m.t === 'err') && m.topic === topic);
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resume of waiting) resume();
  }
}

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

export const events = (messages: ServerMessage[]) =>
  messages.filter((m): m is Extract<ServerMessage, { t: 'ev' }> => m.t === 'ev');
