import net from 'node:net';
import { parseConfig, type Config } from '../../src/config.ts';
import { ManualClock, systemClock, type Clock } from '../../src/platform/clock.ts';
import type { Database, DatabaseKind } from '../../src/platform/db/database.ts';
import { buildServer, type RunningServer } from '../../src/app.ts';
import type { Mail, Mailer } from '../../src/platform/mail/mailer.ts';
import { createTestDatabase } from './database.ts';
import { registerInjector } from './http-client.ts';

/** A mailer that keeps what it sends, for tests to read links from. */
export class CapturingMailer implements Mailer {
  readonly kind = 'outbox' as const;
  readonly sent: Mail[] = [];
  send(mail: Mail): Promise<void> {
    this.sent.push(mail);
    return Promise.resolve();
  }
  last(to?: string): Mail | undefined {
    const list = to ? this.sent.filter((m) => m.to.toLowerCase() === to.toLowerCase()) : this.sent;
    return list[list.length - 1];
  }
  /** The first http(s) link in the last mail to `to`. */
  link(to: string): string {
    const m = this.last(to);
    const found = m?.text.match(/https?:\/\/\S+/);
    if (!found) throw new Error(`no link in mail to ${to}`);
    return found[0];
  }
}

export interface TestServer extends RunningServer {
  baseUrl: string;
  mailer: CapturingMailer;
  clock: Clock;
  config: Config;
  database: Database;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  kind?: DatabaseKind;
  env?: Record<string, string>;
  clock?: Clock | 'manual';
  /** Share a database between instances (multi-instance tests). */
  databaseUrl?: string;
  /**
   * Another in-process instance on this open database (PGlite or PostgreSQL), e.g. the same data
   * under a changed configuration. The database stays open when this instance stops.
   */
  database?: Database;
  /**
   * 'inject' (issue 34): no port at all; TestClient requests to `baseUrl` go through Fastify's
   * inject. For suites that only speak HTTP; sockets and other processes need the real port.
   */
  http?: 'port' | 'inject';
}

/**
 * Suites register and call from one address far faster than people do; the rate limit has its
 * own tests (test/platform/rate-limit.test.ts), which set their own limits.
 */
export const UNLIMITED_FOR_TESTS = {
  RATE_LIMIT_READ_PER_MIN: '100000',
  RATE_LIMIT_WRITE_PER_MIN: '100000',
  RATE_LIMIT_STRICT_PER_MIN: '100000',
  // The same for the socket budgets (issue 33): their tests (socket-limits.test.ts) use the product's.
  SOCKET_RATE_MULTIPLIER: '1000',
};

/** Starts the real server in-process on a random port against a fresh real database. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const shared = opts.database;
  const database = shared
    ? shared
    : opts.databaseUrl
      ? await (
          await import('../../src/platform/db/database.ts')
        ).openDatabase({ kind: 'postgres', url: opts.databaseUrl })
      : await createTestDatabase(opts.kind ?? 'pglite');
  const clock = opts.clock === 'manual' ? new ManualClock() : (opts.clock ?? systemClock);
  const mailer = new CapturingMailer();
  const held = await holdPort();
  const port = held.port;
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    ...UNLIMITED_FOR_TESTS,
    // Each test seeds the puzzles it needs; the 60,000-row sample import is tested on its own.
    PUZZLES_AUTO_IMPORT: 'false',
    // The suite keeps every core busy at the normal priority on purpose; a lowered engine would
    // starve there. The priority itself is tested on its own (engine-pool.test.ts).
    ENGINE_NICE: '0',
    ...opts.env,
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
  });
  const server = await buildServer({ config, database, clock, mailer, logger: false });
  const baseUrl = `http://127.0.0.1:${port}`;
  let unregister = (): void => {};
  if (opts.http === 'inject') {
    // The port stays held while the server lives: its address is the injector's key, which no
    // real server of this process may also take.
    unregister = registerInjector(baseUrl, (req) => server.app.inject(req));
  } else {
    await held.release();
    await server.app.listen({ port, host: '127.0.0.1' });
  }
  return {
    ...server,
    baseUrl,
    mailer,
    clock,
    config,
    database,
    async stop() {
      unregister();
      if (opts.http === 'inject') await held.release();
      await server.close();
      if (!shared) await database.close();
    },
  };
}

export interface HeldPort {
  port: number;
  /** Frees the port; call it just before the server that takes it listens. */
  release: () => Promise<void>;
}

/**
 * A port the OS picked, kept bound until the server that will use it is built and about to
 * listen. Building takes hundreds of milliseconds on a loaded machine; a port picked and freed
 * at once could meanwhile be taken by another test process (EADDRINUSE at set-up). The server
 * must be told its port before it is built: APP_URL (and so the allowed Origin) names it.
 */
export function holdPort(): Promise<HeldPort> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ port, release: () => new Promise<void>((done) => srv.close(() => done())) });
    });
  });
}

/** A port that was free a moment ago, for a child process that binds it itself. */
export async function freePort(): Promise<number> {
  const held = await holdPort();
  await held.release();
  return held.port;
}
