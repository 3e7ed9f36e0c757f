import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Cluster, ROOT } from '@rush/load';

/**
 * `npm run cluster`: the product as several instances behind HAProxy on this machine's
 * PostgreSQL and Redis. Settings (all optional): CLUSTER_INSTANCES (3), PORT of the load
 * balancer (8080), HOST it binds (127.0.0.1), DATABASE_URL (postgres://postgres@127.0.0.1:5432/rushchess,
 * created when missing), REDIS_URL (redis://127.0.0.1:6379); every other setting of the
 * server is passed to each instance as it is. Ctrl+C drains and stops everything it started.
 */
async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    console.log('building the web app first');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
  const cluster = await Cluster.start({
    instances,
    lbPort: Number(process.env.PORT ?? 8080),
    lbHost: process.env.HOST ?? '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/rushchess',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    output: 'inherit',
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  });
  console.log(`RushChess: ${instances} instances behind HAProxy at ${cluster.url}`);
  for (const inst of cluster.instances)
    console.log(`  instance ${inst.index + 1}: ${inst.url} (metrics on port ${inst.metricsPort}, pid ${inst.pid})`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('draining and stopping the cluster');
    cluster.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
