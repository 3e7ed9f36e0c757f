import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.ts';
import type { EscrowResolvers } from './escrow-resolvers.ts';
import { escrowsWithBalance } from './ledger.store.ts';
import type { WalletService } from './wallet.service.ts';

export interface EscrowSweepResult {
  settled: number;
  refunded: number;
  live: number;
  unknown: number;
  failed: number;
}

/**
 * Finds escrow still holding money and asks its owner what became of the game or lobby: a
 * finished one is settled to its winners (no winner: refunded), an abandoned one refunded.
 * Settle and refund share one close key per escrow, so however many instances sweep at once,
 * and whatever the game's own code did meanwhile, each escrow is closed exactly once.
 */
export class EscrowSweeper {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly resolvers: EscrowResolvers,
    private readonly log: FastifyBaseLogger,
  ) {}

  async sweep(): Promise<EscrowSweepResult> {
    const result: EscrowSweepResult = { settled: 0, refunded: 0, live: 0, unknown: 0, failed: 0 };
    for (const escrow of await escrowsWithBalance(this.db)) {
      const resolver = this.resolvers.for(escrow.ref);
      if (!resolver) {
        result.unknown++;
        continue;
      }
      try {
        const s = await resolver.resolve(escrow.ref);
        if (s.state === 'live') {
          result.live++;
        } else if (s.state === 'closed') {
          result.settled++;
        } else if (s.state === 'finished' && s.winners.length > 0) {
          await this.wallet.settle({
            ref: escrow.ref,
            currency: escrow.currency,
            winners: s.winners,
            meta: { by: 'sweeper' },
          });
          result.settled++;
        } else {
          // A finished game without winners is refunded as its own code would refund it, so the
          // ledger reads the same whichever closer won the race; only an abandoned one is void.
          await this.wallet.refund({
            ref: escrow.ref,
            currency: escrow.currency,
            reason: s.state === 'finished' ? 'refund' : 'void',
            meta: { by: 'sweeper' },
          });
          result.refunded++;
        }
      } catch (err) {
        // One bad escrow must not stop the others; it is tried again next sweep.
        result.failed++;
        this.log.error({ err, escrow: escrow.id }, 'escrow not resolved');
      }
    }
    return result;
  }
}
