/**
 * Fair play (issue 14; SPEC 1, 4, 9). Verbatim where the SPEC gives the words; lines marked
 * "ours" name a rule whose wording the SPEC does not give.
 */
export const FAIRPLAY_TEXTS = {
  // SPEC 9: "suspected cheaters cannot withdraw until review"
  withdrawalOnHold: 'Withdrawals are on hold while our fair-play team reviews your recent games.', // ours
  underReview: 'Under review', // ours: a held payout (result popup, history)
  underReviewNote: 'The payout of this game is held while our fair-play team reviews it.', // ours
  alreadyReviewed: 'This game has already been reviewed.', // ours
  notHeld: 'This game has no held payout.', // ours
  notYourGame: 'Only the players of a game can see its analysis.', // ours
} as const;
