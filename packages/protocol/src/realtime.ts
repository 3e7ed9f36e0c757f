import { z } from 'zod';

/** Bumped when a wire shape changes incompatibly; the client reloads on a mismatch. */
export const PROTOCOL_VERSION = 1;
export const REALTIME_PATH = '/ws';
/** Inbound frames larger than this are refused by the socket layer itself. */
export const MAX_FRAME_BYTES = 16 * 1024;

/** WebSocket close codes (4000-4999 are application codes). */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  tooBig: 1009,
  unauthenticated: 4001,
  sessionReplaced: 4002,
  loggedOut: 4003,
  badOrigin: 4004,
  /** The account was closed or banned: the page refetches who it is (overlay, ban notice) and reconnects. */
  accountRestricted: 4005,
  tooManyBadMessages: 4008,
  serverShutdown: 4010,
} as const;

const topic = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-z][a-z0-9_-]*(:[A-Za-z0-9_-]+)*$/);

/** Client to server. Anything that fails this parse is dropped and counted. */
export const ClientMessage = z.discriminatedUnion('t', [
  z.object({ t: z.literal('sub'), topic, since: z.number().int().nonnegative().optional() }),
  z.object({ t: z.literal('unsub'), topic }),
  z.object({ t: z.literal('ping'), id: z.number().int().nonnegative() }),
  z.object({ t: z.literal('presence'), state: z.enum(['online', 'idle']) }),
  z.object({
    t: z.literal('cmd'),
    id: z.number().int().nonnegative(),
    name: z.string().min(1).max(64),
    payload: z.unknown(),
  }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** One event on a topic; `v` increases by one per topic with no gaps. */
export const TopicEvent = z.object({
  t: z.literal('ev'),
  topic: z.string(),
  v: z.number().int(),
  type: z.string(),
  data: z.unknown(),
});
export type TopicEvent = z.infer<typeof TopicEvent>;

export const ServerMessage = z.discriminatedUnion('t', [
  z.object({ t: z.literal('hello'), protocol: z.number().int(), connId: z.string(), authenticated: z.boolean() }),
  TopicEvent,
  /** Sent when the missed events are no longer kept: the client reloads the topic's state. */
  z.object({ t: z.literal('resync'), topic: z.string(), v: z.number().int(), snapshot: z.unknown().optional() }),
  z.object({ t: z.literal('subscribed'), topic: z.string(), v: z.number().int() }),
  z.object({ t: z.literal('pong'), id: z.number().int() }),
  z.object({
    t: z.literal('ack'),
    id: z.number().int(),
    ok: z.boolean(),
    result: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
  z.object({ t: z.literal('err'), code: z.string(), message: z.string(), topic: z.string().optional() }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Topic names used across the apps. */
export const TOPICS = {
  user: (uid: string) => `user:${uid}` as const,
  presence: 'presence',
  app: 'app',
} as const;

/** Event types on `user:{uid}`. */
export const UserEvents = {
  sessionReplaced: 'session.replaced', // data: { sessionId } of the session that stays
  loggedOut: 'session.ended', // data: { sessionId }
  accountRestricted: 'account.restricted', // no data: every socket of the user closes (4005)
  profileChanged: 'profile.changed',
  balancesChanged: 'balances.changed',
} as const;

export const SessionReplacedData = z.object({ sessionId: z.string() });
/** Event types on `presence`. */
export const PresenceEvents = { count: 'presence.count' } as const;
export const PresenceCountData = z.object({ online: z.number().int() });
