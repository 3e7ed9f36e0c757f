/** The bots module's public surface (issue 13): other modules and the composition root import only this. */
export { registerBots, type BotsModule } from './module.ts';
export { BOT_PREFIX, HOUSE_FLOAT_KEY } from './money.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { botAccounts } from './schema.ts';
// The default options, for the bot-move benchmark's stand-alone instance.
export { DEFAULT_BOTS_OPTIONS } from './module.ts';
