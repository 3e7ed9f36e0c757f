/*
 * The socket's fixed terms, without zod: the web opens its socket with them before the message
 * schemas (realtime.ts) have loaded (issue 17's first-load budget).
 */

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
  /**
   * Issue 33: the user opened more sockets than allowed (tabs, windows, devices of one session)
   * and this one, the oldest, was closed for the newest. The page does not reconnect by itself
   * (it would close the other window's socket in turn): it says the session continues elsewhere.
   */
  tooManySockets: 4009,
  serverShutdown: 4010,
} as const;
