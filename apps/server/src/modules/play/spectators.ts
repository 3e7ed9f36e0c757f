import { checkSpectatorChat, PLAY_TEXTS } from '@rush/domain';
import { SPECTATE_TTL_MS } from '@rush/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Connection } from '../../platform/realtime/types.ts';
import { ChatStore } from './chat.store.ts';
import type { GamePublisher } from './events.ts';
import { GameStore } from './games.store.ts';
import type { ChessPlatform } from './platform-port.ts';
import { colorOf } from './record.ts';
import { SpectatorStore } from './spectators.store.ts';

const viewerKey = (conn: Pick<Connection, 'userId' | 'visitorKey'>) => conn.userId ?? `v:${conn.visitorKey}`;

/**
 * Spectating (SPEC 2 /tv/{id}, 4, 5): heartbeats every 30 s count a viewer for 35 s; leaving
 * or closing the socket removes them at once. The count is recomputed from the table (every
 * instance sees the same rows) and published when it changes. Spectator chat applies the SPEC
 * rules, then goes through the platform.
 */
export class SpectatorService {
  /** Last count published per game by this instance (publish on change only). */
  private readonly lastCount = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly publisher: GamePublisher,
    private readonly platform: ChessPlatform,
    private readonly log: FastifyBaseLogger,
  ) {}

  async spectate(conn: Connection, gameId: string): Promise<{ count: number }> {
    const g = await new GameStore(this.db).find(gameId);
    if (!g) throw notFound(PLAY_TEXTS.gameNotFound);
    // The players watch their own board; they are not spectators.
    if (colorOf(g, conn.userId) === null) {
      await new SpectatorStore(this.db).beat(gameId, conn.id, viewerKey(conn), this.clock.now());
    }
    return { count: await this.recount(gameId) };
  }

  async unspectate(conn: Connection, gameId: string): Promise<{ count: number }> {
    await new SpectatorStore(this.db).leave(gameId, conn.id);
    return { count: await this.recount(gameId) };
  }

  async leaveConnection(connId: string): Promise<void> {
    for (const gameId of await new SpectatorStore(this.db).leaveAll(connId)) await this.recount(gameId);
  }

  /** Heartbeats that stopped: their viewers leave the count. */
  async sweep(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - SPECTATE_TTL_MS);
    for (const gameId of await new SpectatorStore(this.db).dropStale(before)) await this.recount(gameId);
    // Forget counts of games nobody watches here any more, so the map stays small.
    if (this.lastCount.size > 10_000) this.lastCount.clear();
  }

  async count(gameId: string): Promise<number> {
    return new SpectatorStore(this.db).count(gameId, new Date(this.clock.now().getTime() - SPECTATE_TTL_MS));
  }

  private async recount(gameId: string): Promise<number> {
    const count = await this.count(gameId);
    if (this.lastCount.get(gameId) !== count) {
      this.lastCount.set(gameId, count);
      if (count === 0) this.lastCount.delete(gameId);
      await this.publisher.publish([{ kind: 'spectators', gameId, count }]);
    }
    return count;
  }

  /** SPEC 5 spectator chat; refusals carry the SPEC texts. */
  async chat(conn: Connection, gameId: string, text: string): Promise<void> {
    const uid = conn.userId;
    const g = await new GameStore(this.db).find(gameId);
    const check = checkSpectatorChat({
      signedIn: uid !== null,
      gameExists: g !== null,
      text,
      finishedAt: g?.endedAt ?? null,
      now: this.clock.now(),
      lastOwnText: uid && g ? await new ChatStore(this.db).lastOf(g.id, 'spectator', uid) : null,
    });
    if (!check.ok) {
      const code =
        check.reason === 'login'
          ? 'UNAUTHENTICATED'
          : check.reason === 'expired' || check.reason === 'repeat'
            ? 'CONFLICT'
            : 'VALIDATION';
      throw new AppError(code, check.message);
    }
    try {
      await this.platform.chat(gameId, uid!, 'spectator', check.text);
    } catch (err) {
      if (err instanceof AppError) throw err;
      // SPEC 8: the generic chat failure text, not a stack trace.
      this.log.error({ err, gameId }, 'spectator chat failed');
      throw new AppError('INTERNAL', PLAY_TEXTS.chatFailed);
    }
  }
}
