import { eq, sql, sum } from 'drizzle-orm';
import type { PuzzleRow } from '@rush/domain';
import { rowsOf, type DbOrTx } from '../../../platform/db/database.ts';
import { puzzleImports, puzzles } from '../schema.ts';

export type ImportRecord = typeof puzzleImports.$inferSelect;

/** The catalogue's side of imports: the per-source progress rows and batched puzzle inserts. */
export class ImportStore {
  constructor(private readonly db: DbOrTx) {}

  async stateOf(source: string): Promise<ImportRecord | null> {
    const [row] = await this.db.select().from(puzzleImports).where(eq(puzzleImports.source, source));
    return row ?? null;
  }

  /** The source's row, created at 0 rows; `restart` sets it back to the first row. */
  async begin(source: string, rowsTotal: number | null, restart: boolean): Promise<ImportRecord> {
    await this.db.insert(puzzleImports).values({ source, rowsTotal }).onConflictDoNothing();
    if (restart) {
      await this.db
        .update(puzzleImports)
        .set({ rowsDone: 0, completed: false, updatedAt: new Date() })
        .where(eq(puzzleImports.source, source));
    }
    return (await this.stateOf(source))!;
  }

  /** Rows read so far; never backwards (two importers of one source may overlap). */
  async progress(source: string, rowsDone: number): Promise<void> {
    await this.db
      .update(puzzleImports)
      .set({ rowsDone: sql`greatest(${puzzleImports.rowsDone}, ${rowsDone})`, updatedAt: new Date() })
      .where(eq(puzzleImports.source, source));
  }

  async complete(source: string, rows: number): Promise<void> {
    await this.db
      .update(puzzleImports)
      .set({ completed: true, rowsDone: rows, rowsTotal: rows, updatedAt: new Date() })
      .where(eq(puzzleImports.source, source));
  }

  /** An existence probe, not count(*): the full catalogue is 4 million rows. */
  async catalogEmpty(): Promise<boolean> {
    return (await this.db.select({ id: puzzles.id }).from(puzzles).limit(1)).length === 0;
  }

  /** Rows read by every import (the catalogue's size, near enough, without counting it). */
  async rowsImported(): Promise<number> {
    const [done] = await this.db.select({ n: sum(puzzleImports.rowsDone) }).from(puzzleImports);
    return Number(done?.n ?? 0);
  }

  /**
   * One batch as a single statement over unnested arrays (5 parameters, whatever the batch
   * size), so the cost per row is the insert itself; each row gets a random `rnd`. Answers how
   * many were new.
   */
  async insertBatch(rows: readonly PuzzleRow[]): Promise<number> {
    const res: unknown = await this.db.execute(sql`
      insert into puzzles (id, fen, moves, rating, themes, rnd)
      select u.id, u.fen, u.moves, u.rating,
             case when u.themes = '' then '{}'::text[] else string_to_array(u.themes, ' ') end,
             random()
      from unnest(
        ${sql.param(rows.map((r) => r.id))}::text[],
        ${sql.param(rows.map((r) => r.fen))}::text[],
        ${sql.param(rows.map((r) => r.moves.join(' ')))}::text[],
        ${sql.param(rows.map((r) => r.rating))}::int[],
        ${sql.param(rows.map((r) => r.themes.join(' ')))}::text[]
      ) as u(id, fen, moves, rating, themes)
      on conflict (id) do nothing
      returning id`);
    return rowsOf(res).length;
  }
}
