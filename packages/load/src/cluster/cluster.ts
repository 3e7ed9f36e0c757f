import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHaproxyConfig } from './haproxy-config.ts';
import { dropDatabase, ensureDatabase, terminateBackends } from './postgres.ts';
import { freePort, spawnChild, stopChild, waitForOk } from './processes.ts';
import { OwnRedis } from './redis-server.ts';

/** The repository's root (packages/load/src/cluster/ is four levels below it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ClusterOptions {
  /** How many instances of the server (default 3). */
  instances?: number;
  /** The load balancer's port (default: a free one). */
  lbPort?: number;
  /** The load balancer's address (default 127.0.0.1). */
  lbHost?: string;
  /** Port of the first instance; the others follow (default: free ones). */
  basePort?: number;
  /** PostgreSQL of every instance; created when missing. Default: a fresh database on the machine's server, dropped at stop. */
  databaseUrl?: string;
  /** Redis of every instance. Default: a redis-server of the cluster's own on a free port, which `restartRedis` can restart. */
  redisUrl?: string;
  /** More settings for every instance (they win over the cluster's). */
  env?: Record<string, string>;
  /** Where the children's output goes (default: one log file each in the cluster's folder). */
  output?: 'inherit' | 'files';
}

export interface ClusterInstance {
  readonly index: number;
  readonly port: number;
  readonly metricsPort: number;
  readonly url: string;
  /** The process's pid while it runs. */
  readonly pid: number | undefined;
  readonly running: boolean;
}

const FRESH_DATABASE_HOST = 'postgres://postgres@127.0.0.1:5432';

/**
 * N instances of the server on one PostgreSQL and one Redis behind HAProxy, configured by the
 * shipped deploy/haproxy.cfg: what `npm run cluster` starts, and what the fault suite, the
 * cluster benchmark and the load balancer's browser journey drive.
 */
export class Cluster {
  readonly url: string;
  private readonly children: (ChildProcess | null)[];
  private haproxy: ChildProcess | null = null;

  private constructor(
    readonly dir: string,
    readonly lbPort: number,
    readonly lbHost: string,
    readonly databaseUrl: string,
    private readonly dropAtStop: boolean,
    readonly redisUrl: string,
    private readonly ownRedis: OwnRedis | null,
    readonly instances: ClusterInstance[],
    private readonly env: Record<string, string>,
    private readonly output: 'inherit' | 'files',
  ) {
    this.url = `http://${lbHost}:${lbPort}`;
    this.children = instances.map(() => null);
  }

  static async start(opts: ClusterOptions = {}): Promise<Cluster> {
    const count = opts.instances ?? 3;
    if (!Number.isInteger(count) || count < 1) throw new Error('a cluster needs at least one instance');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-cluster-'));
    const output = opts.output ?? 'files';
    const lbHost = opts.lbHost ?? '127.0.0.1';
    const lbPort = opts.lbPort ?? (await freePort());
    const databaseUrl = opts.databaseUrl ?? `${FRESH_DATABASE_HOST}/rush_cluster_${process.pid}_${Date.now()}`;
    const created = await ensureDatabase(databaseUrl);
    const ownRedis = opts.redisUrl
      ? null
      : new OwnRedis(await freePort(), output === 'inherit' ? 'ignore' : { file: path.join(dir, 'redis.log') });
    await ownRedis?.start();
    const instances: ClusterInstance[] = [];
    for (let i = 0; i < count; i++) {
      const port = opts.basePort ? opts.basePort + i : await freePort();
      const metricsPort = await freePort();
      instances.push({ index: i, port, metricsPort, url: `http://127.0.0.1:${port}`, pid: undefined, running: false });
    }
    const cluster = new Cluster(
      dir,
      lbPort,
      lbHost,
      databaseUrl,
      created && opts.databaseUrl === undefined,
      opts.redisUrl ?? ownRedis!.url,
      ownRedis,
      instances,
      opts.env ?? {},
      output,
    );
    try {
      // The first one migrates the database and imports the puzzle sample; then the rest, together.
      await cluster.startInstance(0);
      await Promise.all(instances.slice(1).map((inst) => cluster.startInstance(inst.index)));
      await cluster.startHaproxy();
    } catch (e) {
      await cluster.stop();
      throw e;
    }
    return cluster;
  }

