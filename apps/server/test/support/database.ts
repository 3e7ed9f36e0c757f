import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseKind } from '../../src/platform/db/database.ts';

/**
 * Real databases for server tests. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it). A PGlite instance costs ~0.5 GB and ~8 s to create, so each worker migrates one
 * template and clones it (dumpDataDir/loadDataDir); PostgreSQL clones a migrated template
 * database with CREATE DATABASE ... TEMPLATE.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

export const DB_KINDS: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

async function pgliteClone(): Promise<Database> {
  pgliteTemplate ??= (async () => {
    const seed = await PGlite.create();
    const database = await openDatabase({ kind: 'pglite-instance', instance: seed });
    const dump = await seed.dumpDataDir('none');
    await database.close();
    return dump;
  })();
  const instance = await PGlite.create({ loadDataDir: await pgliteTemplate });
  return openDatabase({ kind: 'pglite-instance', instance });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

let pgTemplate: Promise<string> | undefined;

/**
 * A new, EMPTY (unmigrated) PostgreSQL database for tests that must start from nothing (a race of
 * first migrations, a restore). Named like the clones (creator's pid), so a leftover of an
 * interrupted run is dropped like theirs; `drop()` removes it.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rush_t_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(TEST_DATABASE_URL!, name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresClone(): Promise<Database & { url: string }> {
  const base = TEST_DATABASE_URL!;
  pgTemplate ??= (async () => {
    // One template per worker process, so parallel workers never race on it.
    const name = `rush_tpl_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(base, name), poolSize: 1 });
    await database.close();
    process.once('exit', () => {});
    return name;
  })();
  const template = await pgTemplate;
  const name = `rush_t_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(base, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

/** A fresh, migrated, empty database of the given kind. Close it at the end of the test. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  return kind === 'pglite' ? pgliteClone() : postgresClone();
}
