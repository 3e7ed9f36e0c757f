import { wagerMinor, type BattleSettings } from '@rush/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/database.ts';
import { accountOf } from '../../wallet/index.ts';
import type { EscrowResolver, EscrowState } from '../../wallet/index.ts';
import { EscrowClosedError } from '../../wallet/index.ts';
import { readBalance, stakesInEscrow } from '../../wallet/index.ts';
import type { Escrow } from '../../wallet/index.ts';
import { LobbyStore, type LobbyRecord } from './lobbies.store.ts';
import { battlers } from './results.ts';

export const LOBBY_PREFIX = 'lobby:';
export const lobbyRef = (lobbyId: string) => `${LOBBY_PREFIX}${lobbyId}`;

export const stakeOf = (s: BattleSettings): bigint => wagerMinor(s.stakesAmount);

/**
 * The money of a battle lobby (issue 6 item 5), all through the wallet's escrow `lobby:{id}`:
 * a stake per seat as players join (pool; in giveaway the owner's only), a per-user release
 * when a guest leaves or is kicked before the start, a refund of everything when the lobby is
 * canceled, and at the end one settle to the winners (pot minus 10%). Every step has its own
 * ledger key, so retries, sweeps and other instances never move money twice.
 */
export class LobbyMoney {
  constructor(
    private readonly db: Db,
    private readonly escrow: Pick<Escrow, 'hold' | 'release' | 'refund' | 'settle'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  hold(lobby: LobbyRecord, uid: string, seat: string) {
    return this.escrow.hold({
      ref: lobbyRef(lobby.id),
      uid,
      currency: lobby.settings.stakesCurrency,
      amount: stakeOf(lobby.settings),
      seat,
      meta: { lobbyId: lobby.id },
    });
  }

  /** Gives back one user's stake (up to `amount`); a closed escrow already decided it. */
  async release(lobby: LobbyRecord, uid: string, id: string, amount?: bigint): Promise<void> {
    try {
      await this.escrow.release({
        ref: lobbyRef(lobby.id),
        uid,
        currency: lobby.settings.stakesCurrency,
        id,
        ...(amount === undefined ? {} : { amount }),
        meta: { lobbyId: lobby.id },
      });
    } catch (err) {
      if (!(err instanceof EscrowClosedError)) throw err;
    }
  }

  refundAll(lobby: LobbyRecord) {
    return this.escrow.refund({
      ref: lobbyRef(lobby.id),
      currency: lobby.settings.stakesCurrency,
      reason: 'refund',
      meta: { lobbyId: lobby.id },
    });
  }

  settle(lobby: LobbyRecord, winners: string[]) {
    if (winners.length === 0) return this.refundAll(lobby);
    return this.escrow.settle({
      ref: lobbyRef(lobby.id),
      currency: lobby.settings.stakesCurrency,
      winners,
      meta: { lobbyId: lobby.id },
    });
  }

  pot(lobby: LobbyRecord): Promise<bigint> {
    return readBalance(this.db, accountOf.escrow(lobbyRef(lobby.id), lobby.settings.stakesCurrency).id);
  }

  /**
   * At the start (and again before the end, in case a crash cut it short): the escrow holds
   * exactly one stake per seated payer. A leave whose release never ran, or a hold whose seat
   * insert never ran, is given back here, each under a key used once per lobby.
   */
  async normalize(lobby: LobbyRecord): Promise<void> {
    const currency = lobby.settings.stakesCurrency;
    // Seated players, and those who forfeited during the battle (their stake stays in the pot).
    const seated = new Set(
      battlers(await new LobbyStore(this.db).participants(lobby.id))
        .filter((p) => lobby.settings.prizeMode === 'pool' || p.uid === lobby.ownerUid)
        .map((p) => p.uid),
    );
    const stake = stakeOf(lobby.settings);
    const escrow = accountOf.escrow(lobbyRef(lobby.id), currency).id;
    for (const [account, amount] of await stakesInEscrow(this.db, escrow)) {
      const uid = account.slice('user:'.length, account.length - currency.length - 1);
      if (!account.startsWith('user:') || amount <= 0n) continue;
      if (!seated.has(uid)) await this.release(lobby, uid, 'prestart');
      else if (amount > stake) await this.release(lobby, uid, 'excess', amount - stake);
    }
  }

  /** The wallet's escrow sweeper asks what became of a lobby's escrow (a crash left money in it). */
  resolver(): EscrowResolver {
    return {
      resolve: async (ref: string): Promise<EscrowState> => {
        const lobby = await new LobbyStore(this.db).find(ref.slice(LOBBY_PREFIX.length));
        if (!lobby || lobby.status === 'canceled') return { state: 'abandoned' };
        if (lobby.status !== 'finished') return { state: 'live' };
        const winners = Object.entries(lobby.results ?? {})
          .filter(([, r]) => BigInt(r.reward) > 0n)
          .map(([uid]) => uid);
        this.log.info({ lobbyId: lobby.id, winners }, 'lobby escrow resolved by the sweeper');
        return { state: 'finished', winners };
      },
    };
  }
}
