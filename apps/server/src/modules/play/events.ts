import type { FastifyBaseLogger } from 'fastify';
import { chatClosesAt, statusText, type Color } from '@rush/domain';
import {
  type EventDataOf,
  type EventTypeOf,
  type KindOf,
  GameEvents,
  PLAY_TOPICS,
  PlayUserEvents,
  TOPICS,
  type ChatLine,
  type GameEndedData,
  type GameMovedData,
  type GameOffersData,
  type GamePresenceData,
  type GameTakenBackData,
  type SpectatorChatLine,
} from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import type { GameRecord } from './games.store.ts';
import { clockView, offersView, statusOf } from './record.ts';

/** What changed in a game, as the engine reports it after its transaction committed. */
export type GameChange =
  | { kind: 'started'; game: GameRecord }
  | { kind: 'moved'; game: GameRecord; uci: string; san: string }
  | { kind: 'ended'; game: GameRecord }
  | {
      kind: 'offers';
      game: GameRecord;
      offer: 'draw' | 'takeback' | 'rematch';
      action: 'offer' | 'accept' | 'decline';
      by: Color;
    }
  | { kind: 'takenBack'; game: GameRecord }
  | { kind: 'presence'; game: GameRecord; connected: { white: boolean; black: boolean } }
  | { kind: 'playerChat'; game: GameRecord; line: ChatLine }
  | { kind: 'spectatorChat'; gameId: string; line: SpectatorChatLine }
  | { kind: 'spectators'; gameId: string; count: number };

export type ChangeListener = (change: GameChange) => void;

/**
 * Turns committed changes into realtime events (protocol `GameEvents` on `game:{id}`, player
 * chat on `game-chat:{id}`, `game.started` on the players' user topics) and hands them to
 * in-process listeners (the platform port's streams). A failed publish is logged, never thrown:
 * the change is committed, and clients recover it through their resync.
 */
interface Outgoing {
  topic: string;
  type: string;
  send: () => Promise<unknown>;
}

export class GamePublisher {
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async publish(changes: readonly GameChange[]): Promise<void> {
    for (const change of changes) {
      for (const l of this.listeners) {
        try {
          l(change);
        } catch (err) {
          this.log.error({ err }, 'game change listener failed');
        }
      }
      for (const { topic, type, send } of this.eventsOf(change)) {
        try {
          await send();
        } catch (err) {
          this.log.error({ err, topic, type }, 'game event not published');
        }
      }
    }
  }

  /** One event to publish, typed by the protocol's map where it is built. */
  private ev<T extends string, E extends EventTypeOf<KindOf<T>>>(
    topic: T,
    type: E,
    data: EventDataOf<KindOf<T>, E>,
  ): Outgoing {
    return { topic, type, send: () => this.hub.publish(topic, type, data) };
  }

  private eventsOf(change: GameChange): Outgoing[] {
    const now = this.clock.now();
    switch (change.kind) {
      case 'started': {
        const data = { gameId: change.game.id };
        return [
          this.ev(TOPICS.user(change.game.whiteId), PlayUserEvents.gameStarted, data),
          this.ev(TOPICS.user(change.game.blackId), PlayUserEvents.gameStarted, data),
        ];
      }
      case 'moved': {
        const g = change.game;
        const data: GameMovedData = {
          gameId: g.id,
          version: g.version,
          ply: g.ply,
          uci: change.uci,
          san: change.san,
          fen: g.fen,
          clock: clockView(g, now),
          offers: offersView(g),
          status: statusOf(g),
        };
        return [this.ev(PLAY_TOPICS.game(g.id), GameEvents.moved, data)];
      }
      case 'ended':
        return [this.ev(PLAY_TOPICS.game(change.game.id), GameEvents.ended, endedData(change.game, now))];
      case 'offers': {
        const g = change.game;
        const data: GameOffersData = {
          gameId: g.id,
          version: g.version,
          kind: change.offer,
          action: change.action,
          by: change.by,
          offers: offersView(g),
          rematchGameId: g.rematchGameId ?? null,
        };
        return [this.ev(PLAY_TOPICS.game(g.id), GameEvents.offers, data)];
      }
      case 'takenBack': {
        const g = change.game;
        const data: GameTakenBackData = {
          gameId: g.id,
          version: g.version,
          ply: g.ply,
          moves: g.moves,
          san: g.san,
          fen: g.fen,
          clock: clockView(g, now),
          offers: offersView(g),
        };
        return [this.ev(PLAY_TOPICS.game(g.id), GameEvents.takenBack, data)];
      }
      case 'presence': {
        const g = change.game;
        const data: GamePresenceData = {
          gameId: g.id,
          white: change.connected.white,
          black: change.connected.black,
          disconnect:
            g.disconnectColor && g.disconnectGraceEndsAt
              ? { color: g.disconnectColor, graceEndsAt: g.disconnectGraceEndsAt.toISOString() }
              : null,
        };
        return [this.ev(PLAY_TOPICS.game(g.id), GameEvents.presence, data)];
      }
      case 'playerChat':
        return [
          this.ev(PLAY_TOPICS.playerChat(change.game.id), GameEvents.chat, {
            gameId: change.game.id,
            line: change.line,
          }),
        ];
      case 'spectatorChat':
        return [
          this.ev(PLAY_TOPICS.game(change.gameId), GameEvents.spectatorChat, {
            gameId: change.gameId,
            line: change.line,
          }),
        ];
      case 'spectators':
        return [
          this.ev(PLAY_TOPICS.game(change.gameId), GameEvents.spectators, {
            gameId: change.gameId,
            count: change.count,
          }),
        ];
    }
  }
}

export function endedData(g: GameRecord, now: Date): GameEndedData {
  const status = statusOf(g);
  const endedAt = g.endedAt ?? now;
  return {
    gameId: g.id,
    version: g.version,
    status,
    statusText: statusText(status) ?? '',
    winner: g.winner ?? null,
    endedAt: endedAt.toISOString(),
    clock: clockView(g, now),
    ratingDiff:
      g.whiteRatingDiff !== null && g.blackRatingDiff !== null
        ? { white: g.whiteRatingDiff, black: g.blackRatingDiff }
        : null,
    chatClosesAt: chatClosesAt(endedAt).toISOString(),
  };
}
