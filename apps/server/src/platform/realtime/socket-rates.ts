/**
 * Issue 33: the rates of what a socket sends, as pure rules. Like the API's route classes
 * (http/rate-limit-classes.ts), each command declares its class where it is registered, and a
 * command that declares none is `strict`, so a new command is limited hard until someone thinks
 * about it. Frames that are not commands have fixed classes: `sub`/`unsub` are `subscribe`,
 * `presence` is `presence` (`ping` is answered at once and not counted: it only measures the
 * socket and costs less than counting it).
 *
 * Each class has two budgets per window: one per socket (counted in memory, exact, and holding
 * even when Redis is away) and one per signed-in user, shared by all the user's sockets and, with
 * REDIS_URL, by every instance (a visitor has only its socket's: socket-rate-limiter.ts).
 */
export type SocketRateClass = 'strict' | 'move' | 'game' | 'chat' | 'signal' | 'view' | 'subscribe' | 'presence';

export interface SocketRate {
  socket: number;
  user: number;
}

/**
 * Windows are 10 s rather than the API's minute: a refused chat line or offer names a wait of a
 * few seconds, not up to a minute, and a flood is cut within one window.
 */
export const SOCKET_RATE_WINDOW_MS = 10_000;

/** Budgets per 10 s window. */
export const SOCKET_RATES: Record<SocketRateClass, SocketRate> = {
  /** Any command that declared no class: far above a person clicking, far below a script. */
  strict: { socket: 10, user: 20 },
  /**
   * `game.move`. A player's own moves alternate with the opponent's, and even a bullet
   * time scramble of premoves (each one queued by hand, ~0.1 s at best) makes at most ~100 moves
   * in 10 s; the client also resends unacknowledged moves after a reconnect. 300 is three times
   * the fastest possible human pace, so a legitimate player is never refused a move, while a
   * script is still cut to 30 a second.
   */
  move: { socket: 300, user: 300 },
  /** Resign, abort, draw and takeback offers and answers, rematch, claim victory: a few per game. */
  game: { socket: 40, user: 60 },
  /**
   * Player and spectator chat lines: one a second on average with a burst of 10. People type
   * short lines ("gg", "wow") but not ten in a second; the flood sent 150 a second.
   */
  chat: { socket: 10, user: 10 },
  /** `message.typing`: the client sends one a second while typing (the handler drops more than 2 a second). */
  signal: { socket: 20, user: 40 },
  /** Spectate / unspectate: a heartbeat every 30 s per watching tab, and a few clicks. */
  view: { socket: 30, user: 60 },
  /**
   * `sub` and `unsub` frames. A reconnecting socket re-subscribes every topic at once, and a
   * socket may follow at most 200 (hub maxTopicsPerConnection), so a full resubscribe always
   * fits one socket's budget; the user's budget covers a few tabs reconnecting together.
   */
  subscribe: { socket: 200, user: 400 },
  /** `presence` frames: sent when the mouse wakes or the page idles, at most once per 10 s mouse throttle. */
  presence: { socket: 10, user: 30 },
};

/** The budgets scaled by the SOCKET_RATE_MULTIPLIER setting (at least 1 per window). */
export function scaledRates(multiplier: number): Record<SocketRateClass, SocketRate> {
  const scale = (n: number) => Math.max(1, Math.round(n * multiplier));
  const out = {} as Record<SocketRateClass, SocketRate>;
  for (const [cls, rate] of Object.entries(SOCKET_RATES) as [SocketRateClass, SocketRate][])
    out[cls] = { socket: scale(rate.socket), user: scale(rate.user) };
  return out;
}

/**
 * The fixed window `now` falls in. Windows are aligned to the clock (not started by a first
 * command), so every instance agrees on them without talking to each other and a counter key
 * names its window.
 */
export function windowAt(now: number, windowMs: number = SOCKET_RATE_WINDOW_MS): { index: number; endsAt: number } {
  const index = Math.floor(now / windowMs);
  return { index, endsAt: (index + 1) * windowMs };
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The answer for the `count`-th command of a window (counted before deciding, as the API's
 * limit counts every request). Refused: the wait until the window ends, in whole seconds and at
 * least 1, like the API's Retry-After.
 */
export function decide(
  count: number,
  max: number,
  now: number,
  windowMs: number = SOCKET_RATE_WINDOW_MS,
): RateDecision {
  if (count <= max) return { allowed: true };
  const { endsAt } = windowAt(now, windowMs);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
}
