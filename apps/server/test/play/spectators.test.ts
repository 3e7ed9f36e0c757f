import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS, SPECTATOR_CHAT_EXPIRY_MS, TEXTS } from '@rush/domain';
import { PLAY_ROUTES, SPECTATE_TTL_MS } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { FOOLS_MATE, openSocket, play, Player, startGame } from './support.ts';

/** Spectating (SPEC 2 /tv/{id}, 4, 5): visitors watch, heartbeats count, spectator chat rules. */
describe.each(DB_KINDS)('spectators on %s', (kind) => {
  let server: TestServer;
  let clock: ManualClock;
  beforeAll(async () => {
    server = await startTestServer({ kind, clock: 'manual' });
    clock = server.clock as ManualClock;
  });
  afterAll(() => server?.stop());

  const visitor = async () => {
    const http = new TestClient(server.baseUrl);
    const socket = await openSocket(server.baseUrl, http);
    return new Player({ client: http, uid: '', username: '', email: '', password: '' }, socket, server.baseUrl);
  };

  it('visitors and users watch; the count follows heartbeats, tabs, leaving and closing', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const v = await visitor();
    await v.watch(gameId);
    expect((await fetch(server.baseUrl + PLAY_ROUTES.game(gameId))).status).toBe(200);
    expect((await v.cmd('game.spectate', { gameId })).result).toEqual({ count: 1 });
    expect(await white.event('game.spectators', (d) => d.count === 1)).toEqual({ gameId, count: 1 });
    const u = await Player.join(server);
    await u.watch(gameId);
    expect((await u.cmd('game.spectate', { gameId })).result).toEqual({ count: 2 });
    const uTab = await Player.join(server, u.user);
    expect((await uTab.cmd('game.spectate', { gameId })).result).toEqual({ count: 2 }); // one person
    // players are not spectators
    expect((await white.cmd('game.spectate', { gameId })).result).toEqual({ count: 2 });
    expect((await u.cmd('game.unspectate', { gameId })).result).toEqual({ count: 2 }); // the other tab still watches
    uTab.close();
    await white.event('game.spectators', (d) => d.count === 1);
    // the visitor stops beating: gone after the TTL (the housekeeping sweep)
    clock.advance(SPECTATE_TTL_MS + 1);
    await white.event('game.spectators', (d) => d.count === 0, 8_000);
    expect((await white.view(gameId)).spectators).toBe(0);
    expect((await v.cmd('game.spectate', { gameId: 'nope' })).error?.code).toBe('NOT_FOUND');
    for (const p of [white, black, v, u]) p.close();
  });

  it('spectator chat: SPEC 5 rules and texts', async () => {
    const { gameId, white, black } = await startGame(await Player.join(server), await Player.join(server));
    const v = await visitor();
    await v.watch(gameId);
    const s = await Player.join(server);
    await s.watch(gameId);
    expect((await v.cmd('spectator.chat', { gameId, text: 'hello' })).error).toEqual({
      code: 'UNAUTHENTICATED',
      message: PLAY_TEXTS.chatLogin,
    });
    expect((await s.cmd('spectator.chat', { gameId, text: '  Nice move  ' })).ok).toBe(true);
    // everybody on game:{id} gets it: visitors, spectators, players
    for (const p of [v, white])
      expect(await p.event('spectator.chat')).toMatchObject({
        gameId,
        line: { text: 'Nice move', username: s.user.username },
      });
    expect((await s.cmd('spectator.chat', { gameId, text: 'nice MOVE' })).error).toEqual({
      code: 'CONFLICT',
      message: PLAY_TEXTS.chatRepeat,
    });
    expect((await s.cmd('spectator.chat', { gameId, text: '   ' })).error?.code).toBe('VALIDATION');
    expect((await s.cmd('spectator.chat', { gameId, text: 'y'.repeat(141) })).error?.code).toBe('VALIDATION');
    expect((await s.cmd('spectator.chat', { gameId: 'missing1', text: 'hi' })).error?.message).toBe(
      PLAY_TEXTS.chatMissingData,
    );
    expect((await s.cmd('spectator.chat', { gameId })).error?.code).toBe('VALIDATION');
    // Control characters are refused at the socket edge, for every command alike (issue 10).
    expect((await s.cmd('spectator.chat', { gameId, text: 'a\u0000b' })).error).toEqual({
      code: 'VALIDATION',
      message: TEXTS.controlCharacters,
    });
    await play(gameId, white, black, FOOLS_MATE);
    await v.event('game.ended');
    expect((await s.cmd('spectator.chat', { gameId, text: 'gg' })).ok).toBe(true);
    clock.advance(SPECTATOR_CHAT_EXPIRY_MS);
    expect((await s.cmd('spectator.chat', { gameId, text: 'late' })).error).toEqual({
      code: 'CONFLICT',
      message: PLAY_TEXTS.chatExpired,
    });
    expect((await v.view(gameId)).spectatorChat.map((l) => l.text)).toEqual(['Nice move', 'gg']);
    for (const p of [white, black, v, s]) p.close();
  });
});
