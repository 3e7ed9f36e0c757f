import { TEXTS } from '@rush/domain';
import { PLAY_COMMANDS, type MoveResult } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Connection, RealtimeHub } from '../../platform/realtime/types.ts';
import { GameStore } from './games.store.ts';
import type { GamePlatforms } from './platforms.ts';
import { clockView, colorOf, offersView, statusOf } from './record.ts';
import type { Rematches } from './rematch.ts';
import type { SpectatorService } from './spectators.ts';
import type { GameViews } from './view.ts';

export interface PlayRealtimeDeps {
  db: Db;
  clock: Clock;
  /** Commands go to the platform their game lives on (platforms.ts). */
  platform: GamePlatforms;
  rematches: Rematches;
  spectators: SpectatorService;
  views: GameViews;
}

const idOf = (topic: string) => topic.slice(topic.indexOf(':') + 1);

function userOf(conn: Connection): string {
  if (!conn.userId) throw new AppError('UNAUTHENTICATED', TEXTS.unauthenticated);
  return conn.userId;
}

const done = { ok: true as const };

/**
 * The play topics and socket commands (protocol PLAY_TOPICS / PLAY_COMMANDS). Payloads are
 * parsed by the hub with the protocol schemas (a bad one gets a VALIDATION ack); every
 * state-changing command is safe to resend.
 */
export function registerPlayRealtime(hub: RealtimeHub, d: PlayRealtimeDeps): void {
  // game:{id} — everyone may watch a game that exists; the resync snapshot is the viewer's GameView.
  hub.registerTopic('game', {
    authorize: async (_conn, topic) => (await new GameStore(d.db).find(idOf(topic))) !== null,
    snapshot: (conn, topic) => d.views.byId(idOf(topic), conn.userId),
  });
  // game-chat:{id} — the two players only: player chat never reaches spectators.
  hub.registerTopic('game-chat', {
    authorize: async (conn, topic) => {
      const g = await new GameStore(d.db).find(idOf(topic));
      return g !== null && colorOf(g, conn.userId) !== null;
    },
  });

  const c = PLAY_COMMANDS;
  hub.registerCommand('game.move', {
    schema: c['game.move'].payload,
    rate: 'move',
    handle: async (conn, p): Promise<MoveResult> => {
      const out = await d.platform.move(p.gameId, userOf(conn), {
        ply: p.ply,
        uci: p.uci,
        ...(p.lagMs === undefined ? {} : { lagMs: p.lagMs }),
      });
      // The ack mirrors `game.moved`, from the row as the move left it (a resend: as it is now).
      const g = out.game;
      return {
        gameId: g.id,
        version: g.version,
        ply: out.ply,
        uci: out.uci,
        san: out.san,
        fen: out.fen,
        clock: clockView(g, d.clock.now()),
        offers: offersView(g),
        status: statusOf(g),
        duplicate: out.duplicate,
      };
    },
  });
  hub.registerCommand('game.resign', {
    schema: c['game.resign'].payload,
    rate: 'game',
    handle: async (conn, p) => (await d.platform.resign(p.gameId, userOf(conn)), done),
  });
  hub.registerCommand('game.abort', {
    schema: c['game.abort'].payload,
    rate: 'game',
    handle: async (conn, p) => (await d.platform.abort(p.gameId, userOf(conn)), done),
  });
  hub.registerCommand('game.draw', {
    schema: c['game.draw'].payload,
    rate: 'game',
    handle: async (conn, p) => (await d.platform.draw(p.gameId, userOf(conn), p.action), done),
  });
  hub.registerCommand('game.takeback', {
    schema: c['game.takeback'].payload,
    rate: 'game',
    handle: async (conn, p) => (await d.platform.takeback(p.gameId, userOf(conn), p.action), done),
  });
  hub.registerCommand('game.rematch', {
    schema: c['game.rematch'].payload,
    rate: 'game',
    handle: async (conn, p) => ({ ...done, ...(await d.rematches.answer(p.gameId, userOf(conn), p.action)) }),
  });
  hub.registerCommand('game.chat', {
    schema: c['game.chat'].payload,
    rate: 'chat',
    handle: async (conn, p) => (await d.platform.chat(p.gameId, userOf(conn), 'player', p.text), done),
  });
  hub.registerCommand('game.claimVictory', {
    schema: c['game.claimVictory'].payload,
    rate: 'game',
    handle: async (conn, p) => (await d.platform.claimVictory(p.gameId, userOf(conn)), done),
  });
  hub.registerCommand('game.spectate', {
    schema: c['game.spectate'].payload,
    rate: 'view',
    handle: (conn, p) => d.spectators.spectate(conn, p.gameId),
  });
  hub.registerCommand('game.unspectate', {
    schema: c['game.unspectate'].payload,
    rate: 'view',
    handle: (conn, p) => d.spectators.unspectate(conn, p.gameId),
  });
  hub.registerCommand('spectator.chat', {
    schema: c['spectator.chat'].payload,
    rate: 'chat',
    handle: async (conn, p) => (await d.spectators.chat(conn, p.gameId, p.text), done),
  });
}
