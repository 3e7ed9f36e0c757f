/** The puzzles module's public surface: other modules and the composition root import only this (and schema.ts). */
export { registerBattle } from './battle/module.ts';
export type { BattleModule } from './battle/module.ts';
export { importPuzzles } from './import/importer.ts';
export type { ImportProgress } from './import/importer.ts';
export { sourceName } from './import/source.ts';
export { registerPuzzles } from './module.ts';
