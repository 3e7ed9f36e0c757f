import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { opposite, type Color } from '@rush/domain';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { GameStore, SOCKET_FRESH_MS, SocketStore, statusOf } from '../play/index.ts';
import { isFinishedStatus, type LichessGameState, type LichessGameStreamEvent } from './api-types.ts';
import type { LichessClient } from './client.ts';
import type { StreamHandle } from './transport.ts';
import type { LichessMirror, RemoteState } from './mirror.ts';
import type { LichessResults, ReportedResult } from './game-results.ts';
import type { LichessTokens, LinkedPlayer } from './tokens.ts';
import { LichessFollowStore } from './follows.store.ts';

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
  /** Our players' open game streams, by colour (an absent player's is closed: see `presence`). */
  streams: Map<Color, StreamHandle>;
  /** Our players in this game, with the token their stream is opened with. */
  players: Map<Color, LinkedPlayer>;
  /** Stream lines are handled one after another, in arrival order. */
  queue: Promise<void>;
  reported: ReportedResult | null;
  closed: boolean;
  /** Resolves when the game ended (a finished status streamed) or every stream gave up. */
  ended: () => void;
  uidOfUsername: (name: string) => string | null;
}

/**
 * Follows live Lichess games (issue 15): for each, the Board API game stream of each of our
 * players (their own tokens: Lichess sees them present), mirrored into the row, player chat
 * from one stream only (each carries every line). A player who left our app (no socket of
 * theirs anywhere) has their stream closed, so Lichess sees them leave as it would see a
 * closed tab: it tells the other stream `opponentGone`, which the row mirrors, and the other
 * player may claim the win when Lichess allows it (issue 31); it is re-opened when they are
 * back. The last open stream is never closed: the mirror needs one.
 *
 * One instance follows a game at a time, under a lease in `lichess_follows`; the instance that
 * created the game follows it at once, any instance's sweep takes a game whose lease lapsed (a
 * crash, a restart) and re-opens its streams, whose first line is the whole game. An instance
 * that finds at its renewal that another took its lease closes its streams at once: lila
 * closes an earlier stream of the same player, game and user agent when a new one opens, so
 * two instances following one game would take it from each other for ever. When Lichess
 * closes the streams at the end, the reported result is confirmed by the export and settled
 * (LichessResults). Drops, malformed lines and retries are the client's (3 tries 2 s apart); a
 * follow whose streams all gave up releases the lease so a later sweep tries again.
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

  /** The colours whose stream is open for a followed game (tests, metrics). */
  openStreamsOf(gameId: string): Color[] {
    return [...(this.following.get(gameId)?.streams.keys() ?? [])];
  }

  /** Follows a game now unless another instance holds its lease. */
  async follow(gameId: string): Promise<void> {
    if (this.stopped || this.following.has(gameId)) return;
    if (await this.claim(gameId)) this.start(gameId);
  }

  /**
   * The job: renews this instance's leases (dropping the games another instance took), opens
   * and closes streams as our players come and go, then takes live Lichess games nobody follows.
   */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    const store = new LichessFollowStore(this.db);
    const mine = this.followed;
    const held = new Set(await store.renew(this.owner, mine, new Date(now.getTime() + this.leaseMs)));
    for (const id of mine) {
      const f = this.following.get(id);
      if (!f || held.has(id)) continue;
      this.log.warn({ gameId: id }, 'lichess follow lease taken by another instance; its streams are closed here');
      this.stop(id, f);
    }
    for (const [id, f] of this.following) await this.presence(id, f);
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
    const all = [...this.following.entries()];
    for (const [id, f] of all) this.stop(id, f);
    await Promise.allSettled(all.map(([, f]) => f.queue));
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

  /** Closes a follow here without releasing its lease (closing, or the lease is another's). */
  private stop(gameId: string, f: Following): void {
    f.closed = true;
    for (const h of f.streams.values()) h.close();
    f.ended();
    this.following.delete(gameId);
  }

  private start(gameId: string): void {
    let ended = () => {};
    const over = new Promise<void>((resolve) => (ended = resolve));
    const f: Following = {
      streams: new Map(),
      players: new Map(),
      queue: Promise.resolve(),
      reported: null,
      closed: false,
      ended: () => ended(),
      uidOfUsername: () => null,
    };
    this.following.set(gameId, f);
    void this.run(gameId, f, over)
      .catch((err: unknown) => this.log.warn({ err, gameId }, 'lichess game not followed; a later sweep tries again'))
      .finally(() => {
        if (!f.closed) void this.release(gameId);
      });
  }

  private async run(gameId: string, f: Following, over: Promise<void>): Promise<void> {
    const g = await new GameStore(this.db).find(gameId);
    if (!g || g.externalId === null || statusOf(g) !== 'started') return;
    const sides = (['white', 'black'] as const).filter((c) => g.engineColor !== c);
    const players = await Promise.all(sides.map((c) => this.tokens.of(c === 'white' ? g.whiteId : g.blackId)));
    const uidOfName = new Map(players.map((p) => [p.username.toLowerCase(), p.uid]));
    f.uidOfUsername = (name: string) => uidOfName.get(name.toLowerCase()) ?? null;
    sides.forEach((c, i) => f.players.set(c, players[i]!));
    for (const c of sides) this.open(gameId, g.externalId, f, c);
    await over;
    await f.queue;
    if (f.closed || !f.reported) return;
    for (let i = 0; i < CONCLUDE_TRIES && !f.closed; i++) {
      if ((await this.results.conclude(gameId, f.reported)) === 'done') return;
      await new Promise((r) => setTimeout(r, CONCLUDE_EVERY_MS));
    }
  }

  /** Opens `color`'s game stream; when it ends (the game's end, a give-up, or our close) it leaves the map. */
  private open(gameId: string, externalId: string, f: Following, color: Color): void {
    const p = f.players.get(color);
    if (!p || f.closed || f.streams.has(color)) return;
    const handle = this.client.streamGame(
      p.token,
      externalId,
      (e) => {
        f.queue = f.queue
          .then(() => this.onEvent(gameId, f, e, color))
          .catch((err: unknown) => this.log.error({ err, gameId }, 'lichess stream line not mirrored'));
      },
      {
        onRetry: (attempt, cause) => this.log.warn({ gameId, attempt, err: cause }, 'lichess game stream re-opened'),
        // lila closes our stream when another opens for the same player, game and user agent:
        // re-opened only while this instance still holds the lease, or the two would alternate.
        stillWanted: async () =>
          !f.closed && (await new LichessFollowStore(this.db).holds(gameId, this.owner).catch(() => false)),
      },
    );
    f.streams.set(color, handle);
    handle.done
      .catch((err: unknown) => this.log.warn({ gameId, err }, 'lichess game stream gave up'))
      .finally(() => {
        if (f.streams.get(color) === handle) f.streams.delete(color);
        // The game ended (its stream closed after the result), or no stream is left to mirror it.
        if (f.reported || f.streams.size === 0) f.ended();
      });
  }

  /**
   * Lichess sees a player as present while their game stream is open. A player of ours with no
   * socket anywhere left the game: their stream is closed (unless it is the last one) so that
   * Lichess sees it too, and re-opened once they are back.
   */
  private async presence(gameId: string, f: Following): Promise<void> {
    if (f.closed || f.reported || f.players.size < 2) return;
    const g = await new GameStore(this.db).find(gameId);
    if (!g || g.externalId === null || statusOf(g) !== 'started') return;
    const fresh = new Date(this.clock.now().getTime() - SOCKET_FRESH_MS);
    const here = await new SocketStore(this.db).connectedAmong([g.whiteId, g.blackId], fresh);
    const present = { white: here.has(g.whiteId), black: here.has(g.blackId) };
    for (const c of ['white', 'black'] as const) {
      const h = f.streams.get(c);
      if (present[c] && !h) this.open(gameId, g.externalId, f, c);
      else if (!present[c] && h && present[opposite(c)] && f.streams.size > 1) {
        f.streams.delete(c);
        h.close();
      }
    }
  }

  private async onEvent(gameId: string, f: Following, e: LichessGameStreamEvent, from: Color): Promise<void> {
    if (f.closed) return;
    if (e.type === 'chatLine') {
      // Every stream carries every line: one stream (White's while open) writes them.
      const chatFrom = f.streams.has('white') ? 'white' : 'black';
      if (from === chatFrom && e.room === 'player') await this.mirror.chat(gameId, e, f.uidOfUsername);
      return;
    }
    if (e.type === 'opponentGone') {
      // Said to `from` about their opponent: gone, and from when the win may be claimed.
      const seconds = e.gone ? Math.max(0, e.claimWinInSeconds ?? 0) : null;
      await this.mirror.gone(gameId, opposite(from), seconds);
      return;
    }
    if (e.type !== 'gameFull' && e.type !== 'gameState') return;
    const state = e.type === 'gameFull' ? e.state : e;
    await this.mirror.apply(gameId, remoteOf(state));
    if (isFinishedStatus(state.status)) f.reported = { status: state.status, winner: state.winner ?? null };
  }
}
