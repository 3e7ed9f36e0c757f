import { isCancelled, type BotOutcome, type GameStatus } from '@rush/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { GameRecord, PlayModule } from '../play/index.ts';
import type { EscrowResolver } from '../wallet/index.ts';
import { BOT_PREFIX, type BotMoney } from './money.ts';
import type { BotGameRow } from './schema.ts';
import { BotGameStore } from './store.ts';

/**
 * Fair play's word on a finished bot game's payout (issue 33), handed in by the composition root:
 * `pay` (a bot's win, a draw, a clean analysis), `wait` (the person's win is being analysed or is
 * held for an admin: the escrow stays), `closed` (an admin's review closed the escrow).
 */
export interface BotPayoutGate {
  payout(game: GameRecord): Promise<'pay' | 'wait' | 'closed'>;
}

const ALWAYS_PAY: BotPayoutGate = { payout: () => Promise.resolve('pay') };

/** A start that neither created its game nor failed within this is treated as dead (a crash). */
export const BOT_START_STALE_MS = 60_000;

/** The player's outcome of an ended game. */
export function outcomeOf(
  game: Pick<GameRecord, 'status' | 'winner' | 'whiteId' | 'blackId'>,
  uid: string,
): BotOutcome {
  if (isCancelled(game.status as GameStatus)) return 'cancelled';
  if (!game.winner) return 'draw';
  const winnerUid = game.winner === 'white' ? game.whiteId : game.blackId;
  return winnerUid === uid ? 'win' : 'loss';
}

/**
 * Settles bot games exactly once: after a game's finishing transaction (this instance's
 * listener), from a sweep on every instance (an ended game whose listener died with its
 * instance, a start that crashed before its game existed), and for the wallet's escrow sweeper.
 * All of them end in BotMoney.close under the escrow's close key; the row's state only tells
 * the sweep what is left to look at.
 */
export class BotSettler {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly money: BotMoney,
    private readonly play: Pick<PlayModule, 'findGame'>,
    private readonly log: FastifyBaseLogger,
    private readonly gate: BotPayoutGate = ALWAYS_PAY,
  ) {}

  async onGameEnded(game: GameRecord): Promise<void> {
    if (!game.source?.startsWith(BOT_PREFIX)) return;
    const bot = await new BotGameStore(this.db).find(game.source.slice(BOT_PREFIX.length));
    if (bot) await this.settle(bot);
  }

  /** Closes what can be closed now; false when the game is still being played. */
  async settle(bot: BotGameRow): Promise<boolean> {
    const store = new BotGameStore(this.db);
    const level = bot.level;
    if (bot.state === 'settled' || bot.state === 'failed') return true;
    let gameId = bot.gameId;
    if (bot.state === 'starting') {
      gameId = await store.gameIdBySource(`${BOT_PREFIX}${bot.id}`);
      if (!gameId) {
        if (this.clock.now().getTime() - bot.createdAt.getTime() < BOT_START_STALE_MS) return false;
        // The start died before its game existed: the stakes (if any were taken) go back.
        await this.money.close(bot.id, bot.userId, level, bot.stake, 'cancelled', null);
        await store.transition(bot.id, 'starting', { state: 'failed', settledAt: this.clock.now() });
        return true;
      }
      await store.transition(bot.id, 'starting', { state: 'playing', gameId });
    }
    const game = gameId ? await this.play.findGame(gameId) : null;
    if (!game || game.status === 'started') return false;
    // A person's win is paid once fair play allows it (the worker's release calls this again then);
    // after an admin's review the escrow is already closed (ReviewService through reviewClose).
    const word = await this.gate.payout(game);
    if (word === 'wait') return false;
    if (word === 'pay')
      await this.money.close(bot.id, bot.userId, level, bot.stake, outcomeOf(game, bot.userId), game.id);
    await store.markSettled(bot.id, this.clock.now());
    return true;
  }

  async sweep(): Promise<number> {
    const stale = new Date(this.clock.now().getTime() - BOT_START_STALE_MS);
    let n = 0;
    for (const bot of await new BotGameStore(this.db).unsettled(stale, 50)) {
      try {
        if (await this.settle(bot)) n++;
      } catch (err) {
        this.log.error({ err, botGame: bot.id }, 'bot game not settled; tried again next sweep');
      }
    }
    return n;
  }

  /** The wallet's escrow sweeper: the bots close their own escrows (the house's share needs their rules). */
  resolver(): EscrowResolver {
    return {
      resolve: async (ref) => {
        const bot = await new BotGameStore(this.db).find(ref.slice(BOT_PREFIX.length));
        // Every bot escrow has its row (written before the hold); none here is not ours to close.
        if (!bot) return { state: 'live' };
        return (await this.settle(bot)) ? { state: 'closed' } : { state: 'live' };
      },
    };
  }
}
