/** The play module's public surface: other modules and the composition root import only this. */
export { isGameRunning } from './activity.ts';
export type { GameRecord } from './games.store.ts';
export { coinFlip, newPublicId } from './ids.ts';
export { registerPlay } from './module.ts';
export type { PlayModule } from './module.ts';
export { ProfileStore } from './profiles.store.ts';
export { statusOf } from './record.ts';
// The tables other modules' stores join (read only): they import them from here, never from schema.ts.
export { chessProfiles, games, ratingHistory } from './schema.ts';
