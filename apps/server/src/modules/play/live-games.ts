import type { GameRecord } from './games.store.ts';

/** Games whose state one instance keeps; the least recently moved is forgotten first. */
export const LIVE_GAMES_KEPT = 10_000;

/**
 * The live state of the games this instance referees (issue 17: a move is one durable append,
 * not a locked read and a rewrite). It is a hint, never the truth: a move judged on it writes
 * only where the row still has the version and the running clock it was judged on, so a change
 * made anywhere else (another instance, the sweeper, a takeback, a downtime shift) makes the
 * write miss and the move is judged again on the locked row.
 */
export class LiveGames {
  private readonly games = new Map<string, GameRecord>();
  /**
   * Games changed by someone else since this instance kept them (typically: the two players'
   * sockets are on two instances). Their moves go straight to the locked row: an append judged
   * on state kept here would only miss again.
   */
  private readonly shared = new Set<string>();

  constructor(private readonly kept = LIVE_GAMES_KEPT) {}

  get(gameId: string): GameRecord | undefined {
    return this.games.get(gameId);
  }

  /** Keeps a game's state as a committed move left it; a game that is over is forgotten. */
  keep(game: GameRecord): void {
    this.games.delete(game.id);
    if (game.status !== 'started') {
      this.shared.delete(game.id);
      return;
    }
    if (this.shared.has(game.id)) return;
    // A Map iterates in insertion order: re-inserting makes the first key the least recent.
    this.games.set(game.id, game);
    if (this.games.size > this.kept) this.games.delete(this.games.keys().next().value!);
  }

  forget(gameId: string): void {
    this.games.delete(gameId);
  }

  /** The kept state of a game was behind the row: it is not kept again. */
  missed(gameId: string): void {
    this.games.delete(gameId);
    this.shared.add(gameId);
    if (this.shared.size > this.kept) this.shared.delete(this.shared.values().next().value!);
  }

  get size(): number {
    return this.games.size;
  }
}
