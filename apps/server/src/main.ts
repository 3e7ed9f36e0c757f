import { ZodError } from 'zod';
import { parseConfig, type Config } from './config.ts';
import { DotsSettingsError } from './platform/config/dots.ts';
import { IdentitySettingsError } from './platform/config/identity.ts';
import { SandboxOnPublicSiteError } from './platform/config/payments-mode.ts';
import { checkPaymentsDurability } from './platform/db/durability.ts';
import { openDatabase } from './platform/db/database.ts';
import { DataDirLockedError } from './platform/db/lockfile.ts';
import { systemClock } from './platform/clock.ts';
import { buildServer } from './app.ts';
import { serveMetrics } from './platform/http/metrics.ts';

/** Composition root: parse config, open and migrate the database, build, listen, shut down cleanly. */
async function main(): Promise<void> {
  const config = readConfig();
  // Real money on a database that cannot sync to disk is refused before anything opens.
  const durability = checkPaymentsDurability({
    dbKind: config.databaseUrl ? 'postgres' : 'pglite',
    payments: config.payments,
  });
  if (durability.level === 'error') {
    console.error(durability.text);
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir, thread: config.pgliteThread },
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
  const metrics =
    config.metricsPort === undefined ? null : await serveMetrics(server.metrics, config.metricsPort, config.host);
  if (durability.level === 'warning') server.app.log.warn(durability.text);
  server.app.log.info(
    { url: config.appUrl, database: database.kind, payments: config.payments, metricsPort: metrics?.port ?? null },
    'ready',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await metrics?.close();
      await server.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** A setting the operator got wrong is said in one line, not as a stack trace. */
function readConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (e) {
    if (e instanceof SandboxOnPublicSiteError || e instanceof DotsSettingsError || e instanceof IdentitySettingsError)
      console.error(e.message);
    else if (e instanceof ZodError) {
      console.error(`Invalid settings: ${e.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    } else throw e;
    process.exit(1);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
