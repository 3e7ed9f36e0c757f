import crypto from 'node:crypto';
import type { Writable } from 'node:stream';
import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountStanding } from '@rush/domain';
import type { ServerMessage, TopicEvent } from '@rush/protocol';
import type { Connection } from './types.ts';
import { SerialQueue } from './serial-queue.ts';
import { StandingCell } from './standing.ts';

/** Who the upgrade request turned out to be. */
export interface Identity {
  userId: string | null;
  sessionPublicId: string | null;
  visitorKey: string;
  /**
   * The account's standing as the authentication read it (issue 35), kept with the socket;
   * undefined when the authenticator gave none (then the first command reads it).
   */
  standing?: AccountStanding | null;
}

/** What SocketConnection needs of the TCP socket under the WebSocket (a net.Socket). */
export type Transport = Pick<Writable, 'cork' | 'uncork'>;

/** One topic a connection follows. */
export interface Subscription {
  /** Highest version sent on this socket; a live event at or below it is a duplicate. */
  lastV: number;
  /** While a replay runs, live events wait here (in order); null when live. */
  buffer: TopicEvent[] | null;
}

export interface ConnectionLimits {
  /** More than this many bad frames within `badWindowMs` closes the socket. */
  maxBadMessages: number;
  badWindowMs: number;
  /** Client messages waiting for a slow handler before the socket is considered abusive. */
  maxQueued: number;
  /** Outbound bytes the socket may hold for a slow reader before it is dropped. */
  maxBufferedBytes: number;
  now: () => number;
}

/** WebSocket close reasons are limited to 123 bytes. */
const MAX_REASON_BYTES = 123;

/**
 * A socket as the modules see it (`Connection`), plus the hub's bookkeeping. Every write is
 * guarded: sending on a closing socket, a value JSON cannot encode, or a reader that stopped
 * reading must cost the sender nothing.
 */
export class SocketConnection implements Connection {
  readonly id = crypto.randomBytes(9).toString('base64url');
  readonly userId: string | null;
  readonly sessionPublicId: string | null;
  readonly visitorKey: string;
  readonly subscriptions = new Map<string, Subscription>();
  readonly queue: SerialQueue;
  /** The account's standing every command is judged by (standing.ts); events change it. */
  readonly standing: StandingCell;
  /** Resolves when the socket has closed, however it closed. */
  readonly closed: Promise<void>;
  badMessages = 0;
  /** Frames written since the last flush wait in the transport until the turn's end (sendFrame). */
  private corked = false;
  /** Cleared by each heartbeat ping, set again by the pong (or any frame). */
  alive = true;
  private badWindowStart = 0;
  private badInWindow = 0;
  private markClosed!: () => void;

  constructor(
    readonly ws: WebSocket,
    identity: Identity,
    private readonly limits: ConnectionLimits,
    private readonly log: FastifyBaseLogger,
    private readonly transport?: Transport,
  ) {
    this.userId = identity.userId;
    this.sessionPublicId = identity.sessionPublicId;
    this.visitorKey = identity.visitorKey;
    this.standing = new StandingCell(identity.standing);
    this.queue = new SerialQueue(limits.maxQueued, (err) =>
      log.error({ err, connId: this.id }, 'realtime task failed'),
    );
    this.closed = new Promise((resolve) => (this.markClosed = resolve));
    ws.once('close', () => this.markClosed());
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(message: unknown): void {
    let frame: string | undefined;
    try {
      frame = JSON.stringify(message);
    } catch (err) {
      this.log.error({ err, connId: this.id }, 'realtime message not serializable; dropped');
      return;
    }
    if (frame !== undefined) this.sendFrame(frame);
  }

  /** The typed form of `send` the hub itself uses. */
  reply(message: ServerMessage): void {
    this.send(message);
  }

  /** Sends an already serialized frame (fan-out serializes an event once for all sockets). */
  sendFrame(frame: string): void {
    if (!this.isOpen) return;
    if (this.ws.bufferedAmount > this.limits.maxBufferedBytes) {
      // A reader this far behind would only fall further behind; it reconnects with `since`.
      this.log.warn({ connId: this.id, buffered: this.ws.bufferedAmount }, 'slow realtime consumer dropped');
      this.ws.terminate();
      return;
    }
    this.batchTurn();
    // The callback receives write errors (socket reset mid-write) that would otherwise be thrown
    // asynchronously; the 'close' handler does the cleanup.
    this.ws.send(frame, (err) => {
      if (err) this.log.debug({ err, connId: this.id }, 'realtime send failed');
    });
  }

  /**
   * The frames one turn of the event loop sends this socket leave in one write (one syscall, one
   * wakeup of the reader) instead of one each: a move's own event and its ack, say, which come
   * from one database answer. The transport is held from the first frame until the turn's work,
   * microtasks included, is done (process.nextTick runs after them), so nothing waits longer.
   */
  private batchTurn(): void {
    if (!this.transport || this.corked) return;
    this.corked = true;
    this.transport.cork();
    process.nextTick(() => {
      this.corked = false;
      this.transport!.uncork();
    });
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.CLOSING || this.ws.readyState === WebSocket.CLOSED) return;
    try {
      this.ws.close(code, truncateUtf8(reason, MAX_REASON_BYTES));
    } catch (err) {
      // Only an invalid code throws; a socket must still go away when asked to.
      this.log.error({ err, code }, 'invalid close; terminating');
      this.ws.terminate();
    }
  }

  /** Counts a bad frame; true when this one crosses the limit. */
  recordBadMessage(): boolean {
    this.badMessages++;
    const now = this.limits.now();
    if (now - this.badWindowStart > this.limits.badWindowMs) {
      this.badWindowStart = now;
      this.badInWindow = 0;
    }
    this.badInWindow++;
    return this.badInWindow > this.limits.maxBadMessages;
  }

  /** One heartbeat tick: a socket that did not answer the previous ping is dead. */
  heartbeat(): void {
    if (!this.alive) {
      this.ws.terminate();
      return;
    }
    this.alive = false;
    if (this.isOpen) {
      try {
        this.ws.ping();
      } catch (err) {
        this.log.debug({ err, connId: this.id }, 'heartbeat ping failed');
        this.ws.terminate();
      }
    }
  }
}

function truncateUtf8(text: string, maxBytes: number): string {
  const buf = Buffer.from(text, 'utf8');
  if (buf.length <= maxBytes) return text;
  // Cutting inside a multi-byte character leaves a replacement char; drop it.
  return buf
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}
