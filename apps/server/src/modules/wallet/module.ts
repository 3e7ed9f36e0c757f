import type { FastifyInstance } from 'fastify';
import { restrictionActive, type RestrictionKind } from '@rush/domain';
import type { AppContext } from '../../platform/context.ts';
import { BalanceEvents } from './balance-events.ts';
import { ClosureService, type ProfileLink } from './closure.service.ts';
import { DepositOutcomes } from './deposit-outcomes.service.ts';
import { CHECKOUT_TTL_MS, DepositService } from './deposits.service.ts';
import { EscrowResolvers } from './escrow-resolvers.ts';
import { EscrowSweeper } from './escrow-sweeper.ts';
import { BuiltinIdentity } from './identity/builtin.ts';
import { IdentityService } from './identity/identity.service.ts';
import type { IdentityPort } from './identity/port.ts';
import { ProviderIdentity, type IdentityClientOptions } from './identity/provider/client.ts';
import { identityRoutes } from './identity/routes.ts';
import { OnboardingStore } from './onboarding.store.ts';
import { regionIndex } from './identity/geo-data.ts';
import { ipLocator } from '../../platform/geo/ip-place.ts';
import { DepositStore } from './deposits.store.ts';
import { hasUsdDeposit } from './funded.store.ts';
import { movementByKey, readUserBalances } from './ledger.store.ts';
import { LimitsService } from './limits.service.ts';
import { ResponsibleGaming } from './responsible.service.ts';
import { PaymentNotifications } from './payments/notifications.service.ts';
import { LedgerReconciliation } from './reconciliation.job.ts';
import { DotsPayments, type DotsClientOptions } from './payments/dots/adapter.ts';
import type { PaymentsPort } from './payments/port.ts';
import { SandboxPayments } from './payments/sandbox/adapter.ts';
import { WalletOnboarding } from './onboarding.service.ts';
import { SandboxProvider } from './payments/sandbox/provider.ts';
import { sandboxRoutes } from './payments/sandbox/routes.ts';
import { SandboxSecret } from './payments/sandbox/secret.ts';
import { DOTS_WEBHOOK_PATH, SANDBOX_WEBHOOK_PATH, webhookRoutes } from './payments/webhook.routes.ts';
import { RealityCheckService } from './reality-check.service.ts';
import { realityCheckRoutes } from './reality-check.routes.ts';
import { RestrictionStore } from './restrictions.store.ts';
import { RewardsService } from './rewards.service.ts';
import { walletRoutes } from './routes.ts';
import { TaxService } from './tax.service.ts';
import { PaymentsReconciliation } from './payments-reconciliation.job.ts';
import type { Balances, Escrow, GameActivity, Movements, SuspicionCheck, WalletConsole, WalletFacts } from './ports.ts';
import { StuckPayments } from './stuck-payments.service.ts';
import { statementRoutes } from './statement.routes.ts';
import { StatementsService } from './statements.service.ts';
import { SummaryService } from './summary.service.ts';
import { TransactionsService } from './transactions.service.ts';
import { WalletUserStore } from './users.store.ts';
import { WalletService } from './wallet.service.ts';
import { WithdrawalService } from './withdrawals.service.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';

export interface WalletOptions {
  /** How long after a withdrawal request the sandbox bank answers it. */
  payoutDelayMs: number;
  /** How often the sandbox provider and the withdrawal resend run. */
  sweepEveryMs: number;
  /** How often escrow left on finished or abandoned games is looked for. */
  escrowSweepEveryMs: number;
  /** How often the monthly statement mail looks for a month that ended (issue 37). */
  statementMailEveryMs: number;
  /** PAYMENTS=dots: how often open deposits and sent payouts are read back at the provider. */
  readBackEveryMs: number;
  /** PAYMENTS=dots only: the client's timeouts and retries (tests shorten them; default SPEC 9's 6 s). */
  dots?: DotsClientOptions;
  /** IDENTITY=provider only: the client's timeout (tests shorten it; default SPEC 9's 6 s). */
  identity?: IdentityClientOptions;
}

export const DEFAULT_WALLET_OPTIONS: WalletOptions = {
  payoutDelayMs: 5_000,
  sweepEveryMs: 1_000,
  escrowSweepEveryMs: 30_000,
  readBackEveryMs: 30_000,
  statementMailEveryMs: 60_000,
};

/**
 * The wallet's services wired on a context, without routes or background jobs: what the module
 * registers, and what another instance (or a test acting as one) builds on the same database.
 */
