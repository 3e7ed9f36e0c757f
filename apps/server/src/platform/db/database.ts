import { sql } from 'drizzle-orm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pgNamedRunner } from './pg-named.ts';
import { namedRunner } from './pglite-named.mjs';
import { withParsersInstalled } from './pglite-parsers.ts';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDirLock } from './lockfile.ts';
import { PGliteThread } from './pglite-thread.ts';

/**
 * The query builder only: tables are imported where they are queried (modules/<name>/schema.ts),
 * so the platform knows no module's tables (the relational `db.query` API is not used).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** The handle a transaction callback receives; stores accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgres';

/** The rows of a raw `execute`: node-postgres and PGlite answer `{ rows }`, some drivers an array. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export type DatabaseSource =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `thread`: PGlite runs in a worker thread (pglite-thread.ts) instead of on the event loop. */
  | { kind: 'pglite'; dataDir: string; thread?: boolean }
  /** An already-open PGlite (tests clone a migrated template into memory). */
  | { kind: 'pglite-instance'; instance: PGlite }
  /** A fresh PGlite in memory, gone when closed (the OpenAPI generator builds the routes on it). */
  | { kind: 'pglite-memory'; thread?: boolean };

/**
 * Migrations on PostgreSQL run under a session advisory lock on one connection, so instances
 * starting together on a fresh database take turns: the first migrates, the others then find
 * every migration applied. (Unlocked, both would create the same tables and one would fail.)
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('rushchess'), hashtext('migrations'))`);
    try {
      await migratePg(drizzlePg(client) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('rushchess'), hashtext('migrations'))`);
    }
  } finally {
    // Closed rather than pooled: ending the session frees the lock whatever happened above.
    client.release(true);
  }
}

/** Opens and migrates the database; migrations run inside the server at start-up. */
export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: source.poolSize ?? 10 });
    // An idle client whose connection the server ends (restart, failover) emits 'error' on the
    // pool; unhandled, that would crash the process. The next query simply gets a new client.
    pool.on('error', (err) => console.error('postgres idle client error:', err.message));
    // A client checked out (a transaction waiting on our own code between two statements) has no
    // listener of the pool's: its connection ended there would emit an unhandled 'error' and end
    // the process. Its next statement fails instead, answered as a lost connection (503).
    pool.on('connect', (client) => {
      client.on('error', (err) => console.error('postgres connection lost:', err.message));
    });
    // The hottest statements also run as named statements (named.ts), straight on the pool.
    Object.assign(pool, { runNamed: pgNamedRunner(pool) });
    // Bigint columns come back as strings by default; ours are read as bigint through Drizzle's mode.
    const db = drizzlePg(pool) as unknown as Db;
    try {
      await migratePostgres(pool);
    } catch (e) {
      await pool.end();
      throw e;
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if ((source.kind === 'pglite' || source.kind === 'pglite-memory') && source.thread) return openThread(source);
  let release = () => {};
  let client: PGlite;
  if (source.kind === 'pglite') {
    const dir = path.resolve(source.dataDir, 'pg');
    release = acquireDirLock(path.resolve(source.dataDir));
    try {
      client = await PGlite.create(dir);
    } catch (e) {
      release();
      throw e;
    }
  } else if (source.kind === 'pglite-memory') {
    client = await PGlite.create();
  } else {
    client = source.instance;
  }
  // The hottest statements also run as named statements (named.ts), one exchange each.
  const driver = { ...withParsersInstalled(client), runNamed: namedRunner(client) };
  const db = drizzlePglite(driver as unknown as PGlite) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** PGlite in a worker thread: the same migrations and lock, statements answered by the thread. */
async function openThread(source: { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' }): Promise<Database> {
  const release = source.kind === 'pglite' ? acquireDirLock(path.resolve(source.dataDir)) : () => {};
  let thread: PGliteThread;
  try {
    thread = await PGliteThread.open(source.kind === 'pglite' ? path.resolve(source.dataDir, 'pg') : null);
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzlePglite(thread as unknown as PGlite) as unknown as Db;
  const close = async () => {
    try {
      await thread.close();
    } finally {
      release();
    }
  };
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (e) {
    await close();
    throw e;
  }
  return { db, kind: 'pglite', close };
}

/** One trivial statement: the database answers (readiness). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
