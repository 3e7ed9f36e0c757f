/**
 * bots' public surface: the bot flow's URL (its wizard lives in matchmaking's start page), the
 * difficulty's name and the current bot game. The bot match page is loaded by app/.
 */
export {
  BOT_FLOW_START,
  botQueryIsCorrected,
  botWizardSearch,
  isBotFlow,
  levelName,
  normalizedBotWizard,
  readBotWizardQuery,
  type BotStep,
} from './botWizard.ts';
export { BOT_KEYS, useCurrentBotGame } from './queries.ts';
export { startBotGame } from './api.ts';
