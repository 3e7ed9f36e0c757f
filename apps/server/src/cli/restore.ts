import fs from 'node:fs';
import path from 'node:path';
import { parseConfig } from '../config.ts';
import { fail, parseCliArgs } from './args.ts';
import { backupFormatOf, BackupError, restorePglite, restorePostgres } from '../platform/db/backup.ts';
import { DataDirLockedError } from '../platform/db/lockfile.ts';

/**
 * `npm run restore -- FILE [--database-url=URL] [--data-dir=DIR]`
 *
 * Restores a backup made by `npm run backup` into an EMPTY target: a pg_dump file into the
 * PostgreSQL database of DATABASE_URL (create it first: `createdb NAME`), a PGlite tarball into
 * the folder of DATA_DIR (which must not hold a database yet). The kind of file decides which;
 * the server migrates the restored database to the current schema at its next start.
 */
const USAGE = 'usage: npm run restore -- FILE [--database-url=URL] [--data-dir=DIR]';

const { flag, files, unknown } = parseCliArgs(process.argv.slice(2), ['database-url', 'data-dir']);

async function main(): Promise<void> {
  if (unknown.length > 0 || files.length !== 1) fail(USAGE, 2);
  const file = path.resolve(files[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) fail(`No such file: ${file}`, 2);
  const config = parseConfig(process.env);
  const format = backupFormatOf(file);
  if (format === 'postgres') {
    const url = flag('database-url') ?? config.databaseUrl;
    if (!url)
      fail('This is a PostgreSQL backup: give the empty target database with --database-url= or DATABASE_URL.', 2);
    await restorePostgres(file, url);
    process.stderr.write(`Restored ${file} into ${new URL(url).pathname.slice(1)}.\n`);
  } else {
    const dataDir = flag('data-dir') ?? config.dataDir;
    await restorePglite(file, dataDir);
    process.stderr.write(`Restored ${file} into ${path.resolve(dataDir)}.\n`);
  }
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError) fail(`Cannot restore: ${e.message}`);
  if (e instanceof BackupError) fail(`restore failed: ${e.message}`);
  fail(`restore failed: ${e instanceof Error ? e.message : String(e)}`);
});
