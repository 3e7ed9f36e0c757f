import {
  BOT_STRENGTH,
  normalizeBotWizard,
  readStartFlags,
  startSearch,
  type BotLevel,
  type BotWizardParams,
} from '@rush/domain';
import type { CatalogResponse } from '@rush/protocol';

/** The bot flow's steps (SPEC 2: bot1 game type, bot2 wager and difficulty, bot3 play vs AI). */
export type BotStep = 1 | 2 | 3;

export interface BotWizardQuery {
  step: BotStep;
  gameType: string | null;
  c: string | null;
  bet: string | null;
  bot: string | null;
}

/**
 * Whether /start shows the bot flow: `step=bot1..3`, or the SPEC's `bot` flag on a query that
 * names no other step (a shared link to "play the bot at Mid").
 */
export function isBotFlow(search: string): boolean {
  const q = new URLSearchParams(search);
  const step = q.get('step');
  return (step !== null && /^bot[123]$/.test(step)) || (q.has('bot') && (step === null || step === ''));
}

export function readBotWizardQuery(search: string): BotWizardQuery {
  const { step, gameType, c, bet, bot } = readStartFlags(search);
  return { step: step === 'bot2' ? 2 : step === 'bot3' ? 3 : 1, gameType, c, bet, bot };
}

/** The query corrected by the domain's rules (SPEC 5 as for players; the currency is always wbx). */
export const normalizedBotWizard = (query: BotWizardQuery, catalog: CatalogResponse): BotWizardParams =>
  normalizeBotWizard(query, catalog);

/** `?step=bot2&gameType=…&c=wbx&bet=…&bot=…`, keeping the other flags of `rest` (overlays). */
export function botWizardSearch(step: BotStep, params: BotWizardParams, rest?: URLSearchParams): string {
  const { gameType, currency: c, bet, level: bot } = params;
  return startSearch({ step: `bot${step}`, gameType, c, bet, bot }, rest);
}

/** Whether the address already says what the corrected params say (else it is replaced). */
export function botQueryIsCorrected(query: BotWizardQuery, params: BotWizardParams): boolean {
  return (
    query.gameType === params.gameType &&
    query.c === params.currency &&
    query.bet === (params.bet === null ? null : String(params.bet)) &&
    query.bot === params.level
  );
}

/** Where the bot flow begins (SPEC 2: /start?step=bot1&gameType=bot_000001). */
export const BOT_FLOW_START = '/start?step=bot1&gameType=bot_000001';

/** "Low 1x" (SPEC 9 bot multipliers). */
export const levelName = (level: BotLevel) => `${BOT_STRENGTH[level].label} ${BOT_STRENGTH[level].multiplier}x`;
