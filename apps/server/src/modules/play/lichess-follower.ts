import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Color } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import {
  isFinishedStatus,
  type LichessClient,
  type LichessGameState,
  type LichessGameStreamEvent,
  type StreamHandle,
} from '../lichess/index.ts';
import { GameStore } from './games.store.ts';
import type { LichessMirror, RemoteState } from './lichess-mirror.ts';
import type { LichessResults, ReportedResult } from './lichess-results.ts';
import type { LichessTokens } from './lichess-tokens.ts';
import { statusOf } from './record.ts';
import { LichessFollowStore } from './lichess-follows.store.ts';

/** A follower's lease: renewed by every sweep, taken over by another instance once it lapses. */
export const FOLLOW_LEASE_MS = 15_000;
/** How often the export is asked again while it does not show the end a stream reported. */
const CONCLUDE_TRIES = 5;
const CONCLUDE_EVERY_MS = 1_000;
/** Lapsed leases taken per sweep at most. */
const TAKE_PER_SWEEP = 50;

/** What a stream line means for the row: the Lichess state in our terms. */
export function remoteOf(state: LichessGameState): RemoteState {
  const finished = isFinishedStatus(state.status);
  const offerOf = (w?: boolean, b?: boolean): Color | null => (w ? 'white' : b ? 'black' : null);
  return {
    moves: state.moves.split(' ').filter((m) => m !== ''),
    clocks: { whiteMs: state.wtime, blackMs: state.btime },
    // A finished game's offers end with it (the finisher clears them): no decline event first.
    ...(finished
      ? {}
      : { draw: offerOf(state.wdraw, state.bdraw), takeback: offerOf(state.wtakeback, state.btakeback) }),
  };
}

interface Following {
  handles: StreamHandle[];
  /** Stream lines are handled one after another, in arrival order. */
  queue: Promise<void>;
  reported: ReportedResult | null;
  closed: boolean;
}

/**
 * Follows live Lichess games (issue 15): for each, the Board API game stream of each of our
 * players (their own tokens: Lichess sees them both present), mirrored into the row, player
 * chat from White's stream only (both streams carry every line). One instance follows a game
 * at a time, under a lease in `lichess_follows`; the instance that created the game follows
 * it at once, any instance's sweep takes a game whose lease lapsed (a crash, a restart) and
 * re-opens its streams, whose first line is the whole game. When Lichess closes the streams
 * at the end, the reported result is confirmed by the export and settled (LichessResults).
 * Drops, malformed lines and retries are the client's (3 tries 2 s apart); a stream that gives
 * up releases the lease so a later sweep tries again.
 */
