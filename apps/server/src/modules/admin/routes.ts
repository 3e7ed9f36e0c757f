import type { FastifyInstance } from 'fastify';
import {
  AdminAmountRequest,
  AdminTransactionsQuery,
  CloseAccountRequest,
  SetLimitRequest,
  WALLET_ROUTES,
} from '@rush/protocol';
import { parse } from '../../platform/http/parse.ts';
import type { WalletCore } from '../wallet/index.ts';
import { idempotencyKey, requireAdmin, targetUid } from './access.ts';
import type { AuditLog } from './audit.ts';
import type { AdminChanges } from './changes.ts';
import type { AdminMoneyService } from './money.service.ts';

type UidRequest = { Params: { uid: string } };

/**
 * The money part of the admin API (SPEC 6, 7 ADMIN): deposit, withdraw, limits, close, every
 * transaction. Each write records itself in the audit log in its own transaction (a replayed
 * money key records nothing) and tells the open consoles.
 */
export function adminRoutes(
  app: FastifyInstance,
  d: { wallet: WalletCore; money: AdminMoneyService; audit: AuditLog; changes: AdminChanges },
): void {
  const { wallet, money, audit, changes } = d;
  app.post<UidRequest>(WALLET_ROUTES.adminDeposit(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const key = idempotencyKey(request);
    const { amount } = parse(AdminAmountRequest, request.body);
    const answer = await money.move('deposit', uid, amount, key, admin.user.id);
    await changes.publish(['balances', 'transactions', 'users']);
    return answer;
  });

  app.post<UidRequest>(WALLET_ROUTES.adminWithdraw(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const key = idempotencyKey(request);
    const { amount } = parse(AdminAmountRequest, request.body);
    const answer = await money.move('withdraw', uid, amount, key, admin.user.id);
    await changes.publish(['balances', 'transactions', 'users']);
    return answer;
  });

  app.put<UidRequest>(WALLET_ROUTES.adminLimits(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const input = parse(SetLimitRequest, request.body);
    await wallet.limits.set(uid, input, 'admin', audit.hook({ adminUid: admin.user.id, action: `wallet.limit.${input.kind}`, target: uid }));
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

  // ADMIN_ROUTES.transactions is this path: every user's transactions, 20 a page, filtered.
  app.get(WALLET_ROUTES.adminTransactions, async (request, reply) => {
    requireAdmin(request);
    const { page, ...filter } = parse(AdminTransactionsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return wallet.transactions.all(page, filter);
  });
}
