/** The matchmaking module's public surface: other modules and the composition root import only this. */
export { CatalogStore } from './catalog.store.ts';
export { FactsReader } from './facts.ts';
export type { PlayerRecord } from './facts.ts';
export { registerMatchmaking } from './module.ts';
export type { MatchmakingModule } from './module.ts';
export { isRefusal } from './refusals.ts';
export type { PayoutGate } from './settlement.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { matchRecords } from './schema.ts';
