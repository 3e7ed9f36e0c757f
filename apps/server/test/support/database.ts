import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject, it, type ProvidedContext } from 'vitest';
import { openDatabase, type Database, type DatabaseKind } from '../../src/platform/db/database.ts';
import { adminQuery, cloneName, makePostgresTemplate, pgliteDump, withDatabase } from './templates.ts';

/**
 * Real databases for server tests. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set
 * (CI sets it). Each starts from a migrated, empty template built once per run by the global
 * setup (templates.ts): a PGlite instance loads its data dump, a PostgreSQL database is created
 * with CREATE DATABASE ... TEMPLATE.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || undefined;

/**
 * The kinds a suite runs on (issue 30). PGlite by default: the same PostgreSQL engine, with the
 * same SQL and errors. PGlite runs one transaction at a time, though, so a suite that races
 * requests, store calls or instances proves its locks only on PostgreSQL: it runs on POSTGRES_TOO
 * and is named, with its reason, in postgres-suites.ts (postgres-rule.test.ts checks both).
 */
export const DB_KINDS: DatabaseKind[] = ['pglite'];
export const POSTGRES_TOO: DatabaseKind[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** Registers nothing, whatever it is called with (`it.each(...)(...)` included). */
const nothing: typeof it = new Proxy(() => nothing, { get: () => nothing }) as unknown as typeof it;

/**
 * In a POSTGRES_TOO suite, the `it` of a test that proves nothing more on PostgreSQL (no race):
 * on PGlite it is `it`; on PostgreSQL the test is not registered at all, so the suite's PostgreSQL
 * run holds its races only. The suites say `const itOnPglite = pgliteIt(kind)` and use it for all
 * but their races (postgres-suites.ts names the suites whose races need PostgreSQL).
 */
export function pgliteIt(kind: DatabaseKind): typeof it {
  return kind === 'pglite' ? it : nothing;
}

let dump: Promise<Blob> | undefined;

/**
 * What the global setup provided: nothing in a project without it, nor outside vitest (the
 * benchmarks start test servers too), where `inject` throws.
 */
function provided<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/** The run's PGlite dump (global-setup.ts), read once per process; made here without a global setup. */
function pgliteTemplate(): Promise<Blob> {
  dump ??= (async () => {
    const file = provided('pgliteTemplate');
    return file ? new Blob([await fs.promises.readFile(file)]) : pgliteDump();
  })();
  return dump;
}

/** A new in-memory PGlite holding the migrated, empty schema. */
export async function pgliteFromTemplate(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: await pgliteTemplate() });
}

/**
 * A PGlite data folder (`dataDir`, as DATA_DIR names it) holding the migrated, empty schema, for
 * tests that restart a server on the same files: the first start's initdb is not what they test
 * (platform/process.test.ts starts an empty folder).
 */
export async function pgliteFolderFromTemplate(dataDir: string): Promise<void> {
  await fs.promises.mkdir(dataDir, { recursive: true });
  const seeded = await PGlite.create(path.join(dataDir, 'pg'), { loadDataDir: await pgliteTemplate() });
  await seeded.close();
}

let pgTemplate: Promise<string> | undefined;

/** The run's PostgreSQL template (global-setup.ts); one of this process's own without a global setup. */
function postgresTemplate(): Promise<string> {
  pgTemplate ??= (async () => provided('postgresTemplate') ?? makePostgresTemplate(TEST_DATABASE_URL!))();
  return pgTemplate;
}

/**
 * A new, EMPTY (unmigrated) PostgreSQL database for tests that must start from nothing (a race of
 * first migrations, a restore). Named like the clones (creator's pid), so a leftover of an
 * interrupted run is dropped like theirs; `drop()` removes it.
 */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = cloneName();
  await adminQuery(TEST_DATABASE_URL!, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(TEST_DATABASE_URL!, name),
    drop: () => adminQuery(TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function postgresClone(): Promise<Database & { url: string }> {
  const base = TEST_DATABASE_URL!;
  const name = cloneName();
  await adminQuery(base, `CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate()}`);
  const url = withDatabase(base, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

/** A fresh, migrated, empty database of the given kind. Close it at the end of the test. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite-instance', instance: await pgliteFromTemplate() });
  return postgresClone();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite data dump's file (global-setup.ts). */
    pgliteTemplate: string;
    /** The PostgreSQL template database's name, or null without TEST_DATABASE_URL. */
    postgresTemplate: string | null;
  }
}
