import { PRODUCT_NAME } from '../texts.ts';

/**
 * Matchmaking, challenges, eligibility and the landing (SPEC 2, 4, 5, 6, 8). Verbatim where the
 * SPEC gives the words; lines marked "ours" name a rule whose wording the SPEC does not give.
 */
export const MATCH_TEXTS = {
  // SPEC 8 matchmaking
  alreadyInMatch: 'User is already in a match',
  insufficientBalance: 'You have insufficient balance',
  couldNotStartGame: 'Could not start game',
  noMatchFound: 'No match found',
  searchAgainLater: 'Please search again later',
  opponentDeclinedChallenge: 'Opponent declined the challenge',
  youDeclinedMatch: 'You declined the match',
  opponentDeclinedMatch: 'Opponent declined the match',
  matchGone: "The match has already ended or doesn't exist",
  // SPEC 4
  matchStarting: 'Match starting...',
  matchInProgress: 'Match in progress',
  // SPEC 6
  realMoneyNeedsWallet: `You must first verify your wallet and deposit funds before you can play on ${PRODUCT_NAME} for real money!`,
  depositFunds: 'DEPOSIT FUNDS',
  // SPEC 8 joining from the online list
  joinNoWallet: 'You do not have a wallet',
  joinInsufficientFunds: 'You do not have sufficient funds to play in this match.',
  joinEloTooFar:
    'You cannot join this user in public matchmaking because your ELO is too far apart. To play them, send them a friend request and challenge them directly.',
  joinWagerNotAllowed: 'You can only join if you’re within ELO range to play them in normal matchmaking.',
  joinTechnical: 'The lobby has reached the maximum number of players or a technical error has occurred.',
  // SPEC 8 provisional tip
  provisionalTip:
    'Your rating in this game type is provisional. Play more games on the chess platform until it is no longer provisional to play for real money.', // ours (SPEC 8 tip)
  // ours: rules the SPEC names without words
  login: 'Please log in to play.', // ours (SPEC 5: signed out goes to /login)
  banned: 'Your account is banned: you cannot start games.', // ours
  noBalance: 'You have no funds to play with. Add funds in your wallet to play.', // ours (SPEC 5 wallet warning)
  paused: 'New games are paused at the moment.', // ours (announcement without a title)
  underMajority: 'Where you are, you can play for RushCoins only until you reach the age of majority.', // ours
  locationRequiredToPlay:
    'Location services are required to play for real money. Please allow this site to use your location and try again.', // ours
  gameTypeUnavailable: 'This game type is not available right now.', // ours
  wagerUnavailable: 'This wager is not available right now.', // ours
  aboveBetLimit: 'This wager is above your betting limit.', // ours
  wagerLocked: (games: number, previous: string) =>
    `Play ${games} more ${games === 1 ? 'game' : 'games'} at ${previous} to unlock this wager.`, // ours
  challengeSelf: 'You cannot challenge yourself.', // ours
  challengeUnavailable: 'This player cannot be challenged right now.', // ours
  challenging: (username: string) => `Challenging ${username}`,
  noMatchesNow: 'No matches at the moment',
  wagerValueTaken: 'Another wager of this currency already has this value.', // ours (admin)
  tooSoon: 'Please wait a moment before trying again.', // ours (SPEC 4: calls within 3 s are ignored)
} as const;
