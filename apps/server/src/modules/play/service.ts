import {
  buildPgn,
  gameMode,
  historyDate,
  historyResultText,
  outcomeFor,
  PLAY_TEXTS,
  statusText,
  type Currency,
} from '@rush/domain';
import {
  analyzePath,
  HISTORY_PAGE_SIZE,
  lichessGameUrl,
  PLAY_ROUTES,
  type GameView,
  type HistoryItem,
  type HistoryResponse,
} from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { avatarUrl } from '../accounts/index.ts';
import { isGameRunning } from './activity.ts';
import { GameStore } from './games.store.ts';
import { ProfileStore } from './profiles.store.ts';
import { colorOf, modeOf, statusOf } from './record.ts';
import type { GameViews } from './view.ts';

/** The play capability's reads for HTTP: current game, any game, history, PGN. */
export class PlayService {
  constructor(
    private readonly db: Db,
    private readonly views: GameViews,
    private readonly appUrl: string,
    /** LICHESS_URL when Lichess is the platform: a Lichess game is analysed there. */
    private readonly lichessUrl: string | null = null,
  ) {}

  async current(uid: string): Promise<GameView | null> {
    const id = await new GameStore(this.db).liveGameIdOf(uid);
    return id ? this.views.byId(id, uid) : null;
  }

  /** Any game, for anyone (spectators and visitors too), while it exists. */
  async game(id: string, viewerUid: string | null): Promise<GameView> {
    const view = await this.views.byId(id, viewerUid);
    if (!view) throw notFound(PLAY_TEXTS.gameNotFound);
    return view;
  }

  /** Whether the user plays a game now (the wallet's top-up rule asks this). */
  isGameRunning(uid: string): Promise<boolean> {
    return isGameRunning(this.db, uid);
  }

  /** SPEC 2 History modal: finished games, newest first; SPEC 7's cash and RushCoin lists by `currency`. */
  async history(uid: string, page: number, currency?: Currency): Promise<HistoryResponse> {
    const { total, rows } = await new GameStore(this.db).history(
      uid,
      HISTORY_PAGE_SIZE,
      (page - 1) * HISTORY_PAGE_SIZE,
      currency,
    );
    const opponents = rows.map((g) => (g.whiteId === uid ? g.blackId : g.whiteId));
    const cards = await new ProfileStore(this.db).cards([...new Set(opponents)]);
    const items = rows.map((g, i): HistoryItem => {
      const color = colorOf(g, uid) ?? 'white';
      const status = statusOf(g);
      const card = cards.get(opponents[i]!);
      const stake =
        g.stakeCurrency && g.stakeAmount !== null ? { currency: g.stakeCurrency, amount: g.stakeAmount } : null;
      const outcome = outcomeFor(status, g.winner ?? null, color);
      const endedAt = g.endedAt ?? g.createdAt;
      return {
        gameId: g.id,
        mode: modeOf(g),
        status,
        statusText: statusText(status) ?? '',
        opponent: card ? { uid: card.id, username: card.username, avatarUrl: avatarUrl(card) } : null,
        color,
        outcome,
        resultText: historyResultText(outcome, stake),
        stake,
        underReview: g.review === 'held',
        date: historyDate(endedAt),
        endedAt: endedAt.toISOString(),
        analyzeUrl:
          g.platform === 'lichess' && g.externalId && this.lichessUrl
            ? lichessGameUrl(this.lichessUrl, g.externalId, 'black')
            : analyzePath(g.id, color),
        pgnUrl: PLAY_ROUTES.pgn(g.id),
      };
    });
    return { total, page, pageSize: HISTORY_PAGE_SIZE, items };
  }

  async pgn(id: string): Promise<string> {
    const g = await new GameStore(this.db).find(id);
    if (!g) throw notFound(PLAY_TEXTS.gameNotFound);
    const cards = await new ProfileStore(this.db).cards([g.whiteId, g.blackId]);
    const name = (uid: string) => {
      const c = cards.get(uid);
      return c?.chessUsername ?? c?.username ?? '?';
    };
    const mode = gameMode(modeOf(g));
    return buildPgn({
      id: g.id,
      site: `${this.appUrl}/tv/${g.id}`,
      event: `${g.rated ? 'Rated' : 'Casual'} ${mode.name} game`,
      white: name(g.whiteId),
      black: name(g.blackId),
      whiteElo: g.whiteRating,
      blackElo: g.blackRating,
      startedAt: g.createdAt,
      initialFen: g.initialFen,
      moves: g.moves,
      status: statusOf(g),
      winner: g.winner ?? null,
      timeControl: { initialMs: g.initialMs, incrementMs: g.incrementMs },
    });
  }
}
