import type { Chess } from 'chess.js';
import { boardOf, positionKey } from '@rush/domain';
import type { GameRecord } from './games.store.ts';
import { fensOf } from './record.ts';

/** Games whose state one instance keeps; the least recently moved is forgotten first. */
export const LIVE_GAMES_KEPT = 10_000;

/**
 * A kept game's position between moves (issue 35): the board at the row's FEN, so a move is not
 * judged on a board loaded from the FEN again, and how often each position occurred (FIDE 9.2
 * keys), so threefold repetition is one lookup instead of a pass over every FEN of the game.
 * A move judged on it changes it: it stays kept only if that move commits.
 */
export interface KeptPosition {
  board: Chess;
  seen: Map<string, number>;
  /** Moves played on this board since it was loaded (see BOARD_RELOAD_EVERY). */
  played: number;
}

/**
 * A chess.js board keeps an undo record of every move played on it (about 0.3 kB a ply: a 60-ply
 * game's board weighs 21 kB against 3 kB loaded), so a kept board is loaded again from its FEN
 * every this many moves: one FEN load per 32 moves instead of one per move, and a bounded board.
 */
export const BOARD_RELOAD_EVERY = 32;

/** The kept position of a game as the row stores it (a restart, or a game the locked path changed). */
export function positionOf(g: Pick<GameRecord, 'fen' | 'fens' | 'ply' | 'initialFen' | 'moves'>): KeptPosition {
  const seen = new Map<string, number>();
  for (const fen of fensOf(g)) seen.set(positionKey(fen), (seen.get(positionKey(fen)) ?? 0) + 1);
  return { board: boardOf(g.fen), seen, played: 0 };
}

/** Counts the position a move reached (after its commit), its board now at `fen`. */
export function sawPosition(position: KeptPosition, fen: string): void {
  const key = positionKey(fen);
  position.seen.set(key, (position.seen.get(key) ?? 0) + 1);
  if (++position.played < BOARD_RELOAD_EVERY) return;
  position.board = boardOf(fen);
  position.played = 0;
}

/**
 * The live state of the games this instance referees (issue 17: a move is one durable append,
 * not a locked read and a rewrite). It is a hint, never the truth: a move judged on it writes
 * only where the row still has the version and the running clock it was judged on, so a change
 * made anywhere else (another instance, the sweeper, a takeback, a downtime shift) makes the
 * write miss and the move is judged again on the locked row.
 */
export class LiveGames {
  private readonly games = new Map<string, { game: GameRecord; position: KeptPosition | null }>();
  /**
   * Games changed by someone else since this instance kept them (typically: the two players'
   * sockets are on two instances). Their moves go straight to the locked row: an append judged
   * on state kept here would only miss again.
   */
  private readonly shared = new Set<string>();

  constructor(private readonly kept = LIVE_GAMES_KEPT) {}

  get(gameId: string): GameRecord | undefined {
    return this.games.get(gameId)?.game;
  }

  /**
   * The kept position of a kept game, built from its row on first use (after a restart, or after
   * the locked path changed the game) and then carried from move to move.
   */
  position(gameId: string): KeptPosition | undefined {
    const kept = this.games.get(gameId);
    if (!kept) return undefined;
    return (kept.position ??= positionOf(kept.game));
  }

  /**
   * Keeps a game's state as a committed move left it, with the position that move reached when
   * the caller has it (else it is rebuilt from the row when needed); a game that is over is forgotten.
   */
  keep(game: GameRecord, position: KeptPosition | null = null): void {
    this.games.delete(game.id);
    if (game.status !== 'started') {
      this.shared.delete(game.id);
      return;
    }
    if (this.shared.has(game.id)) return;
    // A Map iterates in insertion order: re-inserting makes the first key the least recent.
    this.games.set(game.id, { game, position });
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
