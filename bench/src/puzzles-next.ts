import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { DIFFICULTIES, type Difficulty, type PuzzleTheme } from '@rush/domain';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { users } from '../../apps/server/src/modules/accounts/index.ts';
import {
  Attempts,
  CasualService,
  BUNDLED_CATALOG,
  Catalog,
  importPuzzles,
} from '../../apps/server/src/modules/puzzles/index.ts';
import { summarize } from './support/stats.ts';
import type { BenchResult } from './types.ts';

export interface PuzzlesNextOptions {
  samples: number;
  warmup: number;
  /** Users taking turns, each with their own recent puzzles (up to 200 excluded per pick). */
  users: number;
}

export const DEFAULT_PUZZLES_NEXT: PuzzlesNextOptions = { samples: 2_000, warmup: 200, users: 20 };

const THEMES: PuzzleTheme[] = ['fork', 'mateIn2', 'endgame', 'pin', 'crushing'];
const silent = { info: () => {}, error: () => {} } as unknown as ConstructorParameters<typeof Catalog>[1];

async function timeUs(work: () => Promise<unknown>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - t0) / 1_000;
}

/**
 * Issue 6: the next-puzzle selection on the 60,000-puzzle catalogue (the bundled sample,
 * imported into an in-process PGlite with the server's importer, whose throughput is reported
 * too). A sample is the whole server-side GET next: the user's rating, their recent puzzles,
 * the indexed window selection and the attempt insert, in one transaction; half the samples
 * with a theme. Baseline in the same run on the same database: `SELECT 1`.
 */
export async function puzzlesNext(opts: PuzzlesNextOptions): Promise<BenchResult> {
  const database = await openDatabase({ kind: 'pglite-instance', instance: await PGlite.create() });
  try {
    const db = database.db;
    const t0 = process.hrtime.bigint();
    const imported = await importPuzzles(db, { file: BUNDLED_CATALOG, source: 'bench-sample' });
    const importSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const rowsPerSecond = imported.rowsDone / importSeconds;

    const uids = Array.from({ length: opts.users }, (_, i) => `bench-user-${i}`);
    await db.insert(users).values(
      uids.map((id) => ({
        id,
        username: id,
        usernameLower: id,
        email: `${id}@bench.test`,
        emailLower: `${id}@bench.test`,
      })),
    );
    const catalog = new Catalog(db, silent);
    await catalog.start(false);
    const casual = new CasualService(db, new ManualClock(), new Attempts(new ManualClock()), catalog);

    let i = 0;
    const nextPuzzle = (themed: boolean) => () => {
      i++;
      const difficulty: Difficulty = DIFFICULTIES[i % DIFFICULTIES.length]!;
      const theme: PuzzleTheme = themed ? THEMES[i % THEMES.length]! : 'healthyMix';
      return casual.next(uids[i % uids.length]!, { difficulty, theme });
    };
    const select1 = () => db.execute(sql`select 1`);

    const measure = async (work: () => Promise<unknown>) => {
      for (let w = 0; w < opts.warmup; w++) await work();
      const out: number[] = [];
      for (let s = 0; s < opts.samples; s++) out.push(await timeUs(work));
      return summarize(out);
    };
    // Interleaved in one run: the baseline first, the selection, the baseline again (the worse
    // of the two baselines is kept, so a warm-up effect cannot flatter the ratio).
    const baseA = await measure(select1);
    const mix = await measure(nextPuzzle(false));
    const themed = await measure(nextPuzzle(true));
    const baseB = await measure(select1);
    const base = baseA.p99 >= baseB.p99 ? baseA : baseB;
    const next = mix.p99 >= themed.p99 ? mix : themed;

    console.log(
      `puzzles-next: imported ${imported.rowsDone.toLocaleString('en-US')} rows in ${importSeconds.toFixed(1)} s: ` +
        `${Math.round(rowsPerSecond).toLocaleString('en-US')} rows/s`,
    );
    return {
      title: `puzzles-next (PGlite in process, ${imported.rowsDone} puzzles, ${opts.samples} samples each; import ${Math.round(rowsPerSecond)} rows/s)`,
      columns: ['p50 us', 'p99 us', 'mean us'],
      rows: [
        { label: 'SELECT 1 (baseline)', values: [base.p50, base.p99, base.mean] },
        { label: 'next puzzle, healthyMix', values: [mix.p50, mix.p99, mix.mean] },
        { label: 'next puzzle, a theme', values: [themed.p50, themed.p99, themed.mean] },
      ],
      ratios: {
        label: 'next (worse) / SELECT 1',
        values: [next.p50 / base.p50, next.p99 / base.p99, next.mean / base.mean],
      },
    };
  } finally {
    await database.close();
  }
}
