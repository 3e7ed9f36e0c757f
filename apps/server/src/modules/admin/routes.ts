import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminAmountRequest,
  AdminCanadianWithdrawal,
  AdminCanadianWithdrawalsResponse,
  AdminLimitsResponse,
  AdminTransactionsQuery,
  AdminTransactionsResponse,
  AdminWalletResponse,
  CloseAccountRequest,
  EmptyRequest,
  OkResponse,
  SetLimitRequest,
  StuckPaymentsResponse,
  WALLET_ROUTES,
} from '@rush/protocol';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key.ts';
import { paramFirst, typed } from '../../platform/http/typed-routes.ts';
import type { WalletConsole } from '../wallet/index.ts';
import {
  adminFirst,
  adminUidFirst,
  requireAdmin,
  targetUid,
  UidParams,
  type AuditLog,
  type AdminChanges,
} from '../audit/index.ts';
import type { AdminMoneyService } from './money.service.ts';

/** Withdrawal ids are UUIDs; anything else names no request. */
const WITHDRAWAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Checked by `withdrawalFirst` (404), not by the schema (400). */
const IdParams = z.object({ id: z.string() });
const withdrawalFirst = paramFirst('id', (raw) => {
  if (!WITHDRAWAL_ID.test(raw)) throw notFound();
});
/** No body at all reads as {} (a JSON null is still refused), as the handler's parse did. */
const NoBody = EmptyRequest.prefault({});

/** The admin, the path's uid, then the click's Idempotency-Key: each checked before the body. */
const adminMoneyFirst = async (request: FastifyRequest): Promise<void> => {
  await adminUidFirst(request);
  // The admin money POSTs must say which click they are, so a double click or a retry pays once.
  idempotencyKeyOf(request, { required: true });
};

/**
 * The money part of the admin API (SPEC 6, 7 ADMIN): deposit, withdraw, limits, close, every
 * transaction. Each write records itself in the audit log in its own transaction (a replayed
 * money key records nothing) and tells the open consoles.
 */
export function adminRoutes(
  instance: FastifyInstance,
  d: { wallet: WalletConsole; money: AdminMoneyService; audit: AuditLog; changes: AdminChanges },
): void {
  const app = typed(instance);
  const { wallet, money, audit, changes } = d;
  for (const op of ['deposit', 'withdraw'] as const) {
    const path = op === 'deposit' ? WALLET_ROUTES.adminDeposit : WALLET_ROUTES.adminWithdraw;
    app.post(
      path(':uid'),
      {
        preValidation: adminMoneyFirst,
        schema: { params: UidParams, body: AdminAmountRequest, response: { 200: AdminWalletResponse } },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const uid = targetUid(request);
        const key = idempotencyKeyOf(request, { required: true });
        const answer = await money.move(op, uid, request.body.amount, key, admin.user.id);
        await changes.publish(['balances', 'transactions', 'users']);
        return answer;
      },
    );
  }

  app.put(
    WALLET_ROUTES.adminLimits(':uid'),
    {
      preValidation: adminUidFirst,
      schema: { params: UidParams, body: SetLimitRequest, response: { 200: AdminLimitsResponse } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const uid = targetUid(request);
      const input = request.body;
      await wallet.limits.set(
        uid,
        input,
        'admin',
        audit.hook({ adminUid: admin.user.id, action: `wallet.limit.${input.kind}`, target: uid }),
      );
      await changes.publish(['users']);
      const active = await wallet.limits.active(uid);
      const view = (l: typeof active.bet) => (l ? { max: Number(l.max), until: l.until.toISOString() } : null);
      return { uid, limits: { bet: view(active.bet), deposit: view(active.deposit) } };
    },
  );

  app.post(
    WALLET_ROUTES.adminClose(':uid'),
    {
      preValidation: adminUidFirst,
      schema: { params: UidParams, body: CloseAccountRequest, response: { 200: OkResponse } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const uid = targetUid(request);
      await wallet.closure.close(uid, audit.hook({ adminUid: admin.user.id, action: 'user.close', target: uid }));
      await changes.publish(['users', 'balances']);
      return { ok: true as const };
    },
  );

  // SPEC 9 Canadian withdrawals "by email request" (issue 16): the open requests, complete or reject.
  app.get(
    WALLET_ROUTES.adminCanadianWithdrawals,
    { preValidation: adminFirst, schema: { response: { 200: AdminCanadianWithdrawalsResponse } } },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return { withdrawals: await wallet.withdrawals.canadianRequests() };
    },
  );

  // Issue 32: money pending at the provider for over an hour, our side beside the provider's.
  app.get(
    WALLET_ROUTES.adminStuckPayments,
    { preValidation: adminFirst, schema: { response: { 200: StuckPaymentsResponse } } },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      // The balance comparison is made afresh for the admin looking (one read of the provider).
      return { ...(await wallet.stuckPayments.list()), float: await wallet.paymentsReconciliation.run() };
    },
  );

  for (const decision of ['complete', 'reject'] as const) {
    const path = decision === 'complete' ? WALLET_ROUTES.adminCompleteWithdrawal : WALLET_ROUTES.adminRejectWithdrawal;
    app.post(
      path(':id'),
      {
        preValidation: [adminFirst, withdrawalFirst],
        schema: { params: IdParams, body: NoBody, response: { 200: AdminCanadianWithdrawal } },
      },
      async (request) => {
        const admin = requireAdmin(request);
        const id = request.params.id;
        const answer = await wallet.withdrawals.decideCanadian(
          id,
          decision,
          audit.hook({ adminUid: admin.user.id, action: `withdrawal.canada.${decision}`, target: id }),
        );
        await changes.publish(['withdrawals', 'balances', 'transactions']);
        return answer;
      },
    );
  }

  // ADMIN_ROUTES.transactions is this path: every user's transactions, 20 a page, filtered.
  app.get(
    WALLET_ROUTES.adminTransactions,
    {
      preValidation: adminFirst,
      schema: { querystring: AdminTransactionsQuery, response: { 200: AdminTransactionsResponse } },
    },
    async (request, reply) => {
      const { page, ...filter } = request.query;
      reply.header('cache-control', 'no-store');
      return wallet.transactions.all(page, filter);
    },
  );
}
