import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GameStore } from '../../src/modules/play/games.store.ts';
import Fastify from 'fastify';
import { createMetrics, serveMetrics } from '../../src/platform/http/metrics.ts';
import { Player, startGame } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/** Prometheus metrics on their own port (issue 18): what an operator watches per instance. */
describe.each(DB_KINDS)('metrics on %s', (kind) => {
  let server: TestServer;
  let metrics: Awaited<ReturnType<typeof serveMetrics>>;
  beforeAll(async () => {
    server = await startTestServer({ kind });
    metrics = await serveMetrics(server.metrics, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await metrics?.close();
    await server?.stop();
  });

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(series + ' '));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('requests by route template, sockets, live games, the sweep and the books', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    await fetch(`${server.baseUrl}/api/play/games/${gameId}`);
    const text = await scrape();
    // by template: a game's id never becomes a label
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/play\/games\/:id",status="200"\} \d+/);
    expect(text).not.toContain(gameId);
    expect(value(text, 'realtime_sockets')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'play_live_games')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'play_sweeper_lag_seconds')).toBe(0);
    expect([-1, 1]).toContain(value(text, 'ledger_reconciliation_ok'));
    // Node's own figures, the event-loop delay among them
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('process_cpu_seconds_total');
    white.close();
    black.close();
  });

  it('the sweep lag is the wait of the oldest due deadline', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const store = new GameStore(server.database.db);
    const game = (await store.find(gameId))!;
    const later = new Date(game.deadlineAt!.getTime() + 5_000);
    const figures = await store.liveFigures(later);
    expect(figures.live).toBeGreaterThanOrEqual(1);
    expect(figures.oldestDue!.getTime()).toBeLessThanOrEqual(game.deadlineAt!.getTime());
    expect((await store.liveFigures(new Date(0))).oldestDue).toBeNull();
    white.close();
    black.close();
  });

  it('answers GET /metrics only', async () => {
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

it('one scrape reads each figure once, however many series show it', async () => {
  const app = Fastify({ logger: false });
  let reads = 0;
  let books = 0;
  const registry = createMetrics(app, {
    sockets: () => 3,
    socketLimits: () => ({ rateRefusals: 12, socketsOverLimit: 2 }),
    liveFigures: () => (reads++, Promise.resolve({ liveGames: 7, sweeperLagMs: 1_500 })),
    lastReconciliation: () => (books++, Promise.resolve({ ok: false, checkedAt: new Date() })),
  });
  const text = await registry.metrics();
  expect(text).toMatch(/^play_live_games 7$/m);
  expect(text).toMatch(/^play_sweeper_lag_seconds 1.5$/m);
  expect(text).toMatch(/^ledger_reconciliation_ok 0$/m);
  expect(text).toMatch(/^realtime_sockets 3$/m);
  expect(text).toMatch(/^realtime_rate_refusals_total 12$/m);
  expect(text).toMatch(/^realtime_sockets_over_limit_total 2$/m);
  expect([reads, books]).toEqual([1, 1]);
  await app.close();
});
