import { decideBotStart, houseStakeOf, MATCH_TEXTS, settleBotGame, BOT_STRENGTH } from '@rush/domain';
import type { BotGameView, BotStartRequest } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { EngineService } from '../engine/index.ts';
import { CatalogStore, isRefusal, type FactsReader } from '../matchmaking/index.ts';
import { coinFlip, newPublicId, type PlayModule } from '../play/index.ts';
import { accountOf, InsufficientFundsError } from '../wallet/index.ts';
import { botRef, HouseLimitError, type BotMoney } from './money.ts';
import { alreadyInMatch, botRefused, enginesBusy, houseCannotCover, houseLimit, noBotGame } from './refusals.ts';
import type { BotGameRow } from './schema.ts';
import { BotGameStore } from './store.ts';

export interface BotServiceDeps {
  db: Db;
  clock: Clock;
  facts: FactsReader;
  money: BotMoney;
  play: Pick<PlayModule, 'createGame' | 'isGameRunning' | 'platform'>;
  engine: Pick<EngineService, 'busy'>;
  log: FastifyBaseLogger;
}

export const botGameView = (b: BotGameRow, gameId: string): BotGameView => {
  const level = b.level;
  return {
    gameId,
    level,
    multiplier: BOT_STRENGTH[level].multiplier,
    currency: 'wbx',
    stake: Number(b.stake),
    winPays: Number(settleBotGame(b.stake, level, 'win').toPlayer),
  };
};

/** SPEC 7 startBotGame and abortBotGame: eligibility, the stakes into escrow, the game on the built-in platform. */
export class BotService {
  constructor(private readonly d: BotServiceDeps) {}

  /** `ip`: the client's address (`request.ip`): RushCoin play is refused outside the US and Canada. */
  async start(uid: string, req: BotStartRequest, ip: string | null): Promise<BotGameView> {
    const { db, clock } = this.d;
    const player = await this.d.facts.read(uid);
    if (!player) throw new AppError('CONFLICT', MATCH_TEXTS.matchGone);
    const catalogs = new CatalogStore(db);
    const [app, catalog] = await Promise.all([catalogs.appState(), catalogs.catalog()]);
    const decision = decideBotStart(player.facts, app, catalog, {
      gameType: req.gameType,
      currency: req.c,
      bet: req.bet,
      level: req.level,
    });
    if (!decision.ok) throw botRefused(decision);
    // Bot games are RushCoins only (decided above): no device location, the IP's country only.
    const located = await this.d.facts.locate(player, req.c, undefined, ip);
    if (isRefusal(located)) throw botRefused(located);
    const store = new BotGameStore(db);
    if ((await this.d.play.isGameRunning(uid)) || (await store.inMatchmaking(uid))) throw alreadyInMatch();
    // Backpressure: a full queue refuses new games, so running ones keep their move times.
    if (this.d.engine.busy) throw enginesBusy();
    const botUid = await store.botUidOf(decision.level);
    if (!botUid) throw new AppError('UNAVAILABLE', MATCH_TEXTS.couldNotStartGame);

    const row = await store.insert({
      id: newPublicId(),
      userId: uid,
      botId: botUid,
      level: decision.level,
      stake: decision.amount,
      houseStake: houseStakeOf(decision.amount, decision.level),
      state: 'starting',
      createdAt: clock.now(),
    });
    try {
      await this.d.money.hold(row.id, uid, row.stake, row.houseStake);
    } catch (err) {
      await store.transition(row.id, 'starting', { state: 'failed' });
      if (err instanceof HouseLimitError) throw houseLimit(err.scope);
      if (err instanceof InsufficientFundsError) {
        throw err.accountId === accountOf.house().id
          ? houseCannotCover()
          : botRefused({ ok: false, code: 'insufficient', message: MATCH_TEXTS.insufficientBalance });
      }
      throw err;
    }
    let gameId: string;
    try {
      const botWhite = coinFlip();
      ({ gameId } = await this.d.play.createGame({
        whiteUid: botWhite ? botUid : uid,
        blackUid: botWhite ? uid : botUid,
        mode: decision.mode,
        // A bot's strength is its level, not a rating: the players' ratings stay as they are.
        rated: false,
        stake: { currency: 'wbx', amount: Number(row.stake), pot: Number(row.stake + row.houseStake) },
        source: botRef(row.id),
        engineUid: botUid,
        aiLevel: BOT_STRENGTH[decision.level].lichessAiLevel,
      }));
    } catch (err) {
      // A game started elsewhere in between (one live game per person): the stakes go back.
      await this.d.money.close(row.id, uid, decision.level, row.stake, 'cancelled', null);
      await store.transition(row.id, 'starting', { state: 'failed', settledAt: clock.now() });
      // createGame's only refusal: a live game per person.
      if (err instanceof AppError && err.code === 'CONFLICT') throw alreadyInMatch();
      throw err;
    }
    await store.transition(row.id, 'starting', { state: 'playing', gameId });
    return botGameView(row, gameId);
  }

  /** SPEC 4: Abort while fewer than 2 moves were played; the platform judges it like any game's abort. */
  async abort(uid: string): Promise<void> {
    const live = await new BotGameStore(this.d.db).liveOf(uid);
    if (!live?.gameId) throw noBotGame();
    await this.d.play.platform.abort(live.gameId, uid);
  }

  async current(uid: string): Promise<BotGameView | null> {
    const live = await new BotGameStore(this.d.db).liveOf(uid);
    return live?.gameId ? botGameView(live, live.gameId) : null;
  }
}
