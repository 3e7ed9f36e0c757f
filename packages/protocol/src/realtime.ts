import { z } from 'zod';

/* The socket's messages. Its fixed terms (path, protocol version, close codes) are in connection.ts. */

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
    /** `retryAfter`: with RATE_LIMITED, the seconds to wait (the API's Retry-After, issue 33). */
    error: z
      .object({ code: z.string(), message: z.string(), retryAfter: z.number().int().positive().optional() })
      .optional(),
  }),
  z.object({
    t: z.literal('err'),
    code: z.string(),
    message: z.string(),
    topic: z.string().optional(),
    retryAfter: z.number().int().positive().optional(),
  }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

export const SessionReplacedData = z.object({ sessionId: z.string() });
/** A topic its reader lost the right to (a private lobby's kicked member): no more of its events. */
export const TopicRevokedData = z.object({ topic: z.string() });
/** `sockets.over-limit` on `user:{uid}`: the sockets (hello connIds) closed for newer ones (4009). */
export const SocketsOverLimitData = z.object({ connIds: z.array(z.string()).max(1000) });
export const PresenceCountData = z.object({ online: z.number().int() });
