import { PLAY_TEXTS } from '../play/texts.ts';

/**
 * Texts of the social capability: friends, messenger, online users, player and bug reports
 * (SPEC 2, 4, 5, 8). Verbatim where the SPEC gives the words (unmarked); lines marked "ours"
 * name a rule whose wording the SPEC does not give. Chat texts are the chat rule's
 * (text/chat.ts CHAT_TEXTS): one chat rule, one wording, everywhere.
 */
export const SOCIAL_TEXTS = {
  // SPEC 2: friends modal
  friendsEmpty: 'No friends in list',
  edit: 'Edit',
  cancel: 'Cancel',
  challenge: 'Challenge',
  acceptInvite: 'Accept Invite',
  cancelInvite: 'Cancel Invite',
  inviteFriend: 'Invite friend',
  sendInvite: 'Send Invite',
  // SPEC 2: messenger popup and chat windows
  openMessenger: 'Open Messenger',
  deleteChat: 'Delete Chat',
  seeAllMessages: 'See all messages',
  // ours (issue 36): the empty messenger says where a conversation starts
  noMessagesHint: 'Messages are between friends: invite someone from Friends, then open their name to chat.',
  newMessage: 'New Message',
  send: 'Send',
  // SPEC 2: reports
  reportOpponent: 'Report opponent',
  sendReport: 'Send Report',
  reportSent: 'Report sent',
  thankYou: 'Thank you for feedback!',
  // Friendship refusals (ours; SPEC 8: the server's message shows under the invite box)
  friendSelf: 'You cannot add yourself as a friend.', // ours
  alreadyFriends: 'You are already friends.', // ours
  inviteAlreadySent: 'You have already invited this user.', // ours
  acceptOwnInvite: 'You cannot accept your own invitation.', // ours
  noPendingInvite: 'There is no pending invitation.', // ours
  notFriends: 'This user is not in your friends list.', // ours
  unknownUser: PLAY_TEXTS.inviteUnknownUser, // ours (shared with game invitations)
  // Messenger (ours)
  messageSelf: 'You cannot send a message to yourself.', // ours
  messageNoReceiver: 'Choose who to send the message to.', // ours
  // SPEC 5: player report (ours)
  reportNoTarget: 'There is no player to report.', // ours (SPEC 5: nothing sent without target uid)
  reportSelf: 'You cannot report yourself.', // ours
  reportReasonTooLong: 'The reason must be at most 120 characters.', // ours
  reportGameRequired: 'Choose the game you are reporting this player for.', // ours
  reportNotOpponent: 'You can only report the opponent of a game you played.', // ours
  reportAlreadySent: 'You have already reported this player for this game.', // ours
  // SPEC 5: bug report (ours)
  bugTitleRequired: 'Title is required', // ours
  bugTitleTooLong: 'Title must be at most 120 characters', // ours
  bugPlatformRequired: 'Platform is required', // ours
  bugPlatformTooLong: 'Platform must be at most 120 characters', // ours
  bugDescriptionRequired: 'Description is required', // ours
  bugDescriptionTooShort: 'Description must be at least 15 characters', // ours
  bugDescriptionTooLong: 'Description must be at most 600 characters', // ours
  bugTooManyImages: 'You can attach at most 3 images', // ours
  bugImageType: 'Only JPEG and PNG images can be attached', // ours
  bugImageTooLarge: 'Each image must be at most 5 MB', // ours
} as const;
