import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/** What the instance reports beyond the process's own figures (read at each scrape). */
export interface MetricSources {
  /** Sockets open on this instance. */
  sockets(): number;
  /** Issue 33, since this instance started: frames refused for rate, sockets closed for a user's newer ones. */
  socketLimits(): { rateRefusals: number; socketsOverLimit: number };
  /** Games being played (all instances: the database's figure) and the deadline sweep's lag. */
  liveFigures(): Promise<{ liveGames: number; sweeperLagMs: number }>;
  /** The last ledger reconciliation (whichever instance ran it), or null before the first. */
  lastReconciliation(): Promise<{ ok: boolean; checkedAt: Date } | null>;
}

/**
 * Prometheus metrics (issue 18) with prom-client, in a registry of this instance's own (several
 * instances may share a process in tests). Node's defaults (CPU, memory, GC, event-loop delay
 * percentiles) plus requests by route template and status, sockets, live games, the sweeper's
 * lag and the ledger reconciliation's result.
 */
export function createMetrics(app: FastifyInstance, given: MetricSources): Registry {
  // Two gauges read each figure: one read per scrape, shared while it is in flight.
  const sources = {
    sockets: () => given.sockets(),
    liveFigures: inFlightShared(() => given.liveFigures()),
    lastReconciliation: inFlightShared(() => given.lastReconciliation()),
  };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  // The route template, never the raw address: ids in paths must not grow the label set.
  app.addHook('onResponse', async (request, reply) => {
    requests.inc({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    });
  });
  new Gauge({
    name: 'realtime_sockets',
    help: 'Sockets open on this instance.',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });
  counterOf(
    registry,
    'realtime_rate_refusals_total',
    'Socket frames refused for their rate class (issue 33).',
    () => given.socketLimits().rateRefusals,
  );
  counterOf(
    registry,
    'realtime_sockets_over_limit_total',
    "Sockets closed for their user's newer ones beyond the bound (close 4009).",
    () => given.socketLimits().socketsOverLimit,
  );
  new Gauge({
    name: 'play_live_games',
    help: 'Games being played (all instances).',
    registers: [registry],
    async collect() {
      this.set((await sources.liveFigures()).liveGames);
    },
  });
  new Gauge({
    name: 'play_sweeper_lag_seconds',
    help: 'How long the oldest due deadline (a flag, a missing first move) has waited for the sweep.',
    registers: [registry],
    async collect() {
      this.set((await sources.liveFigures()).sweeperLagMs / 1_000);
    },
  });
  new Gauge({
    name: 'ledger_reconciliation_ok',
    help: 'The last ledger reconciliation: 1 when the books balanced, 0 when not, -1 before the first.',
    registers: [registry],
    async collect() {
      const last = await sources.lastReconciliation();
      this.set(last ? (last.ok ? 1 : 0) : -1);
    },
  });
  new Gauge({
    name: 'ledger_reconciliation_age_seconds',
    help: 'Seconds since the last ledger reconciliation (-1 before the first).',
    registers: [registry],
    async collect() {
      const last = await sources.lastReconciliation();
      this.set(last ? (Date.now() - last.checkedAt.getTime()) / 1_000 : -1);
    },
  });
  return registry;
}

/** A counter whose value is kept elsewhere (the hub's stats): each scrape adds what it grew by. */
function counterOf(registry: Registry, name: string, help: string, read: () => number): void {
  let seen = 0;
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > seen) this.inc(now - seen);
      seen = now;
    },
  });
}

function inFlightShared<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= read().finally(() => (pending = null)));
}

/**
 * The metrics on a port of their own (METRICS_PORT), apart from the public one, so the load
 * balancer never exposes them. GET /metrics only.
 */
export async function serveMetrics(
  registry: Registry,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
