import type { FastifyInstance } from 'fastify';
import {
  AdminAmountRequest,
  AdminTransactionsQuery,
  CloseAccountRequest,
  EmptyRequest,
  SetLimitRequest,
  WALLET_ROUTES,
} from '@rush/protocol';
import { notFound } from '../../platform/errors.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key.ts';
import { parse } from '../../platform/http/parse.ts';
import type { WalletConsole } from '../wallet/index.ts';
import { requireAdmin, targetUid, type AuditLog, type AdminChanges } from '../audit/index.ts';
import type { AdminMoneyService } from './money.service.ts';

type UidRequest = { Params: { uid: string } };
type IdRequest = { Params: { id: string } };
/** Withdrawal ids are UUIDs; anything else names no request. */
const WITHDRAWAL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The money part of the admin API (SPEC 6, 7 ADMIN): deposit, withdraw, limits, close, every
 * transaction. Each write records itself in the audit log in its own transaction (a replayed
 * money key records nothing) and tells the open consoles.
 */
export function adminRoutes(
  app: FastifyInstance,
  d: { wallet: WalletConsole; money: AdminMoneyService; audit: AuditLog; changes: AdminChanges },
): void {
  const { wallet, money, audit, changes } = d;
  app.post<UidRequest>(WALLET_ROUTES.adminDeposit(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    // The admin money POSTs must say which click they are, so a double click or a retry pays once.
    const key = idempotencyKeyOf(request, { required: true });
    const { amount } = parse(AdminAmountRequest, request.body);
    const answer = await money.move('deposit', uid, amount, key, admin.user.id);
    await changes.publish(['balances', 'transactions', 'users']);
    return answer;
  });

  app.post<UidRequest>(WALLET_ROUTES.adminWithdraw(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const key = idempotencyKeyOf(request, { required: true });
    const { amount } = parse(AdminAmountRequest, request.body);
    const answer = await money.move('withdraw', uid, amount, key, admin.user.id);
    await changes.publish(['balances', 'transactions', 'users']);
    return answer;
  });

  app.put<UidRequest>(WALLET_ROUTES.adminLimits(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const input = parse(SetLimitRequest, request.body);
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
  });

  app.post<UidRequest>(WALLET_ROUTES.adminClose(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    parse(CloseAccountRequest, request.body);
    await wallet.closure.close(uid, audit.hook({ adminUid: admin.user.id, action: 'user.close', target: uid }));
    await changes.publish(['users', 'balances']);
    return { ok: true as const };
  });

  // SPEC 9 Canadian withdrawals "by email request" (issue 16): the open requests, complete or reject.
  app.get(WALLET_ROUTES.adminCanadianWithdrawals, async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return { withdrawals: await wallet.withdrawals.canadianRequests() };
  });

  // Issue 32: money pending at the provider for over an hour, our side beside the provider's.
  app.get(WALLET_ROUTES.adminStuckPayments, async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    // The balance comparison is made afresh for the admin looking (one read of the provider).
    return { ...(await wallet.stuckPayments.list()), float: await wallet.paymentsReconciliation.run() };
  });

  for (const decision of ['complete', 'reject'] as const) {
    const path = decision === 'complete' ? WALLET_ROUTES.adminCompleteWithdrawal : WALLET_ROUTES.adminRejectWithdrawal;
    app.post<IdRequest>(path(':id'), async (request) => {
      const admin = requireAdmin(request);
      const id = request.params.id;
      if (!WITHDRAWAL_ID.test(id)) throw notFound();
      parse(EmptyRequest, request.body === undefined ? {} : request.body);
      const answer = await wallet.withdrawals.decideCanadian(
        id,
        decision,
        audit.hook({ adminUid: admin.user.id, action: `withdrawal.canada.${decision}`, target: id }),
      );
      await changes.publish(['withdrawals', 'balances', 'transactions']);
      return answer;
    });
  }

  // ADMIN_ROUTES.transactions is this path: every user's transactions, 20 a page, filtered.
  app.get(WALLET_ROUTES.adminTransactions, async (request, reply) => {
    requireAdmin(request);
    const { page, ...filter } = parse(AdminTransactionsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return wallet.transactions.all(page, filter);
  });
}
