import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { acquireDirLock } from './lockfile.ts';

/**
 * Backups of the whole database. PGlite: its data folder as a gzipped tarball (`dumpDataDir`),
 * taken with the folder locked, so never while the server runs on it. PostgreSQL: `pg_dump` in
 * its custom format, restored with `pg_restore` into an empty database; it reads one consistent
 * snapshot, so the server may keep running. Restores refuse a target that already holds data.
 */
export type BackupFormat = 'pglite' | 'postgres';

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where the PostgreSQL client tools are looked for after PATH (Debian puts each version here). */
export function pgToolDirs(searchPath = process.env.PATH ?? '', debianRoot = '/usr/lib/postgresql'): string[] {
  let versions: string[] = [];
  try {
    versions = fs
      .readdirSync(debianRoot)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
  } catch {
    /* no Debian layout */
  }
  return [...searchPath.split(path.delimiter).filter(Boolean), ...versions.map((v) => path.join(debianRoot, v, 'bin'))];
}

/** The path of pg_dump or pg_restore, or a BackupError saying how to get it. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', dirs: string[] = pgToolDirs()): string {
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new BackupError(
    `${name} was not found (looked in PATH and /usr/lib/postgresql/*/bin). Install the PostgreSQL client ` +
      `tools of your server's major version or newer (Debian: apt-get install postgresql-client).`,
  );
}

/** What a backup file holds, from its first bytes. */
export function backupFormatOf(file: string): BackupFormat {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} is neither a PGlite backup (.tar.gz) nor a pg_dump custom-format file.`);
}

/** Writes aside, syncs, then renames, so a crash never leaves a half backup under the final name. */
function writeDurably(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.partial`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

const pgliteFolder = (dataDir: string) => path.join(path.resolve(dataDir), 'pg');

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  const folder = pgliteFolder(dataDir);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) throw new BackupError(`No PGlite database in ${folder}.`);
  const release = acquireDirLock(path.resolve(dataDir));
  try {
    const db = await PGlite.create(folder);
    try {
      const dump = await db.dumpDataDir('gzip');
      writeDurably(file, new Uint8Array(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
}

export async function restorePglite(file: string, dataDir: string): Promise<void> {
  const folder = pgliteFolder(dataDir);
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new BackupError(
      `${folder} already holds a database; restore into an empty DATA_DIR (move this one aside first).`,
    );
  }
  const release = acquireDirLock(path.resolve(dataDir));
  try {
    const db = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      await db.query('select 1'); // the restored cluster starts
    } finally {
      await db.close();
    }
  } catch (e) {
    throw new BackupError(`Could not restore ${file} into ${folder}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    release();
  }
}

/** Connection settings for the client tools; the password goes by environment, not argv (ps shows argv). */
function toolConnection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { args: [`--dbname=${u.toString()}`], env };
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (e) => reject(new BackupError(`${path.basename(tool)} could not start: ${e.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${path.basename(tool)} failed (exit ${code}): ${stderr.trim() || 'no message'}`)),
    );
  });
}

export async function backupPostgres(url: string, file: string, dirs?: string[]): Promise<void> {
  const tool = findPgTool('pg_dump', dirs);
  const { args, env } = toolConnection(url);
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const tmp = `${file}.partial`;
  await runTool(tool, ['--format=custom', `--file=${tmp}`, ...args], env);
  const fd = fs.openSync(tmp, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export async function restorePostgres(file: string, url: string, dirs?: string[]): Promise<void> {
  const tool = findPgTool('pg_restore', dirs);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    if (rows[0]?.n !== '0') {
      throw new BackupError(
        'The target database is not empty; create an empty one (createdb NAME) and restore into it.',
      );
    }
  } finally {
    await client.end();
  }
  const { args, env } = toolConnection(url);
  // One transaction: a failed restore leaves the target empty rather than half restored.
  await runTool(tool, ['--exit-on-error', '--single-transaction', '--no-owner', ...args, file], env);
}
