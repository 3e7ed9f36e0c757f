/** The bots module's public surface (issue 13): other modules and the composition root import only this (and schema.ts). */
export { registerBots, type BotsModule } from './module.ts';
export { BOT_PREFIX, HOUSE_FLOAT_KEY } from './money.ts';
