/** How many games' last republished version an instance remembers (the oldest forgotten first). */
const REMEMBERED_GAMES = 10_000;

/**
 * The game versions whose last move this instance has published again on a resend. Once each:
 * the resend that matters is the first one after a lost publish, and a client repeating its last
 * move cannot make every reader of the game (both players, every spectator) hear it again and again.
 */
export class RepublishedMoves {
  private readonly versions = new Map<string, number>();

  constructor(private readonly remembered = REMEMBERED_GAMES) {}

  /** Whether this version of the game was not published again here yet. */
  due(gameId: string, version: number): boolean {
    return this.versions.get(gameId) !== version;
  }

  /** Recorded once the resend committed (a rolled-back try must not use up the game's turn). */
  done(gameId: string, version: number): void {
    this.versions.delete(gameId);
    this.versions.set(gameId, version);
    if (this.versions.size > this.remembered) this.versions.delete(this.versions.keys().next().value!);
  }
}
