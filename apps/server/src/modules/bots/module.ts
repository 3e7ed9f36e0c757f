import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import type { EngineService } from '../engine/index.ts';
import { FactsReader } from '../matchmaking/index.ts';
import type { PlayModule } from '../play/index.ts';
import type { EscrowRegistry, Movements, WalletFacts } from '../wallet/index.ts';
import { BotDriver } from './driver.ts';
import { BOT_PREFIX, BotMoney } from './money.ts';
import { botRoutes } from './routes.ts';
import { botReviewClose, type BotReviewClose } from './review.ts';
import { BotService } from './service.ts';
import { BotSettler, type BotPayoutGate } from './settlement.ts';

export interface BotsOptions {
  /** How often any instance looks for bot moves nobody holds and bot games left unsettled. */
  sweepEveryMs: number;
}

export const DEFAULT_BOTS_OPTIONS: BotsOptions = { sweepEveryMs: 1_000 };

/** What bot games use of the wallet: movements by the bots' own rules, their escrow sweep, the player's facts. */
export interface BotsWallet {
  movements: Movements;
  escrows: EscrowRegistry;
  facts: WalletFacts;
}

export interface BotsModule {
  service: BotService;
  driver: BotDriver;
  settler: BotSettler;
  money: BotMoney;
  /** Fair play's review of a held bot win closes the escrow through this (issue 33). */
  reviewClose: BotReviewClose;
  close(): Promise<void>;
}

/**
 * Bot games (issue 13): a built-in game against a system user per level, the bot's moves from
 * the engine service, the stakes with the house's share in escrow, settled exactly once.
 */
export async function registerBots(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { wallet: BotsWallet; play: PlayModule; engine: EngineService; payoutGate?: BotPayoutGate },
  options = DEFAULT_BOTS_OPTIONS,
): Promise<BotsModule> {
  const { db, clock, log } = ctx;
  const money = new BotMoney(db, deps.wallet.movements, clock);
  await money.fundHouse();
  const facts = new FactsReader(db, clock, deps.wallet.facts);
  const service = new BotService({ db, clock, facts, money, play: deps.play, engine: deps.engine, log });
  const driver = new BotDriver(db, clock, deps.play, deps.engine, log);
  const settler = new BotSettler(db, clock, money, deps.play, log, deps.payoutGate);

  deps.wallet.escrows.register(BOT_PREFIX, settler.resolver());
  const stopProgress = deps.play.onGameProgress((game) => driver.onProgress(game));
  const stopEnded = deps.play.onGameEnded((game) => {
    settler
      .onGameEnded(game)
      .catch((err: unknown) => log.error({ err, gameId: game.id }, 'bot game not settled; the sweep retries'));
  });
  botRoutes(app, service);

  const jobs = new JobRunner(
    [
      { name: 'bots-turns', everyMs: options.sweepEveryMs, run: () => driver.sweep() },
      { name: 'bots-settle', everyMs: options.sweepEveryMs, run: () => settler.sweep() },
    ],
    log,
  );
  jobs.start();
  return {
    service,
    driver,
    settler,
    money,
    reviewClose: botReviewClose(db, clock, money),
    async close() {
      stopProgress();
      stopEnded();
      await jobs.stop();
      await driver.idle();
    },
  };
}
