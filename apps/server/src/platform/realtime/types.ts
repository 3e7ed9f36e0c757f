import type { z } from 'zod';
import type { AccountStanding } from '@rush/domain';
import type { StandingRules } from './standing.ts';
import type { SocketRateClass } from './socket-rates.ts';
import type { EventDataOf, EventTypeOf, KindOf, TopicEvent } from '@rush/protocol';

/**
 * Who is on the other end of a socket. Anonymous visitors have no user and a `visitorKey`
 * (a hash of their browser identity) so presence can count them.
 */
export interface Connection {
  readonly id: string;
  readonly userId: string | null;
  readonly sessionPublicId: string | null;
  readonly visitorKey: string;
  send(message: unknown): void;
  close(code: number, reason: string): void;
}

/** A topic family ("user", "game", ...): who may subscribe, and the state for a full resync. */
export interface TopicPolicy {
  authorize(conn: Connection, topic: string): boolean | Promise<boolean>;
  snapshot?(conn: Connection, topic: string): unknown;
}

/** A command over the socket (e.g. `game.move`): parsed with its schema, answered with an ack. */
export interface CommandHandler<S extends z.ZodType = z.ZodType> {
  schema: S;
  /**
   * Its rate class (socket-rates.ts), declared with the command as an API route's class is
   * decided by its route; none means `strict`.
   */
  rate?: SocketRateClass;
  /** May return the result or a promise of it (`unknown` covers both). */
  handle(conn: Connection, payload: z.infer<S>): unknown;
}

/** The account's standing the hub keeps with each socket, and the rule that refuses a command (standing.ts). */
export type { StandingRules };

export interface ConnectionListener {
  onConnect?(conn: Connection): Promise<void> | void;
  onDisconnect?(conn: Connection): Promise<void> | void;
  /** `presence` messages from the client (mouse activity, idle). */
  onPresence?(conn: Connection, state: 'online' | 'idle'): Promise<void> | void;
}

/**
 * Authenticates the upgrade request from its cookie header. `standing`: the account's standing
 * read with the session (issue 35), kept with the socket; without it the first command reads it.
 */
export type SocketAuthenticator = (cookieHeader: string | undefined) => Promise<{
  userId: string;
  sessionPublicId: string;
  standing?: AccountStanding | null;
} | null>;

/** The fan-out of versioned events (in-process, or Redis pub/sub across instances). */
export interface EventBus {
  /** Appends an event to the topic (assigning the next version) and fans it out everywhere. */
  publish(topic: string, type: string, data: unknown): Promise<TopicEvent>;
  /** Events after version `since`, or 'gap' when they are no longer kept. */
  since(topic: string, since: number): Promise<TopicEvent[] | 'gap'>;
  version(topic: string): Promise<number>;
  /** Called for every event published on any instance. */
  subscribe(listener: (event: TopicEvent) => void): () => void;
  /**
   * Optional: called when the bus may have missed events (its Redis subscription reconnected,
   * or Redis restarted and its counters with it). The hub then re-checks every subscribed topic
   * against the history, sending the missed events or a resync.
   */
  onResume?(listener: () => void): () => void;
  /**
   * Optional: resolves when the bus's outside store answers and its subscription is in place
   * (readiness, issue 18); rejects otherwise. The in-process bus has none.
   */
  reachable?(): Promise<void>;
  close(): Promise<void>;
}

export interface RealtimeHub {
  /**
   * Publishes an event on a topic. Typed by the protocol's TOPIC_EVENTS: the type must be one of
   * the topic kind's events and the data that event's shape, so the web's parse always fits.
   */
  publish<T extends string, E extends EventTypeOf<KindOf<T>>>(
    topic: T,
    type: E,
    data: EventDataOf<KindOf<T>, E>,
  ): Promise<TopicEvent>;
  registerTopic(family: string, policy: TopicPolicy): void;
  registerCommand<S extends z.ZodType>(name: string, handler: CommandHandler<S>): void;
  /**
   * The one check every command passes before its handler, on every instance (issue 10): the
   * account's standing, kept with the socket and re-read when a `account.standing` or
   * `account.restricted` event passes (issue 35), so an account closed or banned after its
   * socket opened is stopped at its next command without a read per command.
   */
  guardCommands(rules: StandingRules): void;
  /**
   * This instance re-reads the user's standing now: the fallback when the event telling every
   * instance could not be published.
   */
  refreshStanding(userId: string): void;
  /** The names of every registered command (suites that must cover each one enumerate them). */
  commandNames(): string[];
  addListener(listener: ConnectionListener): void;
  /** Closes this instance's sockets of a user, e.g. at logout; the event tells the others. */
  closeUserSockets(userId: string, code: number, reason: string, exceptSessionPublicId?: string): void;
  stats(): { connections: number; badMessages: number };
  close(): Promise<void>;
}
