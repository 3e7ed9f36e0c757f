/** The play module's public surface: other modules and the composition root import only this (and schema.ts). */
export { isGameRunning } from './activity.ts';
export type { GameRecord } from './games.store.ts';
export { coinFlip, newPublicId } from './ids.ts';
export { registerPlay } from './module.ts';
export type { PlayModule } from './module.ts';
export { ProfileStore } from './profiles.store.ts';
export { statusOf } from './record.ts';
