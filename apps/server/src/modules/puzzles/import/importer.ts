import { puzzleFromCsv, type PuzzleRow } from '@rush/domain';
import type { Db } from '../../../platform/db/database.ts';
import { CsvRecords } from './csv.ts';
import { ImportStore } from './imports.store.ts';
import { textChunks, type SourceProgress } from './source.ts';

export const IMPORT_BATCH = 1_000;

export interface ImportProgress extends SourceProgress {
  /** Data rows read (parsed or not), counting the ones a resume skipped. */
  rowsDone: number;
  /** Known when the file was counted or a previous import finished it. */
  rowsTotal: number | null;
  inserted: number;
  malformed: number;
  /** Rows skipped because an earlier, interrupted import already did them. */
  resumedFrom: number;
}

export interface ImportOptions {
  file: string;
  /** The name the import is recorded under in puzzle_imports. */
  source: string;
  rowsTotal?: number | null;
  batchSize?: number;
  /** Start over from the first row (rows already in the catalogue are still not duplicated). */
  restart?: boolean;
  onProgress?: (p: ImportProgress) => void;
  /** Stops between batches; the rows done so far are kept and a later run resumes. */
  signal?: AbortSignal;
}

export interface ImportResult extends ImportProgress {
  completed: boolean;
  /** The source was already completely imported: nothing was read. */
  alreadyCompleted: boolean;
}

const isHeader = (fields: readonly string[]) => fields[0] === 'PuzzleId';

/**
 * Imports a Lichess puzzle CSV (.csv, .csv.gz or .csv.zst) into the catalogue, streaming, in
 * batches of `batchSize` rows: each batch is one `INSERT ... ON CONFLICT (id) DO NOTHING` and
 * moves `puzzle_imports.rows_done` in the same transaction, so an interrupted import resumes
 * after its last batch and a repeated one changes nothing. Rows that do not parse are counted
 * and skipped. Every puzzle gets a random `rnd` (the selection's random start key).
 */
export async function importPuzzles(db: Db, opts: ImportOptions): Promise<ImportResult> {
  const batchSize = opts.batchSize ?? IMPORT_BATCH;
  const store = new ImportStore(db);
  const state = await store.begin(opts.source, opts.rowsTotal ?? null, opts.restart ?? false);
  const rowsTotal = opts.rowsTotal ?? state.rowsTotal ?? null;
  const progress: ImportProgress = {
    rowsDone: state.rowsDone,
    rowsTotal,
    inserted: 0,
    malformed: 0,
    resumedFrom: state.rowsDone,
    bytesRead: 0,
    bytesTotal: 0,
  };
  if (state.completed) return { ...progress, completed: true, alreadyCompleted: true };

  const skip = state.rowsDone;
  let seen = 0; // data rows read in this pass (the header is not a row)
  let first = true;
  let batch: PuzzleRow[] = [];
  let batchRows = 0;

  const flush = async () => {
    const rows = batch;
    const consumed = seen;
    batch = [];
    batchRows = 0;
    await db.transaction(async (tx) => {
      const batchStore = new ImportStore(tx);
      if (rows.length > 0) progress.inserted += await batchStore.insertBatch(rows);
      await batchStore.progress(opts.source, consumed);
    });
    progress.rowsDone = consumed;
    opts.onProgress?.({ ...progress });
  };

  const records = new CsvRecords();
  const take = async (fields: string[]) => {
    if (first) {
      first = false;
      if (isHeader(fields)) return;
    }
    seen++;
    if (seen <= skip) return;
    const p = fields.length >= 3 ? puzzleFromCsv(fields) : null;
    if (p) batch.push(p);
    else progress.malformed++;
    batchRows++;
    if (batchRows >= batchSize) await flush();
  };

  const stopped = () => ({ ...progress, completed: false, alreadyCompleted: false });
  for await (const chunk of textChunks(opts.file, (b) => {
    progress.bytesRead = b.bytesRead;
    progress.bytesTotal = b.bytesTotal;
  })) {
    for (const fields of records.push(chunk)) {
      await take(fields);
      // Stop right after a batch, so what is done is recorded exactly.
      if (opts.signal?.aborted && batchRows === 0) return stopped();
    }
    if (opts.signal?.aborted) {
      if (batchRows > 0) await flush();
      return stopped();
    }
  }
  for (const fields of records.end()) await take(fields);
  if (batchRows > 0) await flush();
  await store.complete(opts.source, seen);
  return { ...progress, rowsDone: seen, rowsTotal: seen, completed: true, alreadyCompleted: false };
}

/** Data rows in a file (a header line is not counted): a quick first pass for a known total. */
export async function countRows(file: string): Promise<number> {
  const records = new CsvRecords();
  let n = 0;
  let first = true;
  const take = (fields: string[]) => {
    if (first) {
      first = false;
      if (isHeader(fields)) return;
    }
    n++;
  };
  for await (const chunk of textChunks(file)) for (const f of records.push(chunk)) take(f);
  for (const f of records.end()) take(f);
  return n;
}
