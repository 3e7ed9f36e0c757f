import pg from 'pg';

/** The same server's maintenance database, for creating and dropping the cluster's own. */
function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

async function onAdmin<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database `url` names when it does not exist yet; true when it was created. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return onAdmin(url, async (c) => {
    const found = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await c.query(`create database ${quoted(name)}`);
    return true;
  });
}

export async function dropDatabase(url: string): Promise<void> {
  await onAdmin(url, (c) => c.query(`drop database if exists ${quoted(databaseName(url))} with (force)`));
}

/**
 * Ends every connection the instances hold to their database, as a PostgreSQL failover or a
 * network cut would. Returns how many backends were ended.
 */
export async function terminateBackends(url: string): Promise<number> {
  return onAdmin(url, async (c) => {
    const r = await c.query<{ ok: boolean }>(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName(url)],
    );
    return r.rows.filter((row) => row.ok).length;
  });
}