export function createWalletCore(ctx: AppContext, links: WalletLinks, options: WalletOptions = DEFAULT_WALLET_OPTIONS) {
  const { db, clock, log } = ctx;
  const { profile } = links;
  const wallet = new WalletService(db, clock, new BalanceEvents(db, ctx.hub, log));
  const balances: Balances = { read: (uid) => readUserBalances(db, uid) };
  const secret = new SandboxSecret(db);
  // The sandbox also stands in with payments off: its routes and sweep are not registered then,
  // and the wallet refuses deposits and withdrawals before reaching the port.
  const payments: PaymentsPort = ctx.config.dots
    ? new DotsPayments(db, clock, ctx.config.dots, options.dots, ctx.config.appUrl, CHECKOUT_TTL_MS)
    : new SandboxPayments(db, clock, secret, {
        checkoutTtlMs: CHECKOUT_TTL_MS,
        payoutDelayMs: options.payoutDelayMs,
      });
  const locator = ipLocator(ctx.config.geoipDir);
  const builtinIdentity = new BuiltinIdentity({
    clock,
    log,
    regions: () => regionIndex(),
    ipPlace: (ip) => locator.place(ip),
    accountStanding: async (uid) => {
      const user = await new WalletUserStore(db).find(uid);
      if (!user) return null;
      const banned = (await new RestrictionStore(db).list(uid)).some(
        (r) => r.kind === 'banned' && restrictionActive(r, clock.now()),
      );
      return user.banned || banned ? 'banned' : user.closed ? 'closed' : 'ok';
    },
  });
  const identitySettings = ctx.config.identity;
  const identity: IdentityPort = identitySettings.provider
    ? new ProviderIdentity(identitySettings.provider, options.identity)
    : builtinIdentity;
  const limits = new LimitsService(db, clock);
  const responsible = new ResponsibleGaming(db, clock);
  const deposits = new DepositService({ db, clock, wallet, payments, identity, log });
  const withdrawals = new WithdrawalService({
    db,
    clock,
    wallet,
    payments,
    identity,
    suspicion: links.suspicion,
    supportEmail: ctx.config.supportEmail,
    log,
    mailer: ctx.mailer,
    appUrl: ctx.config.appUrl,
    productName: ctx.config.productName,
  });
  const depositOutcomes = new DepositOutcomes({ db, clock, wallet, payments, deposits, log });
  const notifications = new PaymentNotifications(
    payments,
    {
      depositPaid: async (reference, amount) => void (await deposits.confirm(reference, amount)),
      depositCancelled: (reference) => deposits.cancelled(reference),
      payoutAnswered: async (reference, outcome, amount) =>
        void (await withdrawals.resolve(reference, outcome, amount)),
      depositsChanged: (which) => depositOutcomes.check(which),
      payoutsChanged: (which) => withdrawals.checkPayouts(which),
    },
    log,
  );
  // The sandbox delivers to the same handler the webhook route calls: one path for the provider's word.
  const sandbox = new SandboxProvider(
    db,
    clock,
    secret,
    async (raw, headers) => void (await notifications.handle(raw, headers)),
    log,
  );
  const escrowResolvers = new EscrowResolvers();
  const onboarding = new WalletOnboarding(db, clock, payments);
  const closure = new ClosureService(db, profile);
  const stuckPayments = new StuckPayments(db, clock, payments);
  const paymentsReconciliation = new PaymentsReconciliation(db, clock, payments, log);
  const reconciliation = new LedgerReconciliation(db, clock, log);
  const transactions = new TransactionsService(db);
  const users = new WalletUserStore(db);
  // The ports other capabilities get (ports.ts): each typed as narrow as its users need.
  const escrow: Escrow = wallet;
  const movements: Movements = wallet;
  const facts: WalletFacts = {
    balances,
    hasUsdDeposit: (uid) => hasUsdDeposit(db, uid),
    betLimitOf: (uid) => limits.betLimitOf(uid),
    coolOffUntil: (uid) => responsible.coolOffUntil(uid),
    lossRoom: (uid, currency) => responsible.lossRoom(uid, currency),
    ipCountry: (ip) => locator.countryOrNull(ip, log),
    startSession: (request) => identity.startSession(request),
  };
  const walletConsole: WalletConsole = {
    balances,
    movements,
    movementByKey: (key) => movementByKey(db, key),
    userExists: async (uid) => (await users.find(uid)) !== null,
    holders: (limit) => users.holders(limit),
    limits,
    closure,
    withdrawals,
    stuckPayments,
    paymentsReconciliation,
    reconciliation,
    transactions,
  };
  return {
    onboarding,
    /** The identity step after the SMS-verified wallet (profile, photo ID; one person one account). */
    identityService: new IdentityService({
      db,
      clock,
      log,
      port: identity,
      hashKey: identitySettings.hashKey,
      wallet: {
        requireVerified: (uid) => onboarding.requireVerified(uid),
        phoneLast4: async (uid) => (await new OnboardingStore(db).find(uid))?.phoneLast4 ?? null,
      },
    }),
    /** The pot operations (matchmaking, battle lobbies). */
    escrow,
    /** Movements with their own legs (bots, fair play's review, the console). */
    movements,
    balances,
    payments,
    identity,
    limits,
    deposits,
    /** Deposits read back at the provider: credited, ended or reversed on its records (issue 32). */
    depositOutcomes,
    /** The admin view of money pending at the provider for over an hour, both sides (issue 32). */
    stuckPayments,
    /** The platform's balance at the provider against the ledger's USD clearing (issue 32). */
    paymentsReconciliation,
    withdrawals,
    notifications,
    sandbox,
    rewards: new RewardsService(db, clock, wallet, links.games),
    /** Issue 37: the monthly statements (page, CSV, PDF) and their mail. */
    statements: new StatementsService({
      db,
      clock,
      games: links.games,
      mailer: ctx.mailer,
      log,
      appUrl: ctx.config.appUrl,
      productName: ctx.config.productName,
    }),
    /** SPEC 9: US payers' tax details, encrypted at rest (issue 16). */
    tax: new TaxService(db, clock, ctx.config.taxInfoKey),
    escrowResolvers,
    escrowSweeper: new EscrowSweeper(db, wallet, escrowResolvers, log),
    /** Checks the books add up; its last result is the admin health endpoint's ledger section. */
    reconciliation,
    transactions,
    summary: new SummaryService(db, deposits, withdrawals, limits, responsible),
    /** Issue 37: breaks and loss limits (the stakes themselves are judged in the ledger's movement). */
    responsible,
    closure,
    /** For the social and admin capabilities: a ban or a report on a user's withdrawals. */
    addRestriction: (uid: string, kind: RestrictionKind) => new RestrictionStore(db).add(uid, kind, clock.now()),
    /** What a player's eligibility reads (matchmaking's facts, for matches, bot games and lobbies). */
    facts,
    /** What the admin console reads and does here. */
    console: walletConsole,
  };
}

