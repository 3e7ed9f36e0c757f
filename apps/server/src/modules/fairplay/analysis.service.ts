import { Chess } from 'chess.js';
import { classifyPly, FAIRPLAY_TEXTS, graphCp, isCancelled, type GameStatus, type PlyAnalysis } from '@rush/domain';
import type { AnalysedPlyView, GameAnalysisResponse } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { JobStore, PRIORITY } from './jobs.store.ts';
import { ReviewStore, type AnalysisRow, type GameRow } from './review.store.ts';

/**
 * GET analysis(gameId) (issue 14): the players of a game and admins see its stored analysis; a
 * finished game not analysed yet is queued (lowest priority) and answers `queued`.
 */
export class AnalysisService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Wakes this instance's worker (a queued game is analysed without waiting for the next run). */
    private readonly wake: () => void,
  ) {}

  async forViewer(gameId: string, viewer: { uid: string; admin: boolean }): Promise<GameAnalysisResponse> {
    const store = new ReviewStore(this.db);
    const game = await store.game(gameId);
    if (!game) throw notFound();
    if (!viewer.admin && game.whiteId !== viewer.uid && game.blackId !== viewer.uid)
      throw forbidden(FAIRPLAY_TEXTS.notYourGame);
    const analysis = await store.analysis(gameId);
    if (analysis) return view(game, analysis);
    const jobs = new JobStore(this.db);
    let job = await jobs.find(gameId);
    if (!job && analysable(game)) {
      await jobs.enqueue(gameId, PRIORITY.asked, false, this.clock.now());
      job = await jobs.find(gameId);
      this.wake();
    }
    const state = !job ? 'none' : job.state === 'done' ? 'running' : job.state;
    return { gameId, state, plies: [], white: null, black: null, verdict: null };
  }
}

const analysable = (g: GameRow): boolean => g.status !== 'started' && g.ply > 0 && !isCancelled(g.status as GameStatus);

function view(game: GameRow, a: AnalysisRow): GameAnalysisResponse {
  const board = new Chess(game.initialFen);
  const plies: AnalysedPlyView[] = a.plies.map((p: PlyAnalysis, i) => {
    const bestUci = p.top[0] ?? null;
    let bestSan: string | null = null;
    if (bestUci) {
      try {
        const probe = new Chess(board.fen());
        bestSan = probe.move(uciMove(bestUci)).san;
      } catch {
        bestSan = null;
      }
    }
    const moved = board.move(uciMove(p.played));
    const san = game.san[i] ?? moved.san;
    const whiteView = p.color === 'white' ? p.playedCp : -p.playedCp;
    return {
      ply: p.ply,
      color: p.color,
      uci: p.played,
      san,
      class: classifyPly(p),
      evalCp: evaluatedAfter(p) ? Math.round(graphCp(whiteView)) : null,
      best: bestUci,
      bestSan,
    };
  });
  return {
    gameId: game.id,
    state: 'done',
    plies,
    white: a.white,
    black: a.black,
    verdict: { white: a.whiteVerdict.kind, black: a.blackVerdict.kind },
  };
}

/**
 * Whether the position after the ply was evaluated. Analyses stored before `afterKnown` existed
 * left the book unsearched too and stored it as level: a book ply at exactly 0 is read as unknown.
 */
const evaluatedAfter = (p: PlyAnalysis): boolean => p.afterKnown ?? !(classifyPly(p) === 'book' && p.playedCp === 0);

const uciMove = (uci: string) => ({
  from: uci.slice(0, 2),
  to: uci.slice(2, 4),
  ...(uci.length > 4 ? { promotion: uci[4] } : {}),
});
