import { z } from 'zod';
import { AdminChangedData } from './http/admin.ts';
import { Balances, Me } from './http/accounts.ts';
import { AppStateView, ChallengeEventData, MatchmakingChangedData } from './matchmaking.ts';
import {
  GameEndedData,
  GameMovedData,
  GameOffersData,
  GamePresenceData,
  GameReviewData,
  GameSpectatorsData,
  GameStartedData,
  GameTakenBackData,
  InvitationClosedData,
  InvitationEventData,
  PlayerChatData,
  SpectatorChatData,
} from './play.ts';
import { LobbyListResponse, LobbyView } from './puzzles.ts';
import { PresenceCountData, SessionReplacedData, SocketsOverLimitData, TopicRevokedData } from './realtime.ts';
import { MessageEventData, OnlineUsersResponse, ReadEventData, TypingEventData } from './social.ts';
import {
  AdminEvents,
  AppEvents,
  GameEvents,
  MatchmakingUserEvents,
  OnlineEvents,
  PlayUserEvents,
  PresenceEvents,
  PuzzleEvents,
  SocialUserEvents,
  UserEvents,
  type TopicKind,
} from './topics.ts';

/** `friends.changed`: the other user of the pair and what happened; both sides refetch. */
export const FriendsChangedData = z.object({
  friend: z.string(),
  event: z.enum(['invited', 'accepted', 'cancelled', 'declined', 'deleted']),
});
export const LobbyChangedData = z.object({ lobby: LobbyView });
export const LobbyRemovedData = z.object({ lobbyId: z.string(), message: z.string() });

/**
 * Every realtime event, per topic kind (the part of the topic name before the first `:`): its
 * type and the schema of its data. The server's `publish` is typed by this map and the web
 * parses every event through it (api/events.ts `parseEvent`), so the two cannot drift.
 */
export const TOPIC_EVENTS = {
  user: {
    [UserEvents.sessionReplaced]: SessionReplacedData,
    [UserEvents.loggedOut]: SessionReplacedData,
    [UserEvents.accountRestricted]: z.object({}),
    [UserEvents.standingChanged]: z.object({}),
    [UserEvents.topicRevoked]: TopicRevokedData,
    [UserEvents.socketsOverLimit]: SocketsOverLimitData,
    [UserEvents.profileChanged]: Me,
    [UserEvents.balancesChanged]: Balances,
    [MatchmakingUserEvents.changed]: MatchmakingChangedData,
    [MatchmakingUserEvents.challenge]: ChallengeEventData,
    [MatchmakingUserEvents.challengeClosed]: ChallengeEventData,
    [PlayUserEvents.invitation]: InvitationEventData,
    [PlayUserEvents.invitationClosed]: InvitationClosedData,
    [PlayUserEvents.gameStarted]: GameStartedData,
    [SocialUserEvents.friends]: FriendsChangedData,
    [SocialUserEvents.message]: MessageEventData,
    [SocialUserEvents.read]: ReadEventData,
    [SocialUserEvents.typing]: TypingEventData,
  },
  presence: { [PresenceEvents.count]: PresenceCountData },
  app: { [AppEvents.state]: AppStateView },
  game: {
    [GameEvents.moved]: GameMovedData,
    [GameEvents.ended]: GameEndedData,
    [GameEvents.offers]: GameOffersData,
    [GameEvents.takenBack]: GameTakenBackData,
    [GameEvents.presence]: GamePresenceData,
    [GameEvents.review]: GameReviewData,
    [GameEvents.spectators]: GameSpectatorsData,
    [GameEvents.spectatorChat]: SpectatorChatData,
  },
  'game-chat': { [GameEvents.chat]: PlayerChatData },
  lobby: { [PuzzleEvents.lobby]: LobbyChangedData, [PuzzleEvents.lobbyRemoved]: LobbyRemovedData },
  lobbies: { [PuzzleEvents.lobbies]: LobbyListResponse },
  online: { [OnlineEvents.changed]: OnlineUsersResponse },
  admin: { [AdminEvents.changed]: AdminChangedData },
} as const satisfies Record<TopicKind, Record<string, z.ZodType>>;

type EventMap = typeof TOPIC_EVENTS;

/** The event types of a topic kind, and the data of one (as published: the schema's input). */
export type EventTypeOf<K extends TopicKind> = keyof EventMap[K] & string;
export type EventDataOf<K extends TopicKind, E extends EventTypeOf<K>> = z.input<EventMap[K][E]>;

/** The `user:{uid}` topic's events, for the modules' helpers that publish to several users. */
export type UserEventType = EventTypeOf<'user'>;
export type UserEventData<E extends UserEventType> = EventDataOf<'user', E>;

/** One parsed event of a kind: a union discriminated by `type`, each with its typed data. */
export type ParsedEvent<K extends TopicKind> = {
  [E in EventTypeOf<K>]: { type: E; data: z.output<EventMap[K][E]> };
}[EventTypeOf<K>];

/**
 * An event as its topic's map says it is: typed, or null when the type is unknown on that topic
 * or the data does not fit (a client older or newer than the server drops it and relies on the
 * topic's resync).
 */
export function parseTopicEvent<K extends TopicKind>(
  kind: K,
  event: { type: string; data: unknown },
): ParsedEvent<K> | null {
  const schemas = TOPIC_EVENTS[kind] as Record<string, z.ZodType>;
  if (!Object.hasOwn(schemas, event.type)) return null;
  const parsed = schemas[event.type]!.safeParse(event.data);
  return parsed.success ? ({ type: event.type, data: parsed.data } as ParsedEvent<K>) : null;
}
