import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { DataDirLockedError } from '../platform/db/lockfile.ts';
import { importPuzzles, type ImportProgress } from '../modules/puzzles/index.ts';
import { sourceName } from '../modules/puzzles/index.ts';

/**
 * `npm run puzzles:import -- <file.csv|file.csv.zst|file.csv.gz> [--database-url=...] [--restart]`
 *
 * Imports a Lichess puzzle export (the full official file has about 4 million rows) into the
 * catalogue: streaming, with a progress bar on stderr, idempotent (puzzles already there are
 * left alone) and resumable (an interrupted import, Ctrl-C included, goes on after its last
 * batch). The database is DATABASE_URL, or the PGlite folder under DATA_DIR, as for the server;
 * a PGlite folder the server holds is refused (two processes on one folder lose writes).
 */
const USAGE = 'usage: npm run puzzles:import -- <file.csv|file.csv.zst|file.csv.gz> [--database-url=URL] [--restart]';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const files = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && !/^--(database-url=|restart$)/.test(a));

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** One progress line: rows, rows/s and, from the bytes read out of the file's size, a bar and %. */
function progressLine(p: ImportProgress, startedAt: number): string {
  const seconds = Math.max(0.001, (Date.now() - startedAt) / 1000);
  const rate = (p.rowsDone - p.resumedFrom) / seconds;
  const fraction = p.rowsTotal ? p.rowsDone / p.rowsTotal : p.bytesTotal > 0 ? p.bytesRead / p.bytesTotal : null;
  const width = 30;
  const bar =
    fraction === null
      ? ''
      : `[${'#'.repeat(Math.round(fraction * width)).padEnd(width, '.')}] ${(fraction * 100).toFixed(1).padStart(5)}%  `;
  const extra = p.malformed > 0 ? `  ${fmt(p.malformed)} malformed skipped` : '';
  return `${bar}${fmt(p.rowsDone)} rows  ${fmt(rate)} rows/s${extra}`;
}

async function main(): Promise<void> {
  if (unknown.length > 0 || files.length !== 1) fail(USAGE, 2);
  const file = path.resolve(files[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) fail(`No such file: ${file}`, 2);

  const config = parseConfig(process.env);
  const url = flag('database-url') ?? config.databaseUrl;
  let database;
  try {
    database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      fail(`Cannot import: ${e.message} The server holds its PGlite folder while it runs.`);
    }
    throw e;
  }

  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const tty = process.stderr.isTTY;
  const startedAt = Date.now();
  let lastDraw = 0;
  const draw = (p: ImportProgress, force = false) => {
    const now = Date.now();
    if (!force && now - lastDraw < (tty ? 200 : 5_000)) return;
    lastDraw = now;
    process.stderr.write(tty ? `\r${progressLine(p, startedAt)}\u001b[K` : `${progressLine(p, startedAt)}\n`);
  };

  try {
    const result = await importPuzzles(database.db, {
      file,
      source: sourceName(file),
      restart: args.includes('--restart'),
      signal: abort.signal,
      onProgress: (p) => draw(p),
    });
    if (result.alreadyCompleted) {
      process.stderr.write(
        `${sourceName(file)} was already imported (${fmt(result.rowsDone)} rows); nothing to do. Use --restart to read it again.\n`,
      );
      return;
    }
    draw(result, true);
    if (tty) process.stderr.write('\n');
    const seconds = (Date.now() - startedAt) / 1000;
    if (!result.completed) {
      process.stderr.write(`Interrupted after ${fmt(result.rowsDone)} rows; run the same command again to resume.\n`);
      process.exitCode = 130;
      return;
    }
    process.stderr.write(
      `Imported ${fmt(result.rowsDone)} rows in ${seconds.toFixed(1)} s: ${fmt(result.inserted)} new, ` +
        `${fmt(result.malformed)} malformed skipped${result.resumedFrom > 0 ? `, resumed after ${fmt(result.resumedFrom)}` : ''}.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`puzzles:import failed: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
