import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { adminQuery, dropDeadDatabases, makePostgresTemplate, removeDeadDumps, writePgliteDump } from './templates.ts';

const url = process.env.TEST_DATABASE_URL || undefined;

/**
 * Once per vitest run, before any server test file: the templates every test database is cloned
 * from (templates.ts), handed to the files through provide/inject (database.ts). Built here, in
 * the main process, so the two workers (and any run of the files alone) share one.
 * Returns the teardown: the run's own template and dump go, with the leftovers of dead runs.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  removeDeadDumps();
  if (url) await dropDeadDatabases(url);
  // PGlite's initdb is this process's work, the PostgreSQL migrations the server's: side by side.
  const [dump, template] = await Promise.all([writePgliteDump(), url ? makePostgresTemplate(url) : null]);
  project.provide('pgliteTemplate', dump);
  project.provide('postgresTemplate', template);
  return async () => {
    fs.rmSync(dump, { force: true });
    if (!url) return;
    if (template) await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await dropDeadDatabases(url);
  };
}
