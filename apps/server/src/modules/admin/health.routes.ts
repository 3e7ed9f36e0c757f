import type { FastifyInstance } from 'fastify';
import type { WalletConsole } from '../wallet/index.ts';
import { requireAdmin } from '../audit/index.ts';

/** Admin health: the last ledger reconciliation, run by whichever instance ran it last. */
export const ADMIN_HEALTH_ROUTE = '/api/admin/health';

export function healthRoutes(app: FastifyInstance, wallet: Pick<WalletConsole, 'reconciliation'>): void {
  app.get(ADMIN_HEALTH_ROUTE, async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    const last = await wallet.reconciliation.last();
    return {
      ledger: last && {
        ok: last.ok,
        checkedAt: last.checkedAt.toISOString(),
        lastFailedAt: last.lastFailedAt?.toISOString() ?? null,
        sums: last.sums,
        mismatchCount: last.mismatchCount,
        mismatches: last.mismatches,
        accounts: last.accounts,
        transfers: String(last.transfers),
        durationMs: last.durationMs,
      },
    };
  });
}
