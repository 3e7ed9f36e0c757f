/**
 * Bot play (SPEC 2, 5, 8). Verbatim where the SPEC gives the words; lines marked "ours" name a
 * rule whose wording the SPEC does not give.
 */
export const BOT_TEXTS = {
  // SPEC 8 bot (with its full stop, unlike the matchmaking line)
  alreadyInMatch: 'User is already in a match.',
  rushCoinsOnly: 'Bots can only be played for RushCoins.', // ours (SPEC 5: bot play only with wbx)
  enginesBusy: 'All our bots are busy right now. Please try again in a minute.', // ours (engine queue full)
  houseCannotCover: 'This wager against the bot is not available right now. Please try a smaller wager.', // ours (house bound)
  // ours (issue 33: the hourly bankroll bound, per player or in total; the SPEC has no text for it)
  houseLimit: 'The house cannot cover this bet right now. Try a lower bet or again later.',
  notInBotGame: 'You have no bot game to abort.', // ours
  noOffersToBot: 'The bot does not take draw or takeback offers. Play on, or resign.', // ours
  playVsAi: 'Play vs AI',
} as const;
