import { describe, expect, it } from 'vitest';
import { MATCH_ROUTES } from '@rush/protocol';
import { ManualClock } from '../../src/platform/clock.ts';
import { matchRecords } from '../../src/modules/matchmaking/schema.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { escrowCloseKey } from '../../src/modules/wallet/ledger.ts';
import { movementByKey, readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { ledgerMovements } from '../../src/modules/wallet/schema.ts';
import { eq } from 'drizzle-orm';
import type { Registered } from '../accounts/support.ts';
import { register } from '../realtime/support/accounts.ts';
import { DB_KINDS, POSTGRES_TOO } from '../support/database.ts';
import { restartHarness } from '../support/restart-harness.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import { expectLedgerInvariants, usd } from '../wallet/support/wallet.ts';
import { openSocket, play, Player, startServerOn } from '../play/support.ts';
import {
  changed,
  current,
  eventually,
  grantRc,
  matchPlayer,
  recordsOf,
  secondInstanceMoney,
  startMatch,
  startMatchServer,
  usdSeek,
} from './support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(POSTGRES_TOO)('settlement exactly once (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startMatchServer(kind)));

  it('both players resign at once while a second instance sweeps the escrow: paid once', async () => {
    const a = await matchPlayer(server, admin, { usd: 2000 });
    const b = await matchPlayer(server, admin, { usd: 2000 });
    const gameId = await startMatch(server, a, b, usdSeek(server, 10));
    const [rec] = (await recordsOf(server, a.uid)).filter((r) => !r.cleared);
    const ref = `match:${rec!.matchId}`;
    const view = await a.view(gameId);
    const white = view.white.uid === a.uid ? a : b;
    const black = white === a ? b : a;
    await white.watch(gameId);
    await black.watch(gameId);
    await play(gameId, white, black, ['e2e4', 'e7e5']);

    // A second instance: its own wallet core, with the match resolver, and its own settlement.
    const { db } = server.ctx;
    const { sweeper, money: other } = secondInstanceMoney(server);

    const ids = [white.send('game.resign', { gameId }), black.send('game.resign', { gameId })];
    const racing = [
      sweeper.sweep(),
      other.finishMatch(rec!.matchId!),
      sweeper.sweep(),
      other.finishMatch(rec!.matchId!),
    ];
    const acks = [await white.ack(ids[0]!), await black.ack(ids[1]!)];
    expect(acks.filter((x) => x.ok).length).toBeGreaterThanOrEqual(1);
    await Promise.all(racing);
    await Promise.all([sweeper.sweep(), other.finishMatch(rec!.matchId!)]);
    const ended = await white.event('game.ended');
    const winner = ended.winner === 'white' ? white : black;
    const loser = winner === white ? black : white;
    await eventually(async () => (await current(winner)).state === 'finished');
    expect(await usd(server, winner.uid)).toBe(2000n - 1000n + 1800n);
    expect(await usd(server, loser.uid)).toBe(1000n);
    expect(await readBalance(db, accountOf.escrow(ref, 'usd').id)).toBe(0n);
    const closes = await db.select().from(ledgerMovements).where(eq(ledgerMovements.ref, ref));
    expect(closes.filter((m) => m.kind === 'settle')).toHaveLength(1);
    expect(closes.filter((m) => ['refund', 'void'].includes(m.kind))).toHaveLength(0);
    expect((await movementByKey(db, escrowCloseKey(ref, 'usd')))?.kind).toBe('settle');
    await expectLedgerInvariants(db);
    a.close();
    b.close();
  });
});

describe.each(DB_KINDS)('restart between match and accept (%s)', () => {
  const { cleanups, durable } = restartHarness('rush-mm-restart-');

  it('paired on one server, accepted on the next: the game starts with both stakes in escrow', async () => {
    const open = await durable();
    const clock = new ManualClock();
    let db = await open();
    let srv = await startServerOn({ database: db, clock });
    const port = srv.port;
    const a = await register({ baseUrl: srv.baseUrl });
    const b = await register({ baseUrl: srv.baseUrl });
    for (const u of [a, b]) await grantRc(srv.server, u.uid, 100_000n);
    const body = { gameType: 'wmgt_000001', c: 'wbx', bet: 200 };
    expect((await a.client.post(MATCH_ROUTES.seek, body)).status).toBe(200);
    expect((await b.client.post(MATCH_ROUTES.seek, body)).status).toBe(200);
    expect((await a.client.get(MATCH_ROUTES.current)).body.matchmaking.state).toBe('matched');
    await srv.stop();
    await db.close();

    db = await open();
    srv = await startServerOn({ database: db, clock, port });
    cleanups.push(async () => {
      await srv.stop();
      await db.close();
    });
    const pa = new Player(a, await openSocket(srv.baseUrl, a.client), srv.baseUrl);
    await pa.follow(`user:${a.uid}`);
    expect((await a.client.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    expect((await b.client.post(MATCH_ROUTES.accept, {})).status).toBe(200);
    const started = await pa.event('game.started');
    const playing = await changed(pa, (m) => m.state === 'playing');
    expect(playing.gameId).toBe(started.gameId);
    const http = new TestClient(srv.baseUrl);
    expect((await http.get(`/api/play/games/${started.gameId}`)).status).toBe(200);
    const [row] = await srv.server.ctx.db.select().from(matchRecords).where(eq(matchRecords.id, playing.id));
    expect(await readBalance(srv.server.ctx.db, accountOf.escrow(`match:${row!.matchId}`, 'wbx').id)).toBe(40_000n);
    pa.close();
  });
});
