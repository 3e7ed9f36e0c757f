import type { FastifyInstance } from 'fastify';

/** One dependency an instance needs to serve (the database, Redis): resolves when reachable. */
export interface ReadinessCheck {
  name: string;
  /** Absent when this deployment does not use it (no REDIS_URL): reported, never failing. */
  check: (() => Promise<unknown>) | null;
}

/** How long a dependency may take to answer before the instance counts as not ready. */
export const READINESS_TIMEOUT_MS = 1_000;

export const HEALTH_ROUTES = { live: '/healthz', ready: '/healthz/ready' } as const;

type CheckResult = 'ok' | 'absent' | 'unreachable';

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Liveness and readiness (issue 18), for a load balancer and an orchestrator:
 * - `/healthz`: the process serves HTTP (restart it when this fails);
 * - `/healthz/ready`: it can also do its work: every dependency answered within a second.
 *   503 with the failing ones otherwise (send it no traffic), and 503 `draining` from the
 *   moment it begins shutting down. Migrations need no check: the server only listens once
 *   they are done.
 */
export function installHealth(
  app: FastifyInstance,
  opts: {
    databaseKind: string;
    checks: ReadinessCheck[];
    timeoutMs?: number;
    /** True once the instance is shutting down: not ready, whatever its dependencies say. */
    draining?: () => boolean;
  },
): void {
  const timeoutMs = opts.timeoutMs ?? READINESS_TIMEOUT_MS;
  app.get(HEALTH_ROUTES.live, () => ({ status: 'ok', database: opts.databaseKind }));
  app.get(HEALTH_ROUTES.ready, async (request, reply) => {
    const results = await Promise.all(
      opts.checks.map(async ({ name, check }): Promise<[string, CheckResult]> => {
        if (!check) return [name, 'absent'];
        try {
          await within(check(), timeoutMs);
          return [name, 'ok'];
        } catch (err) {
          request.log.warn({ err, dependency: name }, 'readiness check failed');
          return [name, 'unreachable'];
        }
      }),
    );
    const checks = Object.fromEntries(results);
    // Draining (SIGTERM): the load balancer must send it nothing new while its sockets move away.
    if (opts.draining?.()) return reply.code(503).send({ status: 'draining', checks });
    const ready = results.every(([, r]) => r !== 'unreachable');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
