import { describe, expect, it } from 'vitest';
import { GameView, PLAY_TOPICS } from '@rush/protocol';
import { ManualClock } from '../../src/platform/clock.ts';
import { BEAT_EVERY_MS } from '../../src/modules/play/downtime.ts';
import { register } from '../realtime/support/accounts.ts';
import { DB_KINDS } from '../support/database.ts';
import { restartHarness } from '../support/restart-harness.ts';
import { TestClient } from '../support/http-client.ts';
import { openSocket, play, Player, startGame, startServerOn } from './support.ts';

/**
 * Restart safety (issue 4): the server stops mid-game and a new one starts on the same data.
 * Clients come back, resync (the in-process bus restarted its versions) and the game goes on
 * with clocks that did not run while no server did (the downtime policy).
 */
describe.each(DB_KINDS)('restart mid-game on %s', () => {
  const { cleanups, durable } = restartHarness('rush-restart-');

  it('both players resync and finish the game; the downtime is not charged to the clock', async () => {
    const open = await durable();
    const clock1 = new ManualClock();
    let db = await open();
    let srv = await startServerOn({ database: db, clock: clock1 });
    const port = srv.port;
    const a = await register({ baseUrl: srv.baseUrl });
    const b = await register({ baseUrl: srv.baseUrl });
    const { gameId, white, black } = await startGame(
      await Player.join({ baseUrl: srv.baseUrl }, a),
      await Player.join({ baseUrl: srv.baseUrl }, b),
    );
    await play(gameId, white, black, ['f2f3', 'e7e5']);
    clock1.advance(7_000);
    await play(gameId, white, black, ['g2g4'], 3);
    clock1.advance(4_000); // black thinks 4 s, then the server goes away
    const lastV = (
      white.socket.messages.filter((m) => m.t === 'ev' && m.topic === PLAY_TOPICS.game(gameId)).pop() as { v: number }
    ).v;
    const before = await white.view(gameId);
    await srv.stop();
    await db.close();
    await white.socket.closed;

    // 10 minutes later a new server starts on the same data, on the same address.
    const downtime = 10 * 60_000;
    const clock2 = new ManualClock(new Date(clock1.now().getTime() + downtime));
    db = await open();
    srv = await startServerOn({ database: db, clock: clock2, port });
    cleanups.push(async () => {
      await srv.stop();
      await db.close();
    });

    // The clients reconnect with their old cookies and resume with their last version.
    const w2 = new Player(white.user, await openSocket(srv.baseUrl, white.http), srv.baseUrl);
    const b2 = new Player(black.user, await openSocket(srv.baseUrl, black.http), srv.baseUrl);
    w2.socket.send({ t: 'sub', topic: PLAY_TOPICS.game(gameId), since: lastV });
    const resync = await w2.find((m) => m.t === 'resync' && m.topic === PLAY_TOPICS.game(gameId));
    const snap = GameView.parse((resync as { snapshot: unknown }).snapshot);
    expect(snap).toMatchObject({
      id: gameId,
      ply: 3,
      moves: ['f2f3', 'e7e5', 'g2g4'],
      status: 'started',
      turn: 'black',
      you: 'white',
    });
    // Black had spent 4 s; the outage costs it at most one beat interval.
    const shift = downtime - BEAT_EVERY_MS;
    expect(Date.parse(snap.clock.runningSince!)).toBe(Date.parse(before.clock.runningSince!) + shift);
    const blackLeft = snap.clock.blackMs - (clock2.now().getTime() - Date.parse(snap.clock.runningSince!));
    expect(blackLeft).toBe(180_000 - 4_000 - BEAT_EVERY_MS);
    expect(snap.clock.whiteMs).toBe(before.clock.whiteMs);

    await b2.watch(gameId);
    const mate = await b2.cmd('game.move', { gameId, ply: 4, uci: 'd8h4' });
    expect(mate.ok).toBe(true);
    expect(await w2.event('game.ended')).toMatchObject({ status: 'mate', winner: 'black' });
    const http = new TestClient(srv.baseUrl);
    expect(((await http.get(`/api/play/games/${gameId}`)).body as GameView).status).toBe('mate');
    w2.close();
    b2.close();
  });
});
