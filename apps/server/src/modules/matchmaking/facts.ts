import {
  defaultRating,
  gamesKey,
  isGameModeId,
  isProvisional,
  allowedCountryForRushCoins,
  isUnderLocalMajority,
  TEXTS,
  RATING_FAMILIES,
  ratingFamilyOf,
  shownRating,
  type Currency,
  type GameModeId,
  type PlayerFacts,
  type RatingFamily,
  type Refusal,
  type VerifiedLevel,
} from '@rush/domain';
import type { DeviceGps } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { ProfileStore } from '../play/index.ts';
import { linkedLichessRatings } from '../lichess/index.ts';
import { FLAG_TEXTS } from '../wallet/index.ts';
import type { WalletFacts } from '../wallet/index.ts';
import { MatchRecordStore } from './records.store.ts';
import { playerRow } from './players.store.ts';

export interface PlayerRecord {
  uid: string;
  username: string;
  dateOfBirth: string | null;
  facts: PlayerFacts;
  /** The shown rating per family, read with the facts (the seek's record keeps its mode's). */
  shownRatings: Record<RatingFamily, number>;
}

/**
 * The domain's PlayerFacts read on the server: the account row, balances and bet limit from
 * the wallet, walletReady (a USD deposit ever reached the user), provisional ratings from play,
 * finished matchmaking games per wager. `underLocalMajority` needs the device: see `locate`.
 */
export class FactsReader {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletFacts,
  ) {}

  /** A user's site name by uid (the wizard's "Challenging {username}"); null when unknown. */
  async usernameOf(uid: string): Promise<string | null> {
    return (await playerRow(this.db, uid))?.username ?? null;
  }

  async read(uid: string): Promise<PlayerRecord | null> {
    const user = await playerRow(this.db, uid);
    if (!user) return null;
    const [balances, walletReady, ratings, gamesAt, betLimit, coolOffUntil, usdRoom, wbxRoom] = await Promise.all([
      this.wallet.balances.read(uid),
      this.wallet.hasUsdDeposit(uid),
      this.ratings(uid),
      this.gamesAt(uid),
      this.wallet.betLimitOf(uid),
      this.wallet.coolOffUntil(uid),
      this.wallet.lossRoom(uid, 'usd'),
      this.wallet.lossRoom(uid, 'wbx'),
    ]);
    // Issue 37: the early word on a break and the loss limits (the stake is judged again when taken).
    const lossRoom: NonNullable<PlayerFacts['lossRoom']> = {};
    if (usdRoom) lossRoom.usd = usdRoom;
    if (wbxRoom) lossRoom.wbx = wbxRoom;
    return {
      uid,
      username: user.username,
      dateOfBirth: user.dob,
      facts: {
        signedIn: true,
        // A closed (self-excluded) account cannot play either: its balances are frozen.
        banned: user.banned || user.closed,
        verifiedLevel: user.level as VerifiedLevel,
        balances,
        walletReady,
        underLocalMajority: null,
        provisional: ratings.provisional,
        gamesAt,
        betLimit: betLimit?.max ?? null,
        coolOffUntil,
        lossRoom,
      },
      shownRatings: ratings.shown,
    };
  }

  /** Shown ratings and provisional flags per family (the default rating when none yet). */
  async ratings(
    uid: string,
  ): Promise<{ shown: Record<RatingFamily, number>; provisional: Record<RatingFamily, boolean> }> {
    const profiles = new ProfileStore(this.db);
    const shown = {} as Record<RatingFamily, number>;
    const provisional = {} as Record<RatingFamily, boolean>;
    // Linked on Lichess (issue 15): the Lichess account's ratings decide.
    const lichess = await linkedLichessRatings(this.db, uid);
    if (lichess) {
      for (const family of RATING_FAMILIES) {
        shown[family] = lichess[family].rating;
        provisional[family] = lichess[family].provisional;
      }
      return { shown, provisional };
    }
    const rows = await profiles.ratings([uid]);
    for (const family of RATING_FAMILIES) {
      const r = rows.find((x) => x.family === family) ?? defaultRating();
      shown[family] = shownRating(r);
      provisional[family] = isProvisional(r);
    }
    return { shown, provisional };
  }

  async ratingIn(uid: string, mode: GameModeId): Promise<number> {
    return (await this.ratings(uid)).shown[ratingFamilyOf(mode)];
  }

  private async gamesAt(uid: string): Promise<Record<string, number>> {
    const rows = await new MatchRecordStore(this.db).finishedCounts(uid);
    const out: Record<string, number> = {};
    for (const r of rows) if (isGameModeId(r.mode)) out[gamesKey(r.mode, r.currency, r.value)] = r.n;
    return out;
  }

  /**
   * SPEC 1, 6: cash play needs the device's location, checked with the client's address `ip`
   * (`request.ip`). The wallet's identity port answers the region (or a flag: refused with its
   * text); the majority is the region's. RushCoins need no device location, but are refused
   * from an address outside the US and Canada. Answers the facts with `underLocalMajority` set,
   * or the refusal.
   */
  async locate(
    p: PlayerRecord,
    currency: Currency,
    gps: DeviceGps | undefined,
    ip: string | null,
  ): Promise<PlayerFacts | Refusal> {
    if (currency === 'wbx') {
      if (!allowedCountryForRushCoins(await this.wallet.ipCountry(ip)))
        return { ok: false, code: 'location', message: TEXTS.notOfferedHere };
      return { ...p.facts, underLocalMajority: false };
    }
    if (!gps) return p.facts;
    const session = await this.wallet.startSession({ uid: p.uid, type: 'PAY', deviceGps: gps, ip });
    if (!session.ok) {
      const message = 'flag' in session ? FLAG_TEXTS[session.flag] : session.message;
      return { ok: false, code: 'location', message };
    }
    // Allowed but no known region: the majority cannot be told, so cash play stays refused.
    const under =
      session.regionCode === null ? null : isUnderLocalMajority(p.dateOfBirth, session.regionCode, this.clock.now());
    return { ...p.facts, underLocalMajority: under };
  }
}
