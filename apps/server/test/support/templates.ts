import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../src/platform/db/database.ts';

/**
 * The migrated, empty databases every server test starts from, built once per vitest run by the
 * global setup (initdb and the migrations cost 6-12 s, a clone well under one): a PGlite data
 * dump in a temp file, and a PostgreSQL database cloned with CREATE DATABASE ... TEMPLATE.
 *
 * Names carry the pid of the process that made them, so the leftovers of an interrupted run are
 * told from those of a run going on now (two runs may share one PostgreSQL server).
 */

/** Test databases: clones `rush_t_<pid>_<hex>`, templates `rush_tpl_<pid>_<hex>`. */
export const cloneName = () => `rush_t_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
export const templateName = () => `rush_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
const DUMP_PREFIX = 'rush-pglite-template-';

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A migrated PGlite, dumped (an uncompressed tarball: loading it needs no inflating). */
export async function pgliteDump(): Promise<Blob> {
  const seed = await PGlite.create();
  const database = await openDatabase({ kind: 'pglite-instance', instance: seed });
  try {
    return await seed.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** The dump written to a temp file named for this process; its path. */
export async function writePgliteDump(): Promise<string> {
  const file = path.join(os.tmpdir(), `${DUMP_PREFIX}${process.pid}-${crypto.randomBytes(3).toString('hex')}.tar`);
  await fs.promises.writeFile(file, Buffer.from(await (await pgliteDump()).arrayBuffer()));
  return file;
}

/** A migrated PostgreSQL database to clone, named for this process; its name. */
export async function makePostgresTemplate(url: string): Promise<string> {
  const name = templateName();
  await adminQuery(url, `CREATE DATABASE ${name}`);
  // poolSize 1, closed at once: CREATE DATABASE ... TEMPLATE refuses a template with sessions.
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 1 });
  await database.close();
  return name;
}

/** Is the process whose pid a test database's or dump's name carries still running? */
export function ownerAlive(name: string): boolean {
  const pid = Number(/^(?:rush_tp?l?_|rush-pglite-template-)(\d+)[_-]/.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the dumps that interrupted runs left in the temp folder. */
export function removeDeadDumps(): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (name.startsWith(DUMP_PREFIX) && !ownerAlive(name)) fs.rmSync(path.join(os.tmpdir(), name), { force: true });
  }
}

/**
 * Drops the test databases (clones and templates) that interrupted runs left on the server:
 * only those whose creating process is gone, since another run may share the server right now.
 */
export async function dropDeadDatabases(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'rush\\_t\\_%' OR datname LIKE 'rush\\_tpl\\_%'",
    );
    for (const r of rows) {
      if (!ownerAlive(r.datname)) await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}
