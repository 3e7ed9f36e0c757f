import { z } from 'zod';
import { ACTIVITY_TYPES } from '@rush/domain';
import { isoTime } from './time.ts';

/**
 * Social on the wire (issue 7): friends, the messenger (direct messages, read receipts,
 * typing), online users with their activity, player reports and bug reports. Rules and texts
 * are the domain's `social/` (SOCIAL_TEXTS, friendshipTransition, checkDirectMessage,
 * checkBugReport, checkPlayerReport, actionFor); refusals are ErrorBody with those texts.
 *
 * Live updates on the user's own topic `user:{uid}` (SocialUserEvents): friends changed (the
 * client refetches the list), a new message, messages read, typing. Online users on the
 * `online` topic (`online.changed`, the whole list, debounced 1.5 s on the server).
 */

const uid = z.string().min(1).max(64);

export const FriendEntryView = z.object({
  uid: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  online: z.boolean(),
  banned: z.boolean(),
  /** domain FriendView from the viewer's side ('none' entries are never listed). */
  view: z.enum(['sentByMe', 'toMe', 'friend']),
});
export type FriendEntryView = z.infer<typeof FriendEntryView>;

export const FriendsResponse = z.object({
  friends: z.array(FriendEntryView),
  /** Invitations to me awaiting an answer (the user menu badge). */
  pendingInvites: z.number().int(),
});
export type FriendsResponse = z.infer<typeof FriendsResponse>;

/** POST invite: by username (SPEC 7 addFriend {username}); a name with @ is ignored by the client. */
export const InviteFriendRequest = z.object({ username: z.string().max(200) });

export const MessageView = z.object({
  id: z.string(),
  sender: z.string(),
  receiver: z.string(),
  content: z.string(),
  timeSent: isoTime,
  read: z.boolean(),
});
export type MessageView = z.infer<typeof MessageView>;

export const ConversationView = z.object({
  friend: z.object({ uid: z.string(), username: z.string(), avatarUrl: z.string().nullable() }),
  last: MessageView,
  unread: z.number().int(),
});
export type ConversationView = z.infer<typeof ConversationView>;

/** GET conversations: the last message per friend, newest first (the messenger popup). */
export const ConversationsResponse = z.object({ conversations: z.array(ConversationView), unread: z.number().int() });
export type ConversationsResponse = z.infer<typeof ConversationsResponse>;

/** GET a conversation `?before={messageId}`: a page of messages ordered by timeSent (oldest first). */
export const MessagesQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
});
export const MessagesResponse = z.object({ messages: z.array(MessageView), hasMore: z.boolean() });
export type MessagesResponse = z.infer<typeof MessagesResponse>;

/** POST send (SPEC 7 sendMessage {receiverId, message}); answers the stored MessageView. */
export const SendMessageRequest = z.object({ message: z.string().max(2000) });
/** POST read (SPEC 7 markAsRead {uid, messageId}): every message from that friend up to it. */
export const MarkReadRequest = z.object({ messageId: z.string().regex(/^\d{1,19}$/) });
export const SendMessageResponse = z.object({ message: MessageView });
export const MarkReadResponse = z.object({ ok: z.literal(true), marked: z.number().int() });

export const ActivityView = z.object({
  title: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  /** Where Join/Spectate lead: a game id (game_in_progress), a lobby id (battle-puzzle-search). */
  query: z.string().nullable(),
  elo: z.number().int().nullable(),
  owner: z.string().nullable(),
  privacy: z.enum(['public', 'private']).nullable(),
});
export type ActivityView = z.infer<typeof ActivityView>;

export const OnlineUserView = z.object({
  uid: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  state: z.enum(['online', 'idle']),
  activity: ActivityView,
});
export type OnlineUserView = z.infer<typeof OnlineUserView>;

/** GET online users (public), sorted by the SPEC's activity order. */
export const OnlineUsersResponse = z.object({ users: z.array(OnlineUserView) });
export type OnlineUsersResponse = z.infer<typeof OnlineUsersResponse>;

/**
 * POST a player report (SPEC 7 reportPlayer {uid, text, urlGame}). `gameId` names the game the
 * reporter played against `uid` (required: only an opponent of that game may report); `url`
 * is the page it was sent from.
 */
export const PlayerReportRequest = z.object({
  uid: uid,
  text: z.string().max(1000),
  gameId: z.string().min(1).max(64),
  url: z.string().max(500).optional(),
});

/** POST dismiss (admin): the player's open reports archived, the `reported` restriction lifted. */
export const DismissReportsResponse = z.object({ dismissed: z.number().int() });
export type DismissReportsResponse = z.infer<typeof DismissReportsResponse>;

/**
 * POST a bug report: multipart/form-data with fields title, platform, description and up to
 * 3 files `images` (JPEG or PNG by content). Anonymous visitors may send it. Answers `{ ok }`.
 */
export const BugReportFields = z.object({
  title: z.string(),
  platform: z.string(),
  description: z.string(),
});

export const MessageEventData = z.object({ message: MessageView });
/** The reader read every message of `reader`'s counterpart up to `upTo` (ids as strings). */
export const ReadEventData = z.object({ reader: z.string(), upTo: z.string() });
export const TypingEventData = z.object({ from: z.string() });

/** Socket command: the user is typing to `to` (sent at most every second while typing). */
export const TypingCommand = z.object({ to: uid });
export const SOCIAL_COMMANDS = { 'message.typing': { payload: TypingCommand } } as const;
