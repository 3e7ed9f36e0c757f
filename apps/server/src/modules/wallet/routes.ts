import type { FastifyInstance } from 'fastify';
import {
  CloseAccountRequest,
  EmptyRequest,
  SetLimitRequest,
  SetLossLimitRequest,
  StartCoolOffRequest,
  StartDepositRequest,
  TaxDetailsRequest,
  TransactionsQuery,
  WALLET_ROUTES,
  WithdrawRequest,
  WalletCreateRequest,
  WalletResendRequest,
  WalletVerifyRequest,
  BalancesResponse,
  SessionResponse,
  StartDepositResponse,
  TaxInfoView,
  TransactionsResponse,
  WalletOnboardingView,
  WalletSummary,
  WithdrawResponse,
} from '@rush/protocol';
import type { FastifyRequest } from 'fastify';
import { TEXTS } from '@rush/domain';
import { AppError } from '../../platform/errors.ts';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key.ts';
import { typed } from '../../platform/http/typed-routes.ts';
import { toWireBalances } from '../accounts/index.ts';
import { requireAuth, signedInFirst } from '../accounts/index.ts';
import { requireWalletUser, walletUserFirst } from './access.ts';
import type { ClosureService } from './closure.service.ts';
import type { DepositService } from './deposits.service.ts';
import type { LimitsService } from './limits.service.ts';
import type { ResponsibleGaming } from './responsible.service.ts';
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
  responsible: ResponsibleGaming;
  rewards: RewardsService;
  closure: ClosureService;
  balances: Balances;
  paymentsMode: PaymentsMode;
  onboarding: WalletOnboarding;
  tax: TaxService;
  identityService: IdentityService;
}

const walletUser = { preValidation: walletUserFirst };
/** No body at all reads as {} (a JSON null is still refused). */
const NoBody = EmptyRequest.prefault({});

