import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { GameStore } from './games.store.ts';
import { SocketStore } from './sockets.store.ts';

/** How often a running server writes its liveness beat. */
export const BEAT_EVERY_MS = 5_000;
const BEAT_ID = 'play';

/**
 * The downtime policy (issue 4, restart safety): CLOCKS PAUSE WHILE NO SERVER RUNS.
 *
 * Every running instance writes a beat (a timestamp row) every BEAT_EVERY_MS. At start-up an
 * instance locks that row and measures the gap since the last beat: when it is longer than one
 * beat interval, no server was running for `gap - interval`, and every live game's running
 * clock, first-move deadline, flag deadline and disconnect grace is moved forward by exactly
 * that much, in the same transaction that writes the new beat. The side to move therefore
 * loses at most one beat interval to an outage, never the outage; no game is flagged or
 * "didn't start" because the server was down. With several instances, one that stays up keeps
 * the beat fresh, so a restart of another shifts nothing; two starting together serialize on
 * the row lock and the second sees the first one's fresh beat.
 *
 * Clients learn the new state by their resync (the bus versions restarted with the process):
 * the `game:{id}` snapshot is the GameView with the shifted `runningSince`.
 */
export class DowntimePolicy {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** At start-up, before any sweep: shifts live games by the measured downtime. */
  async resume(): Promise<number> {
    const { downtime, games } = await this.db.transaction(async (tx) => {
      const sockets = new SocketStore(tx);
      const now = this.clock.now();
      const last = await sockets.lockBeat(BEAT_ID);
      const gap = last ? now.getTime() - last.getTime() - BEAT_EVERY_MS : 0;
      const shifted = gap > 0 ? await new GameStore(tx).shiftLiveGames(gap) : 0;
      await sockets.beat(BEAT_ID, now);
      return { downtime: Math.max(0, gap), games: shifted };
    });
    if (games > 0) this.log.info({ downtimeMs: downtime, games }, 'live game clocks shifted by the server downtime');
    return downtime;
  }

  async beat(): Promise<void> {
    await new SocketStore(this.db).beat(BEAT_ID, this.clock.now());
  }
}
