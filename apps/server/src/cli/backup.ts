import path from 'node:path';
import { parseConfig } from '../config.ts';
import { fail, parseCliArgs } from './args.ts';
import { backupPglite, backupPostgres, BackupError } from '../platform/db/backup.ts';
import { DataDirLockedError } from '../platform/db/lockfile.ts';

/**
 * `npm run backup -- [FILE] [--database-url=URL] [--data-dir=DIR]`
 *
 * Backs up the database the server uses (DATABASE_URL, else the PGlite folder of DATA_DIR):
 * PostgreSQL with pg_dump (custom format; the server may keep running), PGlite as a tarball of its
 * folder (stop the server first: the folder is locked while it runs). Default FILE:
 * ./backups/rushchess-<pglite|postgres>-<time>.<tar.gz|dump>.
 */
const USAGE = 'usage: npm run backup -- [FILE] [--database-url=URL] [--data-dir=DIR]';

const { flag, files, unknown } = parseCliArgs(process.argv.slice(2), ['database-url', 'data-dir']);

async function main(): Promise<void> {
  if (unknown.length > 0 || files.length > 1) fail(USAGE, 2);
  const config = parseConfig(process.env);
  const url = flag('database-url') ?? (flag('data-dir') ? undefined : config.databaseUrl);
  const kind = url ? 'postgres' : 'pglite';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(files[0] ?? `backups/rushchess-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`);
  const started = Date.now();
  if (url) {
    await backupPostgres(url, file);
  } else {
    await backupPglite(flag('data-dir') ?? config.dataDir, file);
  }
  process.stderr.write(
    `Backed up the ${kind} database to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError)
    fail(`Cannot back up: ${e.message} The server holds its PGlite folder while it runs.`);
  if (e instanceof BackupError) fail(`backup failed: ${e.message}`);
  fail(`backup failed: ${e instanceof Error ? e.message : String(e)}`);
});
