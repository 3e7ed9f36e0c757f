import type { FastifyInstance } from 'fastify';
import {
  CloseAccountRequest,
  EmptyRequest,
  SetLimitRequest,
  StartDepositRequest,
  TaxDetailsRequest,
  TransactionsQuery,
  WALLET_ROUTES,
  WithdrawRequest,
  WalletCreateRequest,
  WalletResendRequest,
  WalletVerifyRequest,
  type WalletOnboardingView,
  type BalancesResponse,
  type SessionResponse,
  type TaxInfoView,
  type TransactionsResponse,
  type WalletSummary,
} from '@rush/protocol';
import { TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key.ts';
import { parse } from '../../platform/http/parse.ts';
import { toWireBalances } from '../accounts/index.ts';
import { requireAuth } from '../accounts/index.ts';
import { requireWalletUser } from './access.ts';
import type { ClosureService } from './closure.service.ts';
import type { DepositService } from './deposits.service.ts';
import type { LimitsService } from './limits.service.ts';
import type { Balances } from './ports.ts';
import type { RewardsService } from './rewards.service.ts';
import type { SummaryService } from './summary.service.ts';
import type { TransactionsService } from './transactions.service.ts';
import type { WithdrawalService } from './withdrawals.service.ts';
import type { PaymentsMode } from '../../platform/config/payments-mode.ts';
import type { WalletOnboarding } from './onboarding.service.ts';
import type { TaxService } from './tax.service.ts';
import type { IdentityService } from './identity/identity.service.ts';

export interface WalletRouteDeps {
  summary: SummaryService;
  transactions: TransactionsService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  limits: LimitsService;
  rewards: RewardsService;
  closure: ClosureService;
  balances: Balances;
  paymentsMode: PaymentsMode;
  onboarding: WalletOnboarding;
  tax: TaxService;
  identityService: IdentityService;
}

/** The wallet screen and the Gaming pane (SPEC 2, 4): every route needs a verified email but closing the account. */
export function walletRoutes(app: FastifyInstance, d: WalletRouteDeps): void {
  app.get(WALLET_ROUTES.summary, async (request, reply): Promise<WalletSummary> => {
    const auth = requireWalletUser(request);
    reply.header('cache-control', 'no-store');
    return d.summary.summary(auth.user);
  });

  app.get(WALLET_ROUTES.transactions, async (request, reply): Promise<TransactionsResponse> => {
    const auth = requireWalletUser(request);
    const query = parse(TransactionsQuery, request.query);
    reply.header('cache-control', 'no-store');
    return d.transactions.forUser(auth.user.id, query.page);
  });

  // With payments off, refused before anything is held or opened (a held withdrawal would wait forever).
  const requirePayments = () => {
    if (d.paymentsMode === 'off') throw new AppError('UNAVAILABLE', TEXTS.paymentsOff);
  };

  app.post(WALLET_ROUTES.deposits, async (request) => {
    const auth = requireWalletUser(request);
    requirePayments();
    await d.onboarding.requireVerified(auth.user.id);
    await d.identityService.requireVerified(auth.user.id);
    return d.deposits.start(auth.user.id, parse(StartDepositRequest, request.body), request.ip);
  });

  // The Idempotency-Key names the intended withdrawal: a resend answers the one it made (optional for old clients).
  app.post(WALLET_ROUTES.withdrawals, async (request) => {
    const auth = requireWalletUser(request);
    requirePayments();
    await d.onboarding.requireVerified(auth.user.id);
    await d.identityService.requireVerified(auth.user.id);
    const body = parse(WithdrawRequest, request.body);
    const key = idempotencyKeyOf(request, { required: false });
    return { transaction: await d.withdrawals.request(auth.user, body, request.ip, key) };
  });

  // SPEC 9: tax details for US withdrawals above $600.00 a year (issue 16).
  app.get(WALLET_ROUTES.tax, async (request, reply): Promise<TaxInfoView> => {
    const auth = requireWalletUser(request);
    reply.header('cache-control', 'no-store');
    return d.tax.view(auth.user.id);
  });

  app.put(WALLET_ROUTES.tax, async (request): Promise<TaxInfoView> => {
    const auth = requireWalletUser(request);
    requirePayments();
    return d.tax.save(auth.user.id, parse(TaxDetailsRequest, request.body));
  });

  // SPEC 4 wallet flow: the provider's create form, then its SMS code.
  app.get(WALLET_ROUTES.onboarding, async (request, reply): Promise<WalletOnboardingView> => {
    const auth = requireWalletUser(request);
    reply.header('cache-control', 'no-store');
    return d.onboarding.view(auth.user.id);
  });

  app.post(WALLET_ROUTES.onboardingCreate, async (request): Promise<WalletOnboardingView> => {
    const auth = requireWalletUser(request);
    requirePayments();
    return d.onboarding.create(auth.user, parse(WalletCreateRequest, request.body));
  });

  app.post(WALLET_ROUTES.onboardingResend, async (request): Promise<WalletOnboardingView> => {
    const auth = requireWalletUser(request);
    requirePayments();
    const { channel } = parse(WalletResendRequest, request.body === undefined ? {} : request.body);
    return d.onboarding.resend(auth.user.id, channel);
  });

  app.post(WALLET_ROUTES.onboardingVerify, async (request): Promise<WalletOnboardingView> => {
    const auth = requireWalletUser(request);
    requirePayments();
    return d.onboarding.verify(auth.user.id, parse(WalletVerifyRequest, request.body).code);
  });

  app.put(WALLET_ROUTES.limits, async (request): Promise<WalletSummary> => {
    const auth = requireWalletUser(request);
    await d.limits.set(auth.user.id, parse(SetLimitRequest, request.body), 'user');
    return d.summary.summary(auth.user);
  });

  app.post(WALLET_ROUTES.topUp, async (request): Promise<BalancesResponse> => {
    const auth = requireWalletUser(request);
    parse(EmptyRequest, request.body === undefined ? {} : request.body);
    await d.rewards.topUp(auth.user.id);
    return { balances: toWireBalances(await d.balances.read(auth.user.id)) };
  });

  // Self-exclusion is always possible, verified email or not.
  app.post(WALLET_ROUTES.closeAccount, async (request): Promise<SessionResponse> => {
    const auth = requireAuth(request);
    parse(CloseAccountRequest, request.body);
    await d.closure.close(auth.user.id);
    return { user: await d.closure.me(auth.user.id, auth.session.publicId) };
  });
}
