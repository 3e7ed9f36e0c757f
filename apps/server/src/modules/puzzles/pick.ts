import type { PuzzleRow, PuzzleTheme } from '@rush/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import { recentPuzzleIds, selectPuzzles } from './selection.store.ts';

export interface PickOptions {
  target: number;
  theme: PuzzleTheme;
  count: number;
  /** Puzzles never to pick (already in this run or sequence). */
  never: readonly string[];
}

/**
 * Puzzles near the target the user has not seen recently. When a narrow theme has run out of
 * unseen puzzles, a recent one is better than none; the `never` ones stay excluded.
 */
export async function pickFresh(db: DbOrTx, uid: string, opts: PickOptions): Promise<PuzzleRow[]> {
  const recent = await recentPuzzleIds(db, uid);
  const picks = await selectPuzzles(db, { ...opts, exclude: [...recent, ...opts.never] });
  if (picks.length >= opts.count) return picks;
  const more = await selectPuzzles(db, {
    ...opts,
    count: opts.count - picks.length,
    exclude: [...opts.never, ...picks.map((p) => p.id)],
  });
  return [...picks, ...more];
}
