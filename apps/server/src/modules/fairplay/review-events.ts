import type { FastifyBaseLogger } from 'fastify';
import { statusText } from '@rush/domain';
import { GameEvents, PLAY_TOPICS, type GameReviewData } from '@rush/protocol';
import type { DbOrTx } from '../../platform/db/database.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import { statusOf } from '../play/index.ts';
import { ReviewStore, type GameRow } from './review.store.ts';

/** The game's review state as its players' screens show it (the result popup's "Under review"). */
export function reviewData(game: Pick<GameRow, 'id' | 'status' | 'winner' | 'review'>): GameReviewData {
  const status = statusOf(game);
  return {
    gameId: game.id,
    underReview: game.review === 'held',
    status,
    statusText: statusText(status) ?? '',
    winner: game.winner ?? null,
  };
}

/**
 * Tells the game's screens that its review state changed (held after the analysis, cleared or
 * confirmed by an admin), after the change committed. A lost publish is logged, never thrown:
 * the game view read on the next load says the same.
 */
export function reviewPublisher(db: DbOrTx, hub: Pick<RealtimeHub, 'publish'>, log: FastifyBaseLogger) {
  return async (gameId: string): Promise<void> => {
    try {
      const game = await new ReviewStore(db).game(gameId);
      if (game) await hub.publish(PLAY_TOPICS.game(gameId), GameEvents.review, reviewData(game));
    } catch (err) {
      log.warn({ err, gameId }, 'game review event not published');
    }
  };
}
