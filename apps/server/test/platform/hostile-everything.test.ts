import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { rowsOf } from '../../src/platform/db/database.ts';
import type { RouteEntry } from '../../src/platform/http/route-table.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { describeBody, json, raw, send, type Body } from '../support/hostile-input.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { Player } from '../play/support.ts';
import { ADMIN_ENV, adminUser, expectLedgerInvariants, verifiedUser } from '../wallet/support/wallet.ts';
import { samples } from '../support/samples.ts';

/**
 * Issue 10 "done when": hostile input over EVERY HTTP route and EVERY socket command, enumerated
 * from the server's own route table and command registry (a route or command added later is
 * covered without anyone adding it here), sent by a visitor, a player and an admin.
 *
 * - Edge-hostile cases (a control character or NUL somewhere in the path, the query or the body;
 *   text that is not JSON; invalid UTF-8; prototype pollution) must get a 4xx and change nothing
 *   in the database at all (every table's row count, every balance).
 * - Shape-hostile cases (any JSON at all, any path segment and query) must never get a 5xx, and
 *   the ledger invariants must still hold after them.
 */
/** Cases per route and per command: 200 each with HOSTILE_SAMPLES=full (npm run test:deep). */
const EDGE_RUNS = samples(200);
const SHAPE_RUNS = samples(200);
/** HOSTILE_PROGRESS=1 prints each route's time (to find a slow one). */
const progress = (label: string, since: number) => {
  if (process.env.HOSTILE_PROGRESS) process.stderr.write(`${label} ${Date.now() - since} ms\n`);
};

/**
 * Tables the background jobs write on their own schedule whatever requests arrive: the ledger
 * reconciliation's last result, the sandbox provider's signing secret made at its first sweep,
 * and the admin dashboard's online count sampled every 5 minutes (a run on a slow machine
 * crosses a sample slot).
 */
const WRITTEN_BY_JOBS = new Set(['ledger_reconciliation', 'wallet_settings', 'online_samples']);

/** Routes whose success ends the actor's session: shape cases would sign the actors out. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'POST /api/account/close']);

const CONTROL = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u000b', '\u001b', '\u007f', '\u0085');
const withControl = fc
  .tuple(fc.string({ maxLength: 12 }), CONTROL, fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** Any path segment: ids of the right shape, nonsense, traversal, huge. */
const segment = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.constantFrom('0', '-1', '..', '%2e%2e', 'null', 'undefined', '__proto__', 'constructor', 'a'.repeat(190)),
);

const fieldKeys = fc.constantFrom(
  'uid',
  'username',
  'email',
  'password',
  'amount',
  'text',
  'gameId',
  'currency',
  'wager',
  'mode',
  'id',
  'action',
  'settings',
  'title',
  'code',
);

const anyJsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map(json),
  fc
    .dictionary(fc.oneof(fieldKeys, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 })
    .map(json),
);

/** A body whose every case the edge itself must refuse. */
const edgeBody = fc.oneof(
  fc.tuple(fieldKeys, withControl).map(([k, v]) => json({ [k]: v })),
  fc.tuple(fieldKeys, withControl).map(([k, v]) => json({ nested: [{ [k]: v }] })),
  withControl.map((k) => json({ [k]: 1 })),
  fc
    .constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":',
      'not json',
    )
    .map((s) => raw(s)),
  fc
    .uint8Array({ minLength: 1, maxLength: 32 })
    .map((b) =>
      raw(
        Buffer.concat([Buffer.from('{"text":"'), Buffer.from([0xff, 0xc3, 0x28]), Buffer.from(b), Buffer.from('"}')]),
      ),
    ),
);

interface HostileRequest {
  actor: 0 | 1 | 2;
  params: string[];
  query: string;
  body: Body;
}

/**
 * Sends the generated cases a few at a time: the property is per request, so order does not
 * matter, and one route's 400 cases in sequence would make the suite too slow for CI.
 */
