import type { FastifyInstance } from 'fastify';
import {
  AdminAmountRequest,
  CloseAccountRequest,
  SetLimitRequest,
  TransactionsQuery,
  WALLET_ROUTES,
} from '@rush/protocol';
import { parse } from '../../platform/http/parse.ts';
import type { WalletCore } from '../wallet/index.ts';
import { idempotencyKey, requireAdmin, targetUid } from './access.ts';
import type { AdminMoneyService } from './money.service.ts';

type UidRequest = { Params: { uid: string } };

/** The money part of the admin API (SPEC 6, 7 ADMIN); the console is a later issue. */
export function adminRoutes(app: FastifyInstance, wallet: WalletCore, money: AdminMoneyService): void {
  app.post<UidRequest>(WALLET_ROUTES.adminDeposit(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const key = idempotencyKey(request);
    const { amount } = parse(AdminAmountRequest, request.body);
    return money.move('deposit', uid, amount, key, admin.user.id);
  });

  app.post<UidRequest>(WALLET_ROUTES.adminWithdraw(':uid'), async (request) => {
    const admin = requireAdmin(request);
    const uid = targetUid(request);
    const key = idempotencyKey(request);
    const { amount } = parse(AdminAmountRequest, request.body);
    return money.move('withdraw', uid, amount, key, admin.user.id);
  });

  app.put<UidRequest>(WALLET_ROUTES.adminLimits(':uid'), async (request) => {
    requireAdmin(request);
    const uid = targetUid(request);
    await wallet.limits.set(uid, parse(SetLimitRequest, request.body), 'admin');
    const active = await wallet.limits.active(uid);
    const view = (l: typeof active.bet) => (l ? { max: Number(l.max), until: l.until.toISOString() } : null);
    return { uid, limits: { bet: view(active.bet), deposit: view(active.deposit) } };
  });

  app.post<UidRequest>(WALLET_ROUTES.adminClose(':uid'), async (request) => {
    requireAdmin(request);
    const uid = targetUid(request);
    parse(CloseAccountRequest, request.body);
    await wallet.closure.close(uid);
    return { ok: true as const };
  });

  app.get(WALLET_ROUTES.adminTransactions, async (request, reply) => {
    requireAdmin(request);
    const query = parse(TransactionsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return wallet.transactions.all(query.page);
  });
}
