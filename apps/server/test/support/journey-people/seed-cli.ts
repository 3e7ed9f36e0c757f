import fs from 'node:fs';
import { openDatabase } from '../../../src/platform/db/database.ts';
import { systemClock } from '../../../src/platform/clock.ts';
import { seedPool } from './seed.ts';

/**
 * `node --import tsx apps/server/test/support/journey-people/seed-cli.ts DATA_DIR POOL_FILE`: migrates the PGlite
 * folder DATA_DIR (as the server does at its start), seeds the journeys' people into it and
 * writes them to POOL_FILE. Run before the server starts: PGlite is one process's at a time.
 */
async function main(): Promise<void> {
  const [dataDir, poolFile] = process.argv.slice(2);
  if (!dataDir || !poolFile) throw new Error('usage: seed-cli.ts DATA_DIR POOL_FILE');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const pool = await seedPool(database.db, systemClock);
    fs.writeFileSync(poolFile, JSON.stringify(pool));
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