async function inParallel<T>(cases: readonly T[], run: (c: T) => Promise<void>, width = 8): Promise<void> {
  let next = 0;
  // PGlite is enough: the cases are sent 8 at a time to save time; each is judged alone
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < cases.length) await run(cases[next++]!);
    }),
  );
}

const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

function pathOf(route: RouteEntry, values: readonly string[]): string {
  let i = 0;
  // A wildcard route (static files) gets a hostile file name too.
  return route.url
    .replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(values[i++] ?? 'x'))
    .replace(/\*$/, () => encodeURIComponent(values[i++] ?? 'x'));
}

const hasBody = (route: RouteEntry) => route.method !== 'GET' && route.method !== 'HEAD';

/** GETs carry no body (fetch refuses one); everything else sends the hostile body as it is. */
const sendRequest = (client: TestClient, route: RouteEntry, path: string, body: Body) =>
  hasBody(route) ? send(client, route.method, path, body) : client.request(route.method, path);

const slots = (route: RouteEntry) => paramNames(route.url).length + (route.url.endsWith('*') ? 1 : 0);

/** Edge-hostile: the control character goes into a parameter, the query or the body. */
function edgeRequest(route: RouteEntry): fc.Arbitrary<HostileRequest> {
  const n = slots(route);
  const actor = fc.constantFrom(0 as const, 1 as const, 2 as const);
  const cleanParams = fc.array(segment, { minLength: n, maxLength: n });
  const places = [
    ...(n > 0 ? (['param'] as const) : []),
    'query' as const,
    ...(hasBody(route) ? (['body'] as const) : []),
  ];
  const where = fc.constantFrom(...places);
  return fc
    .tuple(actor, where, cleanParams, withControl, fc.nat({ max: Math.max(0, n - 1) }), edgeBody, anyJsonBody)
    .map(([a, w, params, bad, at, hostile, plain]) => {
      if (w === 'param') {
        const p = [...params];
        p[at] = bad;
        return { actor: a, params: p, query: '', body: plain };
      }
      if (w === 'query')
        return { actor: a, params, query: `?${encodeURIComponent(bad)}=${encodeURIComponent(bad)}`, body: plain };
      return { actor: a, params, query: '', body: hostile };
    });
}

function shapeRequest(route: RouteEntry): fc.Arbitrary<HostileRequest> {
  const n = slots(route);
  return fc.record({
    actor: fc.constantFrom(0 as const, 1 as const, 2 as const),
    params: fc.array(segment, { minLength: n, maxLength: n }),
    query: fc.oneof(
      fc.constant(''),
      fc
        .tuple(fc.constantFrom('page', 'since', 'before', 'currency', 'q', 'x'), fc.string({ maxLength: 30 }))
        .map(([k, v]) => `?${k}=${encodeURIComponent(v)}`),
    ),
    body: anyJsonBody,
  });
}

