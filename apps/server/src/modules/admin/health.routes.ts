import type { FastifyInstance } from 'fastify';
import { AdminHealthResponse } from '@rush/protocol';
import { typed } from '../../platform/http/typed-routes.ts';
import type { WalletConsole } from '../wallet/index.ts';
import { adminFirst } from '../audit/index.ts';

/** Admin health: the last ledger reconciliation, run by whichever instance ran it last. */
export const ADMIN_HEALTH_ROUTE = '/api/admin/health';

export function healthRoutes(app: FastifyInstance, wallet: Pick<WalletConsole, 'reconciliation'>): void {
  const schema = { response: { 200: AdminHealthResponse } };
  typed(app).get(ADMIN_HEALTH_ROUTE, { preValidation: adminFirst, schema }, async (_request, reply) => {
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
