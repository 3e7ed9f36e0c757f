import type { FastifyBaseLogger } from 'fastify';
import { DISCONNECT_GRACE_MS, type Color } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Connection, ConnectionListener } from '../../platform/realtime/types.ts';
import type { GamePublisher } from './events.ts';
import { GameStore, type GameRecord } from './games.store.ts';
import { colorOf } from './record.ts';
import { SocketStore } from './sockets.store.ts';
import type { SpectatorService } from './spectators.ts';
import { SOCKET_FRESH_MS } from './view.ts';

/**
 * Players' connections (issue 4: opponent disconnect with a published grace period). Every
 * signed-in socket has a row (any instance can tell whether a player is connected); when a
 * player's last socket closes during a live game, the game records who left and until when
 * they may come back (a DB deadline, so a restart forgets nothing). After it the opponent may
 * claim victory. Sockets of a crashed instance go stale and are found by `sweep`.
 */
export class PlayerPresence implements ConnectionListener {
  /** This instance's signed-in sockets, refreshed in the table so they stay fresh. */
  private readonly local = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publisher: GamePublisher,
    private readonly spectators: SpectatorService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async onConnect(conn: Connection): Promise<void> {
    if (!conn.userId) return;
    this.local.add(conn.id);
    await new SocketStore(this.db).opened(conn.id, conn.userId, this.clock.now());
    const g = await this.liveGameOf(conn.userId);
    if (!g) return;
    const back =
      g.disconnectColor === colorOf(g, conn.userId) && g.platform !== 'lichess'
        ? await new GameStore(this.db).setDisconnect(g.id, null, null)
        : g;
    await this.announce(back ?? g);
  }

  async onDisconnect(conn: Connection): Promise<void> {
    this.local.delete(conn.id);
    await this.spectators.leaveConnection(conn.id);
    if (!conn.userId) return;
    await new SocketStore(this.db).closed(conn.id);
    const g = await this.liveGameOf(conn.userId);
    if (!g) return;
    const color = colorOf(g, conn.userId);
    const stillHere = await this.connected(g);
    // Lichess decides whether a player of a Lichess game is gone (its opponentGone, mirrored).
    if (color && !stillHere[color] && g.disconnectColor === null && g.platform !== 'lichess') {
      const gone = await this.markGone(g, color);
      if (gone) await this.announce(gone);
      return;
    }
    await this.announce(g);
  }

  /** Keeps this instance's sockets fresh, drops dead ones, and marks players nobody sees any more. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    const sockets = new SocketStore(this.db);
    await sockets.refresh([...this.local], now);
    const freshAfter = new Date(now.getTime() - SOCKET_FRESH_MS);
    await sockets.dropStale(freshAfter);
    for (const row of await sockets.liveGamesWithAbsentPlayer(freshAfter)) {
      const g = await new GameStore(this.db).find(row.id);
      if (!g || g.platform === 'lichess') continue;
      // The engine's side of a bot game never has a socket and never leaves: marked gone, the
      // player was told "Your opponent disconnected" and could claim a staked game (issue 36).
      const whiteAway = row.whiteAway && g.engineColor !== 'white';
      const blackAway = row.blackAway && g.engineColor !== 'black';
      // Both gone: nobody is there to claim; the clocks (or the first-move deadline) end the game.
      if (whiteAway === blackAway) continue;
      const gone = await this.markGone(g, whiteAway ? 'white' : 'black');
      if (gone) await this.announce(gone);
    }
  }

  private markGone(g: GameRecord, color: Color): Promise<GameRecord | null> {
    return new GameStore(this.db).setDisconnect(
      g.id,
      color,
      new Date(this.clock.now().getTime() + DISCONNECT_GRACE_MS),
    );
  }

  private async connected(g: GameRecord): Promise<{ white: boolean; black: boolean }> {
    const freshAfter = new Date(this.clock.now().getTime() - SOCKET_FRESH_MS);
    const set = await new SocketStore(this.db).connectedAmong([g.whiteId, g.blackId], freshAfter);
    return { white: set.has(g.whiteId), black: set.has(g.blackId) };
  }

  private async announce(g: GameRecord): Promise<void> {
    await this.publisher.publish([{ kind: 'presence', game: g, connected: await this.connected(g) }]);
  }

  private async liveGameOf(uid: string): Promise<GameRecord | null> {
    const store = new GameStore(this.db);
    const id = await store.liveGameIdOf(uid);
    if (!id) return null;
    const g = await store.find(id);
    if (!g) this.log.warn({ uid, gameId: id }, 'live player row without its game');
    return g;
  }
}
