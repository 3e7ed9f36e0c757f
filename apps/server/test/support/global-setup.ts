import pg from 'pg';

/** Is the process that created a database (its pid is in the name) still running? */
function ownerAlive(datname: string): boolean {
  const pid = Number(/^rush_tp?l?_(\d+)_/.exec(datname)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Drops test databases that a previous, interrupted run left on the PostgreSQL server. Only
 * those whose creating process is gone: another test run may share the server right now.
 */
async function dropLeftovers(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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

export async function setup(): Promise<void> {
  await dropLeftovers();
}

export async function teardown(): Promise<void> {
  await dropLeftovers();
}
