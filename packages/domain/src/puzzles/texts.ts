/** Puzzle texts (SPEC 4, 5, 8). Verbatim where the SPEC gives them; "ours" otherwise. */
export const PUZZLE_TEXTS = {
  // SPEC 4 puzzle board
  moveFor: (color: 'white' | 'black') => `Move for ${color === 'white' ? 'White' : 'Black'}`,
  correctMove: 'Correct move!',
  trySomethingElse: 'Try something else',
  solved: 'Puzzle is solved!',
  makeFirstMove: 'Make you first move!',
  wrongMove: 'Wrong move, try something else!',
  // SPEC 2 / 8 lobbies
  noLobbies: 'No lobbies at the moment',
  lobbyUnavailable: 'Sorry, this lobby is not available anymore.',
  lobbyFull: 'The lobby has reached the maximum number of players or a technical error has occurred.',
  noWallet: 'You do not have a wallet',
  insufficientFunds: 'You do not have sufficient funds to play in this match.',
  ownerAborted: 'Lobby owner aborted game',
  eloTooFar:
    'You cannot join this user in public matchmaking because your ELO is too far apart. To play them, send them a friend request and challenge them directly.',
  // ours
  codeRequired: 'Please enter the lobby code.', // ours (SPEC 5: code required, max 120)
  // ours (issue 36): a private row's Join asks for that lobby's code, and says whose lobby it is
  privateRowHint: (owner: string) => `${owner}'s lobby is private: enter the code ${owner} shared with you.`,
  codeTooLong: 'The lobby code is at most 120 characters.', // ours
  notOwner: 'Only the lobby owner can do that.', // ours
  ownerCannotForfeit: 'The lobby owner cannot forfeit; leave the lobby instead.', // ours
  needTwoPlayers: 'At least 2 players are needed to start.', // ours
  alreadyInLobby: 'You are already in a puzzle game.', // ours
  inSoloRush: 'You are playing a Solo Puzzle Rush. Finish it before joining a battle.', // ours (one puzzle game at a time)
  inBattle: 'You are in a battle lobby. Leave it before starting a Solo Puzzle Rush.', // ours (one puzzle game at a time)
  giveawayCreatorsOnly: 'Only content creators can choose the prize mode.', // ours
  stakeRequired: 'Please choose the stakes currency and amount.', // ours
  stakeNotAllowed: 'This stake is not available to you.', // ours
  lobbyStarted: 'The battle has already started.', // ours
  timeUp: 'Time is up!', // ours
  notBegun: 'The battle is about to begin.', // ours (moves before the start countdown ends)
  noPuzzle: 'No puzzle matches these settings right now.', // ours
  puzzleFailed: 'Wrong move! On to the next puzzle.', // ours (rush modes: a wrong move fails the puzzle)
  showingSolution: 'Showing the solution…', // ours (Casual Solve: no move is asked while it plays)
  solutionShown: 'Solution shown', // ours (issue 19: never 'Move for…' on a finished position)
  importing: (done: number, total: number) =>
    `Preparing puzzles… ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`, // ours
} as const;
