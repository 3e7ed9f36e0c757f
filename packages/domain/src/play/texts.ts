import { CHAT_TEXTS } from '../text/chat.ts';

/**
 * Texts of the play capability. SPEC 4 and 5 give most verbatim (unmarked); the ones marked
 * "ours" fill a rule the SPEC names without wording.
 */
export const PLAY_TEXTS = {
  // SPEC 4: live game statuses
  statusResign: 'Game was resigned',
  statusDraw: 'Game ended in a draw',
  statusOutOfTime: 'Out of time',
  statusNoStart: "Game didn't start",
  statusTimeout: 'One of the players left the game',
  statusStalemate: 'Game ended in a stalemate',
  statusCheat: 'Cheating detected',
  statusUnknown: 'Unknown end result',
  statusMate: 'Checkmate', // ours (SPEC lists no text for mate)
  statusAborted: 'Game was aborted', // ours (SPEC lists no text for aborted)
  // SPEC 4: result titles
  titleDraw: 'DRAW',
  titleAborted: 'ABORTED',
  titleWin: 'CONGRATS',
  titleLoss: 'Unlucky',
  titleEnded: 'GAME ENDED',
  // SPEC 2: spectator screen
  gameHasEnded: 'Game has ended',
  // SPEC 5 / 8: spectator chat
  chatExpired: 'Match expired, cannot send any more messages',
  chatRepeat: "Last message is the same, don't spam",
  /** ours (issue 33): a chat line beyond the socket's chat rate; SPEC has no text for it. */
  chatTooFast: (seconds: number) => `You are sending messages too fast, try again in ${seconds} s`,
  chatLogin: 'Login to send messages',
  chatMissingData: 'Missing data',
  chatFailed: 'Something went wrong',
  // The chat rule's own wording (text/chat.ts), one for every chat.
  chatEmpty: CHAT_TEXTS.empty,
  chatTooLong: CHAT_TEXTS.tooLong,
  // Game commands (ours)
  gameNotFound: "The match has already ended or doesn't exist", // SPEC 8 (matchmaking)
  gameOver: 'The game is over.', // ours
  notAPlayer: 'You are not playing in this game.', // ours
  notYourTurn: 'It is not your turn.', // ours
  illegalMove: 'Illegal move.', // ours
  rulesLoading: 'The board is still loading. Try again in a moment.', // ours (the rules load after the board)
  outOfSync: 'Your board is out of date; it has been refreshed.', // ours (wrong ply)
  abortTooLate: 'The game can no longer be aborted; resign instead.', // ours (SPEC 4)
  resignTooEarly: 'The game can still be aborted.', // ours (SPEC 4)
  offersTooEarly: 'Draw and takeback are available after 2 moves.', // ours (SPEC 4)
  noOffer: 'There is no pending offer.', // ours
  ownOffer: 'You cannot answer your own offer.', // ours
  offerPending: 'An offer is already pending.', // ours
  cannotClaim: 'Your opponent is still connected or within the grace period.', // ours
  rematchUnavailable: 'A rematch is not available for this game.', // ours
  rematchStaked: 'A rematch with the same wager is offered from the match result.', // ours
  alreadyInGame: 'User is already in a match', // SPEC 8
  // Invitations (ours)
  inviteSelf: 'You cannot invite yourself.', // ours
  inviteUnknownUser: 'No user with that username.', // ours
  inviteNotPending: 'This invitation is no longer open.', // ours
  inviteUnavailable: 'This user cannot play right now.', // ours
  // Chess account (ours)
  alreadyLinked: 'Your chess account is already linked and cannot be changed.', // ours (SPEC 1)
  notLinked: 'Link your chess account first.', // ours
  // Lichess link (issue 15, ours)
  lichessOnly: 'Linking goes through Lichess only when Lichess is the chess platform.', // ours
  lichessStateMismatch: 'This Lichess authorisation does not match the one started here. Please link again.', // ours
  lichessDenied: 'The authorisation was cancelled on Lichess. Your chess account is not linked.', // ours
  lichessOtherAccount:
    'Your account is linked to another Lichess account for good; a different Lichess account cannot be linked.', // ours (SPEC 1)
  lichessTaken: 'This Lichess account is already linked to another account and cannot be linked again.', // ours (SPEC 1)
  lichessRefused: 'Lichess did not confirm the authorisation. Please link again.', // ours
  lichessUnavailable: 'Lichess cannot be reached right now. Please try again in a moment.', // ours
  lichessClosed: 'This Lichess account is closed and cannot be linked.', // ours
  lichessReauthorise:
    'Your Lichess authorisation was revoked or has expired. Please authorise the same Lichess account again.', // ours (issue 15)
} as const;

/**
 * Issue 19: a player's public card and charts (ours). Apart from PLAY_TEXTS, which every game
 * page loads: only the server and the profile read these.
 */
export const PLAYER_TEXTS = {
  notFound: 'This player has no public profile.', // an unknown, closed or bot account
} as const;