/** What the wallet asks of the capabilities built on it, passed at construction (no setters). */
export interface WalletLinks {
  profile: ProfileLink;
  /** The top-up rule's "is a game running" (play). */
  games: GameActivity;
  /** Withdrawals stop while fair play suspects the user. */
  suspicion: SuspicionCheck;
}

export type WalletCore = ReturnType<typeof createWalletCore>;

export interface WalletModule extends WalletCore {
  close(): Promise<void>;
}

/**
 * The wallet capability (ARCHITECTURE): ledger, balances, limits, payments, identity and
 * location. Registers the wallet routes, the sandbox provider's pages and the payments webhook,
 * and starts the background sweeps.
 */
export async function registerWallet(
  app: FastifyInstance,
  ctx: AppContext,
  links: WalletLinks,
  options: WalletOptions = DEFAULT_WALLET_OPTIONS,
): Promise<WalletModule> {
  const core = createWalletCore(ctx, links, options);
  const sandboxMode = ctx.config.payments === 'sandbox';
  if (sandboxMode && !ctx.config.taxInfoKey)
    ctx.log.warn('TAX_INFO_KEY is unset: sandbox tax details are encrypted with a key kept in the database');
  walletRoutes(app, { ...core, paymentsMode: ctx.config.payments });
  statementRoutes(app, core.statements);
  await identityRoutes(app, core.identityService);
  realityCheckRoutes(app, new RealityCheckService(ctx.db, ctx.clock, links.games));
  // The sandbox provider exists only in sandbox mode: with payments off nobody can open or pay a checkout.
  if (sandboxMode) {
    sandboxRoutes(app, core.sandbox, ctx.clock, ctx.config.productName, async (reference) => {
      return (await new DepositStore(ctx.db).find(reference))?.uid ?? null;
    });
  }
  await webhookRoutes(app, core.notifications, ctx.config.dots ? DOTS_WEBHOOK_PATH : SANDBOX_WEBHOOK_PATH);

  const jobs = new JobRunner(
    [
      ...(sandboxMode
        ? [{ name: 'sandbox-provider', everyMs: options.sweepEveryMs, run: () => core.sandbox.sweep() }]
        : []),
      { name: 'withdrawal-resend', everyMs: options.sweepEveryMs, run: () => core.withdrawals.resendUnsent() },
      // What a lost webhook would have said, read back from Dots (issue 32); the sandbox
      // delivers its own notifications from its outbox.
      ...(ctx.config.dots
        ? [
            {
              name: 'payments-readback',
              everyMs: options.readBackEveryMs,
              run: async () => {
                await core.depositOutcomes.sweep();
                await core.withdrawals.reconcileSent();
              },
            },
            {
              name: 'payments-reconciliation',
              everyMs: ctx.config.ledgerReconcileEveryMs,
              run: async () => void (await core.paymentsReconciliation.run()),
            },
          ]
        : []),
      // Canadian deposits reach the balance when their funding window ends (SPEC 9, issue 16).
      {
        name: 'canadian-funding',
        everyMs: options.sweepEveryMs,
        run: async () => void (await core.deposits.fundDue()),
      },
      // The month's statement mail, once per player and month (issue 37).
      {
        name: 'statement-mail',
        everyMs: options.statementMailEveryMs,
        run: () => core.statements.mailLastMonth(),
      },
      { name: 'escrow', everyMs: options.escrowSweepEveryMs, run: () => core.escrowSweeper.sweep() },
      {
        name: 'ledger-reconciliation',
        everyMs: ctx.config.ledgerReconcileEveryMs,
        run: () => core.reconciliation.run(),
      },
    ],
    ctx.log,
  );
  jobs.start();

  return {
    ...core,
    async close() {
      await jobs.stop();
    },
  };
}
