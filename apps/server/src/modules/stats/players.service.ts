import {
  buildMoneySeries,
  buildRatingSeries,
  CURRENCIES,
  DEFAULT_USERNAME_COLOR,
  outcomeFor,
  PLAYER_TEXTS,
  RATING_FAMILIES,
  isUsernameColor,
} from '@rush/domain';
import type { PlayerCardResponse, PlayerSeriesResponse, RatingsResponse } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { avatarUrl } from '../accounts/index.ts';
import { PlayersStore, type PlayerAccountRow } from './players.store.ts';

/** A user's ratings as the play capability answers them (the Lichess account's when linked). */
export type RatingsOf = (uid: string) => Promise<RatingsResponse>;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A player's public card and charts (issue 19). What is public, and why:
 *
 * - Shown: the username, its colour and the picture (every board, the online list and the
 *   leaderboard show them), the ratings (`GET /api/play/ratings/{uid}` answers anyone, every
 *   board shows them), the rating after each rated game (each game's ratings and changes are
 *   public on its page, `/tv/{id}`, for anyone), the won/lost/drawn counts, and the wagers won and
 *   lost over time: the leaderboard already publishes each player's total of wagers won, and the
 *   stake and result of every game are public game by game (the game page, the spectators' prize
 *   pool, the landing's ongoing list). The card and the charts gather what anyone could read one
 *   game at a time.
 * - Not shown: balances, deposits, withdrawals, fees, transactions and limits (the wallet's, the
 *   player's alone), the e-mail, the chess-platform name (its owner may hide it, SPEC 2), and a
 *   win whose payout is held for a fair-play review (not a result until an admin decides).
 * - No card at all (404): a closed account (self-excluded people leave the leaderboard too; their
 *   past play is not put on show) and the bot accounts (the house's results are the operator's
 *   business, and the leaderboard leaves them out as well). Banned players keep their card, as
 *   they keep their leaderboard rows.
 */
export class PlayersService {
  constructor(
    private readonly db: Db,
    private readonly ratingsOf: RatingsOf,
  ) {}

  private async visible(uid: string): Promise<PlayerAccountRow> {
    const account = await new PlayersStore(this.db).account(uid);
    if (!account || account.closed || account.bot) throw notFound(PLAYER_TEXTS.notFound);
    return account;
  }

  async card(uid: string): Promise<PlayerCardResponse> {
    const account = await this.visible(uid);
    const [ratings, groups] = await Promise.all([this.ratingsOf(uid), new PlayersStore(this.db).resultGroups(uid)]);
    const record = { played: 0, won: 0, lost: 0, drawn: 0 };
    for (const g of groups) {
      const outcome = outcomeFor(g.status, g.winner, g.color);
      // Aborted and unstarted games were never played (SPEC 4: their stakes go back).
      if (outcome === 'aborted') continue;
      record.played += g.n;
      if (outcome === 'win') record.won += g.n;
      else if (outcome === 'loss') record.lost += g.n;
      else record.drawn += g.n;
    }
    return {
      uid: account.id,
      username: account.username,
      usernameColor: isUsernameColor(account.usernameColor) ? account.usernameColor : DEFAULT_USERNAME_COLOR,
      avatarUrl: avatarUrl(account),
      memberSince: account.createdAt.toISOString(),
      ratings: ratings.ratings,
      record,
    };
  }

  async series(uid: string): Promise<PlayerSeriesResponse> {
    await this.visible(uid);
    const store = new PlayersStore(this.db);
    const [ratingRows, staked] = await Promise.all([store.ratings(uid), store.stakedResults(uid)]);
    const ratings = buildRatingSeries(ratingRows.map((r) => ({ ...r, at: r.at.getTime() })));
    const money = buildMoneySeries(
      staked.map((r) => ({
        gameId: r.gameId,
        at: r.at.getTime(),
        currency: r.currency,
        outcome: outcomeFor(r.status, r.winner, r.color),
        amount: r.amount,
      })),
    );
    const out: PlayerSeriesResponse = {
      uid,
      ratings: { blitz: [], rapid: [] },
      money: { usd: [], wbx: [] },
    };
    for (const family of RATING_FAMILIES) {
      out.ratings[family] = ratings[family].map((p) => ({ at: iso(p.at), rating: p.rating }));
    }
    for (const currency of CURRENCIES) {
      out.money[currency] = money[currency].map((p) => ({ at: iso(p.at), won: p.won, lost: p.lost }));
    }
    return out;
  }
}
