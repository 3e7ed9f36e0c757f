import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { MovementOutcome } from '../wallet/index.ts';
import { BOT_PREFIX, type BotMoney, type CloseHooks } from './money.ts';
import { BotGameStore } from './store.ts';

/**
 * An admin's verdict on a bot game whose win fair play held (issue 33). `clear`: the person won
 * fairly and is paid as any win (the pot minus the fee). `confirm`: cheating, and the game's
 * result becomes the bot's: the house keeps the whole pot (the person's stake included, as in a
 * loss; no fee), the cheater is banned by the review.
 */
export type BotReviewVerdict = 'clear' | 'confirm';

export type BotReviewClose = (
  escrowRef: string,
  verdict: BotReviewVerdict,
  hooks: CloseHooks,
) => Promise<MovementOutcome>;

/** The review's close of a held bot game: BotMoney.close under the escrow's close key, the row settled with it. */
export function botReviewClose(db: Db, clock: Clock, money: BotMoney): BotReviewClose {
  return async (escrowRef, verdict, hooks) => {
    const bot = await new BotGameStore(db).find(escrowRef.slice(BOT_PREFIX.length));
    if (!bot) throw new Error(`no bot game for escrow ${escrowRef}`);
    return money.close(bot.id, bot.userId, bot.level, bot.stake, verdict === 'clear' ? 'win' : 'loss', bot.gameId, {
      ...hooks,
      after: async (tx, movementId) => {
        await hooks.after(tx, movementId);
        await new BotGameStore(tx).markSettled(bot.id, clock.now());
      },
    });
  };
}
