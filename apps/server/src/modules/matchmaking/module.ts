import type { FastifyInstance } from 'fastify';
import { TOPICS } from '@rush/protocol';
import type { AppContext } from '../../platform/context.ts';
import type { AdminTrail } from '../audit/index.ts';
import type { PlayModule } from '../play/index.ts';
import type { EscrowRegistry, WalletFacts } from '../wallet/index.ts';
import { catalogRoutes } from './admin.routes.ts';
import { CatalogStore } from './catalog.store.ts';
import { ChallengeService } from './challenges.service.ts';
import { FactsReader } from './facts.ts';
import { QueueService } from './queue.service.ts';
import { matchmakingRoutes } from './routes.ts';
import { MATCH_PREFIX, MatchMoney, type MatchMoneyWallet, type PayoutGate } from './settlement.ts';
import { MatchViews } from './view.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';

export interface MatchmakingOptions {
  /** How often every bucket is paired (besides right after each seek). */
  pairEveryMs: number;
  /** How often deadlines (search, accept, stalled starts, missed finishes, challenges) are swept. */
  sweepEveryMs: number;
}

export const DEFAULT_MATCHMAKING_OPTIONS: MatchmakingOptions = { pairEveryMs: 500, sweepEveryMs: 500 };

/** What matchmaking uses of the wallet: the match's money, its escrow sweep, the players' facts. */
export interface MatchmakingWallet extends MatchMoneyWallet {
  escrows: EscrowRegistry;
  facts: WalletFacts;
}

export interface MatchmakingModule {
  queue: QueueService;
  money: MatchMoney;
  close(): Promise<void>;
}

/**
 * Matchmaking and wagers (issue 5): the catalogue and app state as data, eligibility on the
 * server, the queue in the database, challenges, escrow at the start and settlement at the end.
 */
export async function registerMatchmaking(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { wallet: MatchmakingWallet; play: PlayModule; admin: AdminTrail; payoutGate?: PayoutGate },
  options = DEFAULT_MATCHMAKING_OPTIONS,
): Promise<MatchmakingModule> {
  const { db, clock, hub, log } = ctx;
  await new CatalogStore(db).seed();
  const views = new MatchViews(db, clock, hub, log);
  const facts = new FactsReader(db, clock, deps.wallet.facts);
  const money = new MatchMoney(db, clock, deps.wallet, deps.play, views, log, deps.payoutGate);
  const queue = new QueueService({ db, clock, facts, views, money, play: deps.play, log });
  const challenges = new ChallengeService({ db, clock, hub, facts, queue, views, money, play: deps.play, log });

  deps.wallet.escrows.register(MATCH_PREFIX, money.resolver());
  deps.play.onGameEnded((game) => {
    if (!game.source?.startsWith(MATCH_PREFIX)) return;
    money
      .finish(game)
      .catch((err: unknown) => log.error({ err, gameId: game.id }, 'match not settled; the sweep retries'));
  });
  // SPEC 2: the announcement and pause reach everyone, visitors too.
  hub.registerTopic(TOPICS.app, { authorize: () => true, snapshot: () => new CatalogStore(db).appState() });

  catalogRoutes(app, { db, hub, log, admin: deps.admin });
  matchmakingRoutes(app, { queue, challenges, facts, views });

  const jobs = new JobRunner(
    [
      { name: 'matchmaking-pair', everyMs: options.pairEveryMs, run: () => queue.pairAll() },
      { name: 'matchmaking-sweep', everyMs: options.sweepEveryMs, run: () => queue.sweep() },
      { name: 'challenges-sweep', everyMs: options.sweepEveryMs, run: () => challenges.sweep() },
    ],
    log,
  );
  jobs.start();
  return {
    queue,
    money,
    close: () => jobs.stop(),
  };
}