// On PGlite only: the suite probes the edge and the routes' answers, not concurrency, and
// PostgreSQL answers hostile values with the same errors (NUL, overflow, bad input syntax).
describe.each(DB_KINDS)('hostile input over every route and command (%s)', (kind) => {
  let server: TestServer;
  let actors: [TestClient, Registered, Registered];

  beforeAll(async () => {
    server = await startTestServer({ kind, env: ADMIN_ENV });
    const admin = await adminUser(server);
    const user = await verifiedUser(server);
    actors = [new TestClient(server.baseUrl), user, admin];
  });
  afterAll(() => server?.stop());

  const clientOf = (actor: HostileRequest['actor']) => (actor === 0 ? actors[0] : actors[actor].client);

  /** Every table's row count and every ledger balance: all a request could have changed. */
  const fingerprint = async () => {
    const db = server.ctx.db;
    // Both drivers answer `execute` with `{ rows }`; the row shapes are ours to name.
    const rows = async <T>(query: Parameters<typeof db.execute>[0]): Promise<T[]> => rowsOf<T>(await db.execute(query));
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables) {
      if (WRITTEN_BY_JOBS.has(table_name)) continue;
      counts[table_name] = (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from "${table_name}"`)))[0]!.n;
    }
    const balances = await rows<unknown>(sql`select id, balance::text as b from ledger_accounts order by id`);
    return { counts, balances };
  };

  // Each built web file is a route of its own; the `/*` fallback stands for them all.
  const routes = () =>
    server.routes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/ws') && !r.url.startsWith('/assets/'));

  it('the route table is the server’s whole API', () => {
    const urls = routes().map((r) => `${r.method} ${r.url}`);
    expect(urls.length).toBeGreaterThan(60);
    for (const known of ['POST /api/auth/login', 'POST /api/admin/users/:uid/deposit', 'GET /api/session']) {
      expect(urls).toContain(known);
    }
  });

  it('edge-hostile requests: a 4xx from every route, and nothing in the database changes', async () => {
    const before = await fingerprint();
    for (const route of routes()) {
      const t0 = Date.now();
      await inParallel(fc.sample(edgeRequest(route), EDGE_RUNS), async (req) => {
        const path = pathOf(route, req.params) + req.query;
        const res = await sendRequest(clientOf(req.actor), route, path, req.body);
        if (res.status < 400 || res.status >= 500) {
          throw new Error(
            `${route.method} ${route.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)} for ${path.slice(0, 200)} ${describeBody(req.body)}`,
          );
        }
      });
      progress(`edge ${route.method} ${route.url}`, t0);
    }
    expect(await fingerprint()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Still healthy, and the actors are still who they were.
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await actors[1].client.get('/api/session')).body.user.uid).toBe(actors[1].uid);
  }, 600_000);

  it('shape-hostile requests: never a 5xx from any route, and the ledger still adds up', async () => {
    for (const route of routes()) {
      if (SESSION_ENDING.has(`${route.method} ${route.url}`)) continue;
      const t0 = Date.now();
      await inParallel(fc.sample(shapeRequest(route), SHAPE_RUNS), async (req) => {
        const path = pathOf(route, req.params) + req.query;
        const res = await sendRequest(clientOf(req.actor), route, path, req.body);
        if (res.status >= 500) {
          throw new Error(
            `${route.method} ${route.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)} for ${path.slice(0, 200)} ${describeBody(req.body)}`,
          );
        }
      });
      progress(`shape ${route.method} ${route.url}`, t0);
    }
    await expectLedgerInvariants(server.ctx.db);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 600_000);

  it('every socket command: control characters refused with the edge text and nothing changes; any payload gets an ack, never INTERNAL', async () => {
    const names = server.ctx.hub.commandNames();
    expect(names.length).toBeGreaterThan(10);
    const players = [await Player.join(server), await Player.join(server, { ...actors[1], client: actors[1].client })];
    const before = await fingerprint();
    for (const name of names) {
      await fc
        .assert(
          fc.asyncProperty(fc.constantFrom(0, 1), edgeBody, async (who, body) => {
            if (body.kind !== 'json') return; // a socket frame is JSON by construction
            const ack = await players[who]!.cmd(name, body.value);
            expect(ack.ok, `${name} ${describeBody(body)}`).toBe(false);
            expect(ack.error?.message).toBe(TEXTS.controlCharacters);
          }),
          { numRuns: EDGE_RUNS },
        )
        .catch((err: unknown) => {
          throw new Error(`${name}: ${String(err).slice(0, 1500)}`);
        });
    }
    expect(await fingerprint()).toEqual(before);
    for (const name of names) {
      await fc
        .assert(
          fc.asyncProperty(fc.constantFrom(0, 1), fc.jsonValue({ maxDepth: 3 }), async (who, payload) => {
            const ack = await players[who]!.cmd(name, payload);
            expect(ack.error?.code, `${name} ${JSON.stringify(payload).slice(0, 200)}`).not.toBe('INTERNAL');
          }),
          { numRuns: SHAPE_RUNS },
        )
        .catch((err: unknown) => {
          throw new Error(`${name}: ${String(err).slice(0, 1500)}`);
        });
    }
    for (const p of players) expect(p.socket.closeCode).toBeNull();
    await expectLedgerInvariants(server.ctx.db);
    for (const p of players) p.close();
  }, 600_000);
});
