import {
  BANKROLL_WINDOW_MS,
  bankrollDecision,
  HOUSE_FLOAT_RC,
  settleBotGame,
  units,
  type BotLevel,
  type BotOutcome,
} from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import {
  accountOf,
  houseExposure,
  escrowCloseKey,
  EscrowClosedError,
  holdAllKey,
  movementByKey,
  readBalance,
  type Leg,
  type MovementOutcome,
  type Movements,
} from '../wallet/index.ts';

export const BOT_PREFIX = 'bot:';
export const botRef = (id: string) => `${BOT_PREFIX}${id}`;
const WBX = 'wbx' as const;
/** Once ever: the house's float from the RushCoin issuance account. */
export const HOUSE_FLOAT_KEY = 'house:float:wbx';

/** The hourly bankroll bound (domain bankrollDecision) refuses the start: nothing was moved. */
export class HouseLimitError extends Error {
  constructor(readonly scope: 'player' | 'house') {
    super(`the house's hourly bound (${scope}) refuses the bot game`);
    this.name = 'HouseLimitError';
  }
}

/**
 * What an admin's review adds to the close of a held bot game (issue 33): a check under the
 * escrow's lock that the game is still held (it throws otherwise, so two reviews make one
 * movement), and the review's own writes in the movement's transaction.
 */
export interface CloseHooks {
  guard: (tx: DbOrTx) => Promise<void>;
  after: (tx: DbOrTx, movementId: bigint) => Promise<void>;
  meta?: Record<string, unknown>;
}

/**
 * The money of bot games, each step one ledger movement through the wallet (one function moves
 * money): the house's float (once), the start's hold of both shares into escrow `bot:{id}`
 * (one movement: the player and the house both pay or neither does), and the close under the
 * escrow's close key, so whichever of the finish listener, the sweep or another instance comes
 * first settles and the others replay.
 */
export class BotMoney {
  constructor(
    private readonly db: Db,
    private readonly movements: Movements,
    private readonly clock: Clock,
  ) {}

  /** Gives the house its float the first time any server starts (a replay afterwards). */
  fundHouse(): Promise<MovementOutcome> {
    const house = accountOf.house();
    const issuance = accountOf.issuance();
    return this.movements.move({
      key: HOUSE_FLOAT_KEY,
      kind: 'house-float',
      currency: WBX,
      accounts: [issuance, house],
      legs: () => [{ from: issuance, to: house, amount: units(HOUSE_FLOAT_RC) }],
    });
  }

  houseBalance(): Promise<bigint> {
    return readBalance(this.db, accountOf.house().id);
  }

  /**
   * The player's stake and the house's share into the escrow. InsufficientFundsError names
   * the account that could not pay (the player's, or the house's when it cannot cover the game);
   * HouseLimitError: the house's hourly bound (issue 33), judged on the ledger under the house
   * account's lock, which every bot hold takes: concurrent starts are judged one after another.
   */
  hold(id: string, uid: string, stake: bigint, houseStake: bigint): Promise<MovementOutcome> {
    const ref = botRef(id);
    const user = accountOf.user(uid, WBX);
    const house = accountOf.house();
    const escrow = accountOf.escrow(ref, WBX);
    return this.movements.move({
      key: holdAllKey(ref, WBX),
      kind: 'stake',
      currency: WBX,
      ref,
      meta: { botGame: id, uid, stake: String(stake), houseStake: String(houseStake) },
      accounts: [user, house, escrow],
      legs: async (_balances, tx) => {
        // Read after the escrow row is locked: a close that committed first is seen here.
        if (await movementByKey(tx, escrowCloseKey(ref, WBX))) throw new EscrowClosedError(ref);
        const since = new Date(this.clock.now().getTime() - BANKROLL_WINDOW_MS);
        const exposure = await houseExposure(tx, since, uid);
        const decision = bankrollDecision(houseStake, {
          total: exposure.lost + exposure.atRisk,
          player: exposure.player,
        });
        if (!decision.ok) throw new HouseLimitError(decision.scope);
        return [
          { from: user, to: escrow, amount: stake },
          { from: house, to: escrow, amount: houseStake },
        ];
      },
    });
  }

  /**
   * Closes the escrow by the bot rules (domain `settleBotGame`), once: the legs are computed
   * under the locks from what the escrow holds, so a start whose hold never happened closes
   * empty (and a late hold is then refused). An admin's review of a held win closes through here
   * too (`hooks`): the one path, under the one close key.
   */
  close(
    id: string,
    uid: string,
    level: BotLevel,
    stake: bigint,
    outcome: BotOutcome,
    gameId: string | null,
    hooks?: CloseHooks,
  ): Promise<MovementOutcome> {
    const ref = botRef(id);
    const user = accountOf.user(uid, WBX);
    const house = accountOf.house();
    const fee = accountOf.fee(WBX);
    const escrow = accountOf.escrow(ref, WBX);
    const paid = outcome === 'win' || outcome === 'loss';
    return this.movements.move({
      key: escrowCloseKey(ref, WBX),
      kind: paid ? 'settle' : 'refund',
      currency: WBX,
      ref,
      meta: { botGame: id, gameId, outcome, level, winners: outcome === 'win' ? [uid] : [], ...hooks?.meta },
      accounts: [escrow, user, house, fee],
      ...(hooks ? { after: hooks.after } : {}),
      legs: async (balances, tx) => {
        if (hooks) await hooks.guard(tx);
        const held = balances.get(escrow.id) ?? 0n;
        if (held === 0n) return [];
        const s = settleBotGame(stake, level, outcome);
        if (s.toPlayer + s.toHouse + s.fee !== held)
          throw new Error(`escrow ${escrow.id} holds ${held}, not the bot game's pot`);
        const legs: Leg[] = [];
        if (s.toPlayer > 0n) legs.push({ from: escrow, to: user, amount: s.toPlayer });
        if (s.toHouse > 0n) legs.push({ from: escrow, to: house, amount: s.toHouse });
        if (s.fee > 0n) legs.push({ from: escrow, to: fee, amount: s.fee });
        return legs;
      },
    });
  }
}
