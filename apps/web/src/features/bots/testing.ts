import type { BotGameView } from '@rush/protocol';

/** A live bot game at Mid for 100 RC (what GET /api/bots/current answers), for the bot tests. */
export const makeBotView = (over: Partial<BotGameView> = {}): BotGameView => ({
  gameId: 'g-bot',
  level: 'mid',
  multiplier: 2,
  currency: 'wbx',
  stake: 10_000,
  winPays: 27_000,
  ...over,
});
