import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openDatabase, type Database } from '../../src/platform/db/database.ts';
import { pgliteFolderFromTemplate } from './database.ts';

/**
 * What a restart test needs: databases that outlive one server, and a list of what each test
 * leaves behind (servers, databases, folders) undone after it, last first, even when it failed.
 */
export function restartHarness(prefix: string) {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
  });

  /**
   * A database that outlives one server: a PGlite folder, migrated from the run's template (the
   * restart is under test here, not a first start). Each call of the answer opens it again.
   */
  async function durable(): Promise<() => Promise<Database>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    await pgliteFolderFromTemplate(dir);
    cleanups.push(() => Promise.resolve(fs.rmSync(dir, { recursive: true, force: true })));
    return () => openDatabase({ kind: 'pglite', dataDir: dir });
  }

  return { cleanups, durable };
}
