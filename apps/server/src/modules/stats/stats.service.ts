import {
  isGameModeId,
  LANDING_LEADERBOARD_SIZE,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_SINCE,
  ONLINE_WINDOW_MS,
  outcomeFor,
  pgnResult,
  pickFeatured,
  type Currency,
} from '@rush/domain';
import type {
  FeaturedGameView,
  LandingResponse,
  LeaderboardResponse,
  LeaderboardRow,
  OngoingGameView,
  RecentGameView,
} from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { PresenceStore } from '../accounts/index.ts';
import { statusOf } from '../play/index.ts';
import { StatsStore, type FinishedBoardRow, type OngoingRow, type RecentRow, type WinnerSum } from './stats.store.ts';

/** The landing lists at most this many live games (newest first). */
export const ONGOING_LIMIT = 20;

const ranked = (rows: WinnerSum[], offset: number): LeaderboardRow[] =>
  rows.map((r, i) => ({ rank: offset + i + 1, uid: r.uid, username: r.username, won: r.won }));

function ongoingView(g: OngoingRow): OngoingGameView | null {
  // A row of a mode this build does not know cannot be described; it is left out, not a 500.
  if (!isGameModeId(g.mode)) return null;
  const staked = g.stakeCurrency !== null && g.stakeAmount !== null;
  return {
    gameId: g.id,
    gameType: g.mode,
    white: { uid: g.whiteId, username: g.whiteName, rating: g.whiteRating },
    black: { uid: g.blackId, username: g.blackName, rating: g.blackRating },
    currency: staked ? g.stakeCurrency : null,
    amount: staked ? g.stakeAmount : null,
    startedAt: g.createdAt.toISOString(),
  };
}

/** A game as the hero's board shows it. */
function boardView(
  g: Pick<OngoingRow, 'id' | 'fen' | 'lastMove' | 'whiteName' | 'whiteRating' | 'blackName' | 'blackRating'>,
  result: string | null,
): FeaturedGameView {
  return {
    gameId: g.id,
    live: result === null,
    fen: g.fen,
    lastMove: g.lastMove,
    white: { username: g.whiteName, rating: g.whiteRating },
    black: { username: g.blackName, rating: g.blackRating },
    result,
  };
}

/** The hero's board: the strongest live game (domain pickFeatured), else the latest finished. */
function featuredView(live: OngoingRow[], finished: FinishedBoardRow | null): FeaturedGameView | null {
  const pick = pickFeatured(live);
  if (pick) return boardView(pick, null);
  return finished ? boardView(finished, pgnResult(statusOf(finished), finished.winner)) : null;
}

function recentView(g: RecentRow, uid: string): RecentGameView {
  const status = statusOf(g);
  const staked = g.stakeCurrency !== null && g.stakeAmount !== null;
  return {
    gameId: g.id,
    opponent: g.opponentName,
    outcome: outcomeFor(status, g.winner, g.whiteId === uid ? 'white' : 'black'),
    currency: staked ? g.stakeCurrency : null,
    amount: staked ? g.stakeAmount : null,
    endedAt: g.endedAt.toISOString(),
    underReview: g.review === 'held',
  };
}

/** SPEC 2/9 leaderboard and landing: read-only views derived from the games and presence. */
export class StatsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** One page (1-based) of SPEC 9's ranking; ranks continue across pages. */
  async leaderboard(currency: Currency, page: number): Promise<LeaderboardResponse> {
    const store = new StatsStore(this.db);
    const offset = (page - 1) * LEADERBOARD_PAGE_SIZE;
    const [rows, total] = await Promise.all([
      store.leaderboard(currency, LEADERBOARD_SINCE, LEADERBOARD_PAGE_SIZE, offset),
      store.leaderboardSize(currency, LEADERBOARD_SINCE),
    ]);
    return { currency, page, pageSize: LEADERBOARD_PAGE_SIZE, total, rows: ranked(rows, offset) };
  }

  /** The live games, newest first (the landing's list; the admin console's games section). */
  async ongoing(limit: number): Promise<OngoingGameView[]> {
    const rows = await new StatsStore(this.db).ongoing(limit);
    return rows.map(ongoingView).filter((g): g is OngoingGameView => g !== null);
  }

  /** Everything the landing shows; `recentGame` only for a signed-in user. */
  async landing(uid: string | null): Promise<LandingResponse> {
    const store = new StatsStore(this.db);
    const onlineSince = new Date(this.clock.now().getTime() - ONLINE_WINDOW_MS);
    const top = (currency: Currency) => store.leaderboard(currency, LEADERBOARD_SINCE, LANDING_LEADERBOARD_SIZE, 0);
    const [playersOnline, totalGames, usd, wbx, ongoing, recent] = await Promise.all([
      new PresenceStore(this.db).countOnline(onlineSince),
      store.finishedGames(),
      top('usd'),
      top('wbx'),
      store.ongoing(ONGOING_LIMIT),
      uid === null ? Promise.resolve(null) : store.recentGame(uid),
    ]);
    // Only when nothing is live is the latest finished game read.
    const finished = ongoing.length > 0 ? null : await store.latestFinishedBoard();
    return {
      playersOnline,
      // SPEC 9 counts half the game entries (two per game); one games row is one game.
      totalGames,
      leaderboard: { usd: ranked(usd, 0), wbx: ranked(wbx, 0) },
      ongoing: ongoing.map(ongoingView).filter((g): g is OngoingGameView => g !== null),
      recentGame: recent && uid !== null ? recentView(recent, uid) : null,
      featured: featuredView(ongoing, finished),
    };
  }
}