  private instanceEnv(inst: ClusterInstance): NodeJS.ProcessEnv {
    const dataDir = path.join(this.dir, `instance-${inst.index + 1}`);
    fs.mkdirSync(dataDir, { recursive: true });
    return {
      ...process.env,
      PORT: String(inst.port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(inst.metricsPort),
      APP_URL: this.url,
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      DATA_DIR: dataDir,
      // Behind the load balancer: the client's address is the one HAProxy forwards.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...this.env,
    };
  }

  /** Starts (or starts again) instance i on its port and waits until it is ready. */
  async startInstance(i: number): Promise<void> {
    const inst = this.instances[i]!;
    if (this.children[i]) throw new Error(`instance ${i + 1} is running`);
    const child = spawnChild(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: this.instanceEnv(inst),
      output: this.output === 'inherit' ? 'inherit' : { file: path.join(this.dir, `instance-${i + 1}.log`) },
    });
    this.children[i] = child;
    this.describe(i, child);
    child.once('exit', () => {
      if (this.children[i] === child) this.children[i] = null;
      this.describe(i, null);
    });
    await waitForOk(`${inst.url}/healthz/ready`, child, 180_000, `instance ${i + 1}`);
  }

  private describe(i: number, child: ChildProcess | null) {
    const inst = this.instances[i]!;
    this.instances[i] = { ...inst, pid: child?.pid, running: child !== null };
  }

  /** SIGKILL: the instance dies at once, mid-command, as on a crash or an out-of-memory kill. */
  async kill(i: number): Promise<void> {
    const child = this.children[i];
    if (child) await stopChild(child, 'SIGKILL');
  }

  /** SIGTERM: the graceful drain (not ready, sockets told to reconnect, in-flight work finished). */
  async terminate(i: number): Promise<void> {
    const child = this.children[i];
    if (child) await stopChild(child, 'SIGTERM');
  }

  /** Restarts the cluster's own Redis: every key it held is lost, every connection cut. */
  async restartRedis(downMs?: number): Promise<void> {
    if (!this.ownRedis) throw new Error('this cluster uses a Redis it does not own');
    await this.ownRedis.restart(downMs);
  }

  /** Ends every PostgreSQL connection the instances hold; returns how many. */
  terminateDatabaseConnections(): Promise<number> {
    return terminateBackends(this.databaseUrl);
  }

  /** Waits until the load balancer answers ready (some instance passed its checks). */
  async waitUntilServing(): Promise<void> {
    await waitForOk(`${this.url}/healthz/ready`, this.haproxy, 30_000, 'the load balancer');
  }

  private async startHaproxy(): Promise<void> {
    const cfg = writeHaproxyConfig(
      this.dir,
      this.instances.map((inst) => inst.port),
    );
    this.haproxy = spawnChild('haproxy', ['-db', '-f', cfg], {
      env: { ...process.env, RUSH_LB_BIND: `${this.lbHost}:${this.lbPort}` },
      output: this.output === 'inherit' ? 'inherit' : { file: path.join(this.dir, 'haproxy.log') },
    });
    this.haproxy.once('error', () => undefined);
    await this.waitUntilServing();
  }

  /** Gracefully stops everything it started, and drops the database it created. */
  async stop(): Promise<void> {
    await Promise.all(this.children.map((c) => (c ? stopChild(c, 'SIGTERM') : Promise.resolve())));
    if (this.haproxy) await stopChild(this.haproxy, 'SIGTERM');
    this.haproxy = null;
    await this.ownRedis?.stop();
    if (this.dropAtStop) await dropDatabase(this.databaseUrl);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** The tail of instance i's log (a failed check prints it). */
  logTail(i: number, lines = 40): string {
    const file = path.join(this.dir, `instance-${i + 1}.log`);
    if (!fs.existsSync(file)) return '';
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  }
}