/** The wallet screen and the Gaming pane (SPEC 2, 4): every route needs a verified email but closing the account. */
export function walletRoutes(instance: FastifyInstance, d: WalletRouteDeps): void {
  const app = typed(instance);
  app.get(
    WALLET_ROUTES.summary,
    { ...walletUser, schema: { response: { 200: WalletSummary } } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      reply.header('cache-control', 'no-store');
      return d.summary.summary(auth.user);
    },
  );

  app.get(
    WALLET_ROUTES.transactions,
    { ...walletUser, schema: { querystring: TransactionsQuery, response: { 200: TransactionsResponse } } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      reply.header('cache-control', 'no-store');
      return d.transactions.forUser(auth.user.id, request.query.page);
    },
  );

  // With payments off, refused before anything is held or opened (a held withdrawal would wait forever).
  const requirePayments = () => {
    if (d.paymentsMode === 'off') throw new AppError('UNAVAILABLE', TEXTS.paymentsOff);
  };
  /** A money movement's checks, in their order, before its body is validated. */
  const readyForMoneyFirst = async (request: FastifyRequest): Promise<void> => {
    const auth = requireWalletUser(request);
    requirePayments();
    await d.onboarding.requireVerified(auth.user.id);
    await d.identityService.requireVerified(auth.user.id);
  };
  /** The user's wallet, payments on: the checks before the body is validated. */
  const paymentsFirst = async (request: FastifyRequest): Promise<void> => {
    await walletUserFirst(request);
    requirePayments();
  };

  app.post(
    WALLET_ROUTES.deposits,
    {
      preValidation: readyForMoneyFirst,
      schema: { body: StartDepositRequest, response: { 200: StartDepositResponse } },
    },
    async (request) => d.deposits.start(requireWalletUser(request).user.id, request.body, request.ip),
  );

  // The Idempotency-Key names the intended withdrawal: a resend answers the one it made (optional for old clients).
  app.post(
    WALLET_ROUTES.withdrawals,
    { preValidation: readyForMoneyFirst, schema: { body: WithdrawRequest, response: { 200: WithdrawResponse } } },
    async (request) => {
      const auth = requireWalletUser(request);
      const key = idempotencyKeyOf(request, { required: false });
      return { transaction: await d.withdrawals.request(auth.user, request.body, request.ip, key) };
    },
  );

  // SPEC 9: tax details for US withdrawals above $600.00 a year (issue 16).
  app.get(WALLET_ROUTES.tax, { ...walletUser, schema: { response: { 200: TaxInfoView } } }, async (request, reply) => {
    const auth = requireWalletUser(request);
    reply.header('cache-control', 'no-store');
    return d.tax.view(auth.user.id);
  });

  app.put(
    WALLET_ROUTES.tax,
    { preValidation: paymentsFirst, schema: { body: TaxDetailsRequest, response: { 200: TaxInfoView } } },
    async (request) => d.tax.save(requireWalletUser(request).user.id, request.body),
  );

  // SPEC 4 wallet flow: the provider's create form, then its SMS code.
  app.get(
    WALLET_ROUTES.onboarding,
    { ...walletUser, schema: { response: { 200: WalletOnboardingView } } },
    async (request, reply) => {
      const auth = requireWalletUser(request);
      reply.header('cache-control', 'no-store');
      return d.onboarding.view(auth.user.id);
    },
  );

  app.post(
    WALLET_ROUTES.onboardingCreate,
    { preValidation: paymentsFirst, schema: { body: WalletCreateRequest, response: { 200: WalletOnboardingView } } },
    async (request) => d.onboarding.create(requireWalletUser(request).user, request.body),
  );

  app.post(
    WALLET_ROUTES.onboardingResend,
    {
      preValidation: paymentsFirst,
      schema: { body: WalletResendRequest.prefault({}), response: { 200: WalletOnboardingView } },
    },
    async (request) => d.onboarding.resend(requireWalletUser(request).user.id, request.body.channel),
  );

  app.post(
    WALLET_ROUTES.onboardingVerify,
    { preValidation: paymentsFirst, schema: { body: WalletVerifyRequest, response: { 200: WalletOnboardingView } } },
    async (request) => d.onboarding.verify(requireWalletUser(request).user.id, request.body.code),
  );

  app.put(
    WALLET_ROUTES.limits,
    { ...walletUser, schema: { body: SetLimitRequest, response: { 200: WalletSummary } } },
    async (request) => {
      const auth = requireWalletUser(request);
      await d.limits.set(auth.user.id, request.body, 'user');
      return d.summary.summary(auth.user);
    },
  );

  // Issue 37: a break (it cannot be shortened) and loss limits (tighter at once, looser after 24 hours).
  app.post(
    WALLET_ROUTES.coolOff,
    { ...walletUser, schema: { body: StartCoolOffRequest, response: { 200: WalletSummary } } },
    async (request) => {
      const auth = requireWalletUser(request);
      await d.responsible.takeBreak(auth.user.id, request.body.choice);
      return d.summary.summary(auth.user);
    },
  );

  app.put(
    WALLET_ROUTES.lossLimits,
    { ...walletUser, schema: { body: SetLossLimitRequest, response: { 200: WalletSummary } } },
    async (request) => {
      const auth = requireWalletUser(request);
      await d.responsible.setLossLimit(auth.user.id, request.body);
      return d.summary.summary(auth.user);
    },
  );

  app.post(
    WALLET_ROUTES.topUp,
    { ...walletUser, schema: { body: NoBody, response: { 200: BalancesResponse } } },
    async (request) => {
      const auth = requireWalletUser(request);
      await d.rewards.topUp(auth.user.id);
      return { balances: toWireBalances(await d.balances.read(auth.user.id)) };
    },
  );

  // Self-exclusion is always possible, verified email or not.
  app.post(
    WALLET_ROUTES.closeAccount,
    { preValidation: signedInFirst, schema: { body: CloseAccountRequest, response: { 200: SessionResponse } } },
    async (request) => {
      const auth = requireAuth(request);
      await d.closure.close(auth.user.id);
      return { user: await d.closure.me(auth.user.id, auth.session.publicId) };
    },
  );
}
