import crypto from 'node:crypto';
import { and, asc, desc, eq, gte, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { RECENT_PUZZLES, SELECTION_WINDOWS, type PuzzleRow, type PuzzleTheme } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { puzzleAttempts, puzzles } from './schema.ts';

export type StoredPuzzle = typeof puzzles.$inferSelect;

export const toPuzzleRow = (p: StoredPuzzle): PuzzleRow => ({
  id: p.id,
  fen: p.fen,
  moves: p.moves.split(' '),
  rating: p.rating,
  themes: p.themes,
});

export interface SelectOptions {
  /** The rating aimed at (the user's rating plus the difficulty's offset). */
  target: number;
  theme: PuzzleTheme;
  count: number;
  /** Puzzle ids not to pick (recent ones, and the ones already in a sequence). */
  exclude: readonly string[];
}

/**
 * Picks `count` puzzles near `target` with the theme, never ORDER BY random(): in the smallest
 * window (±100, ±200, ...) that has enough, an ordered scan of the (rating, rnd) index starts at
 * a random point (rating, rnd) inside the window and wraps around to its start. Each query is an index
 * range scan, so its cost does not grow with the catalogue.
 */
export async function selectPuzzles(db: DbOrTx, opts: SelectOptions): Promise<PuzzleRow[]> {
  const themed: SQL | undefined =
    opts.theme === 'healthyMix' ? undefined : sql`${puzzles.themes} @> array[${opts.theme}]::text[]`;
  const excluded = opts.exclude.length > 0 ? notInArray(puzzles.id, [...opts.exclude]) : undefined;
  const found = new Map<string, StoredPuzzle>();
  // Ratings are integers in the catalogue; a Glicko rating is not (the bounds are typed integer).
  const target = Math.round(opts.target);
  for (const w of SELECTION_WINDOWS) {
    const lo = target - w;
    const hi = target + w;
    // The random start is a point of the (rating, rnd) index, not only a rating: the puzzles
    // sharing a rating are then all reachable, not just the one with the lowest rnd.
    const start = lo + crypto.randomInt(2 * w + 1);
    const startRnd = Math.random();
    const from = sql`(${puzzles.rating}, ${puzzles.rnd}) >= (${start}::int, ${startRnd}::float8)`;
    const before = sql`(${puzzles.rating}, ${puzzles.rnd}) < (${start}::int, ${startRnd}::float8)`;
    const want = () => opts.count - found.size;
    const take = async (range: SQL | undefined) => {
      if (want() <= 0) return;
      const rows = await db
        .select()
        .from(puzzles)
        .where(and(range, themed, excluded))
        .orderBy(asc(puzzles.rating), asc(puzzles.rnd))
        .limit(want() + found.size);
      for (const r of rows) if (found.size < opts.count && !found.has(r.id)) found.set(r.id, r);
    };
    await take(and(from, lte(puzzles.rating, hi)));
    await take(and(gte(puzzles.rating, lo), before));
    if (found.size >= opts.count) break;
  }
  return [...found.values()].map(toPuzzleRow);
}

/** The puzzles of the user's last RECENT_PUZZLES attempts (not shown again). */
export async function recentPuzzleIds(db: DbOrTx, uid: string): Promise<string[]> {
  const rows = await db
    .select({ id: puzzleAttempts.puzzleId })
    .from(puzzleAttempts)
    .where(eq(puzzleAttempts.uid, uid))
    .orderBy(desc(puzzleAttempts.createdAt))
    .limit(RECENT_PUZZLES);
  return rows.map((r) => r.id);
}

export async function puzzleById(db: DbOrTx, id: string): Promise<PuzzleRow | null> {
  const [row] = await db.select().from(puzzles).where(eq(puzzles.id, id));
  return row ? toPuzzleRow(row) : null;
}
