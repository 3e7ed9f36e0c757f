/*
 * The realtime topic names and event types of every capability, without zod: the pages
 * subscribe with them on their first render, while the events' schemas (events.ts and each
 * capability's module) load apart from the first load (issue 17's budget).
 */

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
  /** Issue 35: no data; the account's standing changed (ban, unban, closure, date of birth): every instance re-reads it once. */
  standingChanged: 'account.standing',
  topicRevoked: 'topic.revoked', // data: { topic } the user may no longer read: dropped on every instance
  /** Issue 33: { connIds } of the user's oldest sockets beyond the bound, on whichever instance: they close (4009). */
  socketsOverLimit: 'sockets.over-limit',
  profileChanged: 'profile.changed',
  balancesChanged: 'balances.changed',
} as const;

/** Event types on `presence`. */
export const PresenceEvents = { count: 'presence.count' } as const;

/** `app.state` on the `app` topic (everyone, visitors too): the whole state after any change. */
export const AppEvents = { state: 'app.state' } as const;

export const MatchmakingUserEvents = {
  changed: 'matchmaking.changed',
  challenge: 'challenge.received',
  challengeClosed: 'challenge.closed',
} as const;

/**
 * - `game:{id}`: everyone who may see the game (players, spectators, visitors): board, clocks,
 *   offers, end, presence, spectator count and SPECTATOR chat. Resync snapshot: `GameView`.
 * - `game-chat:{id}`: the two players only: PLAYER chat. Spectators are refused.
 * - `user:{uid}` (existing): invitations and `game.started`.
 */
export const PLAY_TOPICS = {
  game: (gameId: string) => `game:${gameId}` as const,
  playerChat: (gameId: string) => `game-chat:${gameId}` as const,
} as const;

/** Event types on `game:{id}` and `game-chat:{id}`. */
export const GameEvents = {
  moved: 'game.moved',
  ended: 'game.ended',
  offers: 'game.offers',
  takenBack: 'game.takenBack',
  presence: 'game.presence',
  review: 'game.review',
  spectators: 'game.spectators',
  spectatorChat: 'spectator.chat',
  /** On `game-chat:{id}` only. */
  chat: 'game.chat',
} as const;

/** Event types on `user:{uid}` added by play. */
export const PlayUserEvents = {
  invitation: 'play.invitation',
  invitationClosed: 'play.invitation.closed',
  gameStarted: 'game.started',
} as const;

export const SOCIAL_TOPICS = { online: 'online' } as const;

export const OnlineEvents = { changed: 'online.changed' } as const;

export const SocialUserEvents = {
  friends: 'friends.changed',
  message: 'message.new',
  read: 'message.read',
  typing: 'message.typing',
} as const;

export const PUZZLE_TOPICS = { lobby: (id: string) => `lobby:${id}` as const, lobbies: 'lobbies' } as const;

export const PuzzleEvents = {
  lobby: 'lobby.changed',
  lobbies: 'lobbies.changed',
  lobbyRemoved: 'lobby.removed',
} as const;

export const ADMIN_TOPIC = 'admin' as const;

export const AdminEvents = { changed: 'admin.changed' } as const;

/**
 * The topic kinds: the part of a topic's name before the first `:`. events.ts maps each to the
 * schemas of its events (TOPIC_EVENTS, which must name exactly these).
 */
export const TOPIC_KINDS = [
  'user',
  'presence',
  'app',
  'game',
  'game-chat',
  'lobby',
  'lobbies',
  'online',
  'admin',
] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];

/** The topic names of a kind: `user:{uid}`, or the bare name of a singleton topic. */
export type TopicOf<K extends TopicKind> = K extends 'presence' | 'app' | 'lobbies' | 'online' | 'admin'
  ? K
  : `${K}:${string}`;
/** A topic name's kind, from its literal type. */
export type KindOf<T extends string> = T extends `${infer K}:${string}` ? K & TopicKind : T & TopicKind;

/** The kind of a topic name, or null for a topic nobody publishes on. */
export function topicKindOf(topic: string): TopicKind | null {
  const kind = topic.split(':', 1)[0]!;
  return (TOPIC_KINDS as readonly string[]).includes(kind) ? (kind as TopicKind) : null;
}
