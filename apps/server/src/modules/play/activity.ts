import type { DbOrTx } from '../../platform/db/database.ts';
import { GameStore } from './games.store.ts';

/**
 * Whether the user plays a game now (the queues and the wallet's top-up rule ask). A read of
 * play's tables only, so the composition root hands it to the wallet at construction, before
 * play (which pays its link reward through the wallet) exists.
 */
export const isGameRunning = async (db: DbOrTx, uid: string): Promise<boolean> =>
  (await new GameStore(db).liveGameIdOf(uid)) !== null;

export { gamesPlayedIn, playersIn } from './played.store.ts';