export class LichessFollower {
  readonly owner = randomUUID();
  private readonly following = new Map<string, Following>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly client: LichessClient,
    private readonly tokens: LichessTokens,
    private readonly mirror: LichessMirror,
    private readonly results: LichessResults,
    private readonly log: FastifyBaseLogger,
    private readonly leaseMs = FOLLOW_LEASE_MS,
  ) {}

  /** The games this instance follows now. */
  get followed(): string[] {
    return [...this.following.keys()];
  }

  /** Follows a game now unless another instance holds its lease. */
  async follow(gameId: string): Promise<void> {
    if (this.stopped || this.following.has(gameId)) return;
    if (await this.claim(gameId)) this.start(gameId);
  }

  /** The job: renews this instance's leases, then takes live Lichess games nobody follows. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const store = new LichessFollowStore(this.db);
    await store.renew(this.owner, this.followed, new Date(now.getTime() + this.leaseMs));
    const orphans = await store.orphans(now, TAKE_PER_SWEEP);
    let taken = 0;
    for (const id of orphans) {
      if (this.following.has(id)) continue;
      await this.follow(id);
      if (this.following.has(id)) taken++;
    }
    return taken;
  }

  /** Stops every stream and gives the leases up, so another instance resumes at once. */
  async close(): Promise<void> {
    this.stopped = true;
    const all = [...this.following.values()];
    for (const f of all) {
      f.closed = true;
      for (const h of f.handles) h.close();
    }
    await Promise.allSettled(all.map((f) => f.queue));
    this.following.clear();
    await new LichessFollowStore(this.db).releaseAll(this.owner);
  }

  /** Takes the lease when it is free, lapsed or already ours. */
  private async claim(gameId: string): Promise<boolean> {
    const now = this.clock.now();
    return new LichessFollowStore(this.db).claim(gameId, this.owner, now, new Date(now.getTime() + this.leaseMs));
  }

  private async release(gameId: string): Promise<void> {
    this.following.delete(gameId);
    await new LichessFollowStore(this.db)
      .release(gameId, this.owner)
      .catch((err: unknown) => this.log.warn({ err, gameId }, 'lichess follow lease not released'));
  }

  private start(gameId: string): void {
    const f: Following = { handles: [], queue: Promise.resolve(), reported: null, closed: false };
    this.following.set(gameId, f);
    void this.run(gameId, f)
      .catch((err: unknown) => this.log.warn({ err, gameId }, 'lichess game not followed; a later sweep tries again'))
      .finally(() => {
        if (!f.closed) void this.release(gameId);
      });
  }

  private async run(gameId: string, f: Following): Promise<void> {
    const g = await new GameStore(this.db).find(gameId);
    if (!g || g.externalId === null || statusOf(g) !== 'started') return;
    const externalId = g.externalId;
    const sides = (['white', 'black'] as const).filter((c) => g.engineColor !== c);
    const players = await Promise.all(sides.map((c) => this.tokens.of(c === 'white' ? g.whiteId : g.blackId)));
    const uidOfName = new Map(players.map((p) => [p.username.toLowerCase(), p.uid]));
    const uidOfUsername = (name: string) => uidOfName.get(name.toLowerCase()) ?? null;
    players.forEach((p, i) => {
      const primary = i === 0;
      const handle = this.client.streamGame(
        p.token,
        externalId,
        (e) => {
          f.queue = f.queue
            .then(() => this.onEvent(gameId, f, e, primary, uidOfUsername))
            .catch((err: unknown) => this.log.error({ err, gameId }, 'lichess stream line not mirrored'));
        },
        {
          onRetry: (attempt, cause) => this.log.warn({ gameId, attempt, err: cause }, 'lichess game stream re-opened'),
        },
      );
      f.handles.push(handle);
    });
    const ends = await Promise.allSettled(f.handles.map((h) => h.done));
    await f.queue;
    if (f.closed) return;
    for (const end of ends)
      if (end.status === 'rejected') this.log.warn({ gameId, err: end.reason }, 'lichess game stream gave up');
    if (!f.reported) {
      // Every stream ended without a result (given up): the next sweep follows again.
      for (const h of f.handles) h.close();
      return;
    }
    for (let i = 0; i < CONCLUDE_TRIES && !f.closed; i++) {
      if ((await this.results.conclude(gameId, f.reported)) === 'done') return;
      await new Promise((r) => setTimeout(r, CONCLUDE_EVERY_MS));
    }
  }

  private async onEvent(
    gameId: string,
    f: Following,
    e: LichessGameStreamEvent,
    primary: boolean,
    uidOfUsername: (name: string) => string | null,
  ): Promise<void> {
    if (f.closed) return;
    if (e.type === 'chatLine') {
      if (primary && e.room === 'player') await this.mirror.chat(gameId, e, uidOfUsername);
      return;
    }
    if (e.type !== 'gameFull' && e.type !== 'gameState') return;
    const state = e.type === 'gameFull' ? e.state : e;
    await this.mirror.apply(gameId, remoteOf(state));
    if (isFinishedStatus(state.status)) f.reported = { status: state.status, winner: state.winner ?? null };
  }
}
