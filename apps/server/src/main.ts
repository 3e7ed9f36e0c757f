import { parseConfig } from './config.ts';
import { openDatabase } from './platform/db/database.ts';
import { DataDirLockedError } from './platform/db/lockfile.ts';
import { systemClock } from './platform/clock.ts';
import { buildServer } from './platform/http/server.ts';

/** Composition root: parse config, open and migrate the database, build, listen, shut down cleanly. */
async function main(): Promise<void> {
  const config = parseConfig(process.env);
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
    );
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const server = await buildServer({ config, database, clock: systemClock });
  await server.app.listen({ port: config.port, host: config.host });
  server.app.log.info({ url: config.appUrl, database: database.kind }, 'ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
