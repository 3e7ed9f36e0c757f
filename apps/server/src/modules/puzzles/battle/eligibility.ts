import {
  accountRefusal,
  activeWagers,
  decideJoin,
  ELO_GAP,
  MATCH_TEXTS,
  PUZZLE_TEXTS,
  wagerRefusal,
  type AppStateConfig,
  type BattleSettings,
  type Catalog,
  type Currency,
  type GameModeId,
  type PlayerFacts,
  type Refusal,
} from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';
import type { Db } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors.ts';
import { CatalogStore } from '../../matchmaking/index.ts';
import type { FactsReader, PlayerRecord } from '../../matchmaking/index.ts';
import { isRefusal } from '../../matchmaking/index.ts';
import { EscrowClosedError } from '../../wallet/index.ts';
import { InsufficientFundsError } from '../../wallet/index.ts';
import type { LobbyRecord } from './lobbies.store.ts';
import { lobbyRefused, lobbyUnavailable } from './refusals.ts';

/** SPEC 9: stakes are offered by the user's verified game types for wmgt_000001; ELO is blitz. */
export const BATTLE_MODE: GameModeId = 'wmgt_000001';

const refuse = (r: Refusal) => lobbyRefused(r.code, r.message);

export interface Eligible {
  player: PlayerRecord;
  /** The blitz rating shown (the lobby's ELO range is the owner's ± 200). */
  rating: number;
}

/**
 * Who may create or join a battle lobby, with matchmaking's facts (balances, wallet, location,
 * ratings, the wager ladder) and the domain's rules (`wagerRefusal`, `decideJoin`).
 */
export class Eligibility {
  constructor(
    private readonly db: Db,
    private readonly facts: FactsReader,
  ) {}

  private async config(): Promise<{ app: AppStateConfig; catalog: Catalog }> {
    const store = new CatalogStore(this.db);
    const [app, catalog] = await Promise.all([store.appState(), store.catalog()]);
    return { app, catalog };
  }

  private async read(uid: string): Promise<Eligible> {
    const player = await this.facts.read(uid);
    if (!player) throw lobbyUnavailable();
    return { player, rating: (await this.facts.ratings(uid)).shown.blitz };
  }

  /** USD play needs the device's location (as matchmaking): the facts with the majority known, or a refusal. */
  private async located(
    p: PlayerRecord,
    currency: Currency,
    gps: DeviceGps | undefined,
    ip: string | null,
  ): Promise<PlayerFacts> {
    const facts = await this.facts.locate(p, currency, gps, ip);
    if (isRefusal(facts)) throw refuse(facts);
    if (currency === 'usd' && facts.underLocalMajority === null) {
      throw lobbyRefused('location', MATCH_TEXTS.locationRequiredToPlay);
    }
    return facts;
  }

  /**
   * SPEC 5, 9 lobby creation: prize mode giveaway for content creators only; the stake one of the
   * active wagers of its currency and allowed to the owner (wallet for USD, the ladder, funds).
   */
  async forOwner(uid: string, s: BattleSettings, gps: DeviceGps | undefined, ip: string | null): Promise<Eligible> {
    const me = await this.read(uid);
    if (s.prizeMode === 'giveaway' && me.player.facts.verifiedLevel !== 'contentCreator') {
      throw new AppError('BAD_REQUEST', PUZZLE_TEXTS.giveawayCreatorsOnly);
    }
    const { app, catalog } = await this.config();
    const account = accountRefusal(me.player.facts, app);
    if (account) throw refuse(account);
    const wager = activeWagers(catalog, s.stakesCurrency).find((w) => w.value === s.stakesAmount);
    if (!wager) throw lobbyRefused('wager', PUZZLE_TEXTS.stakeNotAllowed);
    if (s.stakesCurrency === 'usd' && !me.player.facts.walletReady) throw lobbyRefused('wallet', PUZZLE_TEXTS.noWallet);
    const facts = await this.located(me.player, s.stakesCurrency, gps, ip);
    const refusal = wagerRefusal(facts, catalog, BATTLE_MODE, wager);
    if (refusal) {
      throw refusal.code === 'insufficient'
        ? lobbyRefused('insufficient', PUZZLE_TEXTS.insufficientFunds)
        : refuse(refusal);
    }
    return me;
  }

  /**
   * SPEC 5, 8 joining: the balance in that currency (USD needs a wallet), the rating gap to the
   * owner under 700 and inside the lobby's ELO range, the wager among the user's allowed ones.
   * In giveaway mode guests pay nothing, so only the wallet (the prize is paid into it), where
   * they are (as for any cash game) and the rating are checked.
   */
  async forGuest(
    uid: string,
    lobby: LobbyRecord,
    ownerRating: number,
    gps: DeviceGps | undefined,
    ip: string | null,
  ): Promise<Eligible> {
    const me = await this.read(uid);
    const s = lobby.settings;
    const { app, catalog } = await this.config();
    const tooFar = () => lobbyRefused('wager', PUZZLE_TEXTS.eloTooFar);
    if (s.prizeMode === 'giveaway') {
      const account = accountRefusal(me.player.facts, app);
      if (account && account.code !== 'noBalance') throw refuse(account);
      if (s.stakesCurrency === 'usd' && !me.player.facts.walletReady)
        throw lobbyRefused('wallet', PUZZLE_TEXTS.noWallet);
      // A guest stakes nothing but may win the prize: where they play is checked all the same.
      await this.located(me.player, s.stakesCurrency, gps, ip);
      if (Math.abs(me.rating - ownerRating) >= ELO_GAP) throw tooFar();
    } else {
      if (s.stakesCurrency === 'usd' && !me.player.facts.walletReady)
        throw lobbyRefused('wallet', PUZZLE_TEXTS.noWallet);
      const facts = await this.located(me.player, s.stakesCurrency, gps, ip);
      const decision = decideJoin(facts, me.rating, app, catalog, {
        mode: BATTLE_MODE,
        currency: s.stakesCurrency,
        value: s.stakesAmount,
        rating: ownerRating,
      });
      if (!decision.ok) throw refuse(decision);
    }
    if (me.rating < lobby.eloMin || me.rating > lobby.eloMax) throw tooFar();
    return me;
  }

  /** A stake the ledger would not take, as the SPEC's join texts. */
  holdRefusal(err: unknown): unknown {
    if (err instanceof InsufficientFundsError) return lobbyRefused('insufficient', PUZZLE_TEXTS.insufficientFunds);
    if (err instanceof EscrowClosedError) return lobbyUnavailable();
    return err;
  }
}
