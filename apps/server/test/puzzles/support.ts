import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PuzzleRow } from '@rush/domain';
import type { Db } from '../../src/platform/db/database.ts';
import { importPuzzles } from '../../src/modules/puzzles/import/importer.ts';
import { puzzleById } from '../../src/modules/puzzles/selection.store.ts';
import type { TestServer } from '../support/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * 69 real rows of the Lichess sample: 12 around each of 900, 1200, 1500, 1800 and 2100 (±50,
 * none a fork), 8 forks within 1500 ± 90, the zugzwang 000o3 (946: e7d6, then d3d4 g6g5 f4g5)
 * and the mate in one 001KR (588) that two moves solve (f1f8 and d1d8).
 */
export const FIXTURE_CSV = path.join(here, 'fixtures/puzzles.csv');
/** The same rows compressed with zstd. */
export const FIXTURE_ZST = path.join(here, 'fixtures/puzzles.csv.zst');
export const FIXTURE_ROWS = 69;
export const MATE_IN_ONE = '001KR';
export const FOUR_PLY = '000o3';

/** Imports the fixture into a test database (what a server test needs before puzzle calls). */
export async function seedPuzzles(db: Db): Promise<void> {
  const result = await importPuzzles(db, { file: FIXTURE_CSV, source: 'test-fixture' });
  if (!result.completed) throw new Error('fixture import did not complete');
}

export async function puzzleOf(server: Pick<TestServer, 'ctx'>, id: string): Promise<PuzzleRow> {
  const p = await puzzleById(server.ctx.db, id);
  if (!p) throw new Error(`no puzzle ${id}`);
  return p;
}

/** A logger that keeps what it is told, for the classes that log progress. */
export function memoryLogger(): FastifyBaseLogger & { lines: string[] } {
  const lines: string[] = [];
  const log = (_obj: unknown, msg?: string) => {
    if (msg) lines.push(msg);
  };
  const logger = {
    lines,
    level: 'info',
    info: log,
    error: log,
    warn: log,
    debug: log,
    trace: log,
    fatal: log,
    silent: log,
    child: () => logger,
  };
  return logger;
}
