/** The puzzles module's public surface: other modules and the composition root import only this. */
export { registerBattle } from './battle/module.ts';
export type { BattleModule } from './battle/module.ts';
export { importPuzzles } from './import/importer.ts';
export type { ImportProgress } from './import/importer.ts';
export { sourceName } from './import/source.ts';
export { registerPuzzles } from './module.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { lobbyParticipants, puzzleAttempts, puzzleLobbies, soloRuns } from './schema.ts';
// The services the puzzles-next benchmark drives without a server.
export { Attempts } from './attempts.service.ts';
export { CasualService } from './casual.service.ts';
export { BUNDLED_CATALOG, Catalog } from './catalog.service.ts';
