import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { PUZZLE_TEXTS } from '@rush/domain';
import type { CatalogStatus } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { countRows, importPuzzles } from './import/importer.ts';
import { ImportStore } from './import/imports.store.ts';
import { sourceName } from './import/source.ts';

/** The 60,000-puzzle Lichess sample shipped with the server (CC0, see SOURCES.md next to it). */
export const BUNDLED_CATALOG = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../data/puzzles/lichess-puzzles-sample.csv.gz',
);

/**
 * The catalogue's readiness. At start, when the catalogue is empty or the bundled import was
 * interrupted, the bundled sample is imported in the background (the server answers /healthz and
 * pages meanwhile); puzzle endpoints answer 503 with the progress until it is done.
 */
export class Catalog {
  private state: CatalogStatus = { ready: false, imported: 0, total: 0 };
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly file = BUNDLED_CATALOG,
  ) {}

  status(): CatalogStatus {
    return { ...this.state };
  }

  /** Throws 503 with the progress while the catalogue is being prepared. */
  ensureReady(): void {
    if (!this.state.ready) {
      throw new AppError('UNAVAILABLE', PUZZLE_TEXTS.importing(this.state.imported, this.state.total));
    }
  }

  /** Decides whether the bundled sample must be imported and, if so, starts it in the background. */
  async start(autoImport: boolean): Promise<void> {
    const source = sourceName(this.file);
    const store = new ImportStore(this.db);
    const bundled = await store.stateOf(source);
    const needed = bundled ? !bundled.completed : await store.catalogEmpty();
    if (!autoImport || !needed) {
      const n = await store.rowsImported();
      this.state = { ready: true, imported: n, total: n };
      return;
    }
    this.state = { ready: false, imported: bundled?.rowsDone ?? 0, total: bundled?.rowsTotal ?? 0 };
    this.running = this.importBundled(source).catch((err: unknown) => {
      // The catalogue stays unavailable; a restart resumes from the last batch.
      this.log.error({ err }, 'puzzle catalogue import failed');
    });
  }

  private async importBundled(source: string): Promise<void> {
    const started = Date.now();
    const total = await countRows(this.file);
    this.state = { ...this.state, total };
    this.log.info({ total, resumeFrom: this.state.imported }, 'importing the puzzle catalogue');
    let logged = 0;
    const result = await importPuzzles(this.db, {
      file: this.file,
      source,
      rowsTotal: total,
      signal: this.abort.signal,
      onProgress: (p) => {
        this.state = { ready: false, imported: p.rowsDone, total };
        if (p.rowsDone - logged >= 10_000 || p.rowsDone === total) {
          logged = p.rowsDone;
          this.log.info({ imported: p.rowsDone, total }, 'puzzle catalogue import progress');
        }
      },
    });
    if (!result.completed) return;
    this.state = { ready: true, imported: result.rowsDone, total: result.rowsDone };
    this.log.info(
      { rows: result.rowsDone, inserted: result.inserted, malformed: result.malformed, ms: Date.now() - started },
      'puzzle catalogue ready',
    );
  }

  /** Stops a running import after its current batch (a restart resumes it). */
  async close(): Promise<void> {
    this.abort.abort();
    await this.running;
  }
}
