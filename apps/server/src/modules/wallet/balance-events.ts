import type { FastifyBaseLogger } from 'fastify';
import { TOPICS, UserEvents } from '@rush/protocol';
import type { Balances } from '@rush/protocol';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { toWireBalances } from '../accounts/index.ts';
import { readUserBalances } from './ledger.store.ts';

/** The header balances (SPEC 2) of a user: their ledger accounts on the wire. */
export const readHeaderBalances = async (db: DbOrTx, uid: string): Promise<Balances> =>
  toWireBalances(await readUserBalances(db, uid));

/**
 * `balances.changed` on `user:{uid}` after a movement commits, carrying the new balances, so the
 * header updates live (SPEC 2). The ledger is the truth: a lost event only delays the header
 * until the next read, so a failed publish is logged, never turned into a failed payment.
 */
export class BalanceEvents {
  constructor(
    private readonly db: Db,
    private readonly hub: RealtimeHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async changed(uids: readonly string[]): Promise<void> {
    for (const uid of new Set(uids)) {
      try {
        const balances = await readHeaderBalances(this.db, uid);
        await this.hub.publish(TOPICS.user(uid), UserEvents.balancesChanged, balances);
      } catch (err) {
        this.log.error({ err, uid }, 'balances.changed not published');
      }
    }
  }
}
