import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAY_TEXTS, TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES, CLOSE_CODES, PLAY_ROUTES, TOPICS, UserEvents, WALLET_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { setUserColumns } from '../accounts/support.ts';
import { Player, startGame } from './support.ts';

/**
 * Issue 10 defect 5: every socket command checks the account's standing (one place, the command
 * dispatch); a closed or banned player starts no rematch; closing the account closes its
 * sockets with a code the web understands. Issue 35: the standing is kept with the socket and
 * changed by the standing event (standing-events.test.ts proves no read per command).
 */
describe.each(DB_KINDS)('account standing over the socket (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  const pair = async () => [await Player.join(server), await Player.join(server)] as const;

  it('self-exclusion closes the sockets (4005); a new socket may watch but not move, chat or resign', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    expect((await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).ok).toBe(true);

    const closing = black.socket.closed;
    expect((await black.http.post(WALLET_ROUTES.closeAccount, { confirm: true })).status).toBe(200);
    expect((await closing).code).toBe(CLOSE_CODES.accountRestricted);

    // The closed account keeps its session (the overlay), so it can connect again...
    const again = await Player.join(server, black.user);
    await again.watch(gameId);
    // ...but every command is refused with the closure text, and nothing changes.
    for (const [name, payload] of [
      ['game.move', { gameId, ply: 2, uci: 'e7e5' }],
      ['game.chat', { gameId, text: 'hello' }],
      ['game.resign', { gameId }],
      ['game.draw', { gameId, action: 'offer' }],
    ] as const) {
      const ack = await again.cmd(name, payload);
      expect(ack.ok, name).toBe(false);
      expect(ack.error).toEqual({ code: 'ACCOUNT_CLOSED', message: TEXTS.accountClosed });
    }
    const view = await white.view(gameId);
    expect(view).toMatchObject({ ply: 1, status: 'started' });
    expect(view.chat).toEqual([]);
    again.close();
    white.close();
  });

  it('an account without its date of birth (a provider sign-up) cannot act over a socket until it gives it', async () => {
    const [a, b] = await pair();
    const { gameId, white } = await startGame(a, b);
    // As a provider sign-up starts: its socket reads the standing (no date of birth) at connect.
    await setUserColumns(server, white.uid, { dateOfBirth: null });
    white.close();
    const again = await Player.join(server, white.user);
    const refused = await again.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: TEXTS.dobFirst } });
    expect((await again.view(gameId)).ply).toBe(0);
    expect((await again.http.post(ACCOUNT_ROUTES.dateOfBirth, { dob: { year: 1990, month: 6, day: 15 } })).status).toBe(
      200,
    );
    // The same socket may act now: giving the date of birth published the standing event.
    expect((await again.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' })).ok).toBe(true);
    again.close();
  });

  it('a banned player cannot act over a socket opened before the ban', async () => {
    const [a, b] = await pair();
    const { gameId, white, black } = await startGame(a, b);
    // What an admin's ban does first after its commit (admin/moderation.service.ts); the socket
    // is closed only after the player is out of play, and until then it must act no more.
    await setUserColumns(server, white.uid, { banned: true });
    await server.ctx.hub.publish(TOPICS.user(white.uid), UserEvents.standingChanged, {});
    const ack = await white.cmd('game.move', { gameId, ply: 1, uci: 'e2e4' });
    expect(ack.ok).toBe(false);
    expect(ack.error?.code).toBe('FORBIDDEN');
    expect(ack.error?.message).toBe(TEXTS.loginDisabled(server.config.supportEmail));
    expect((await black.view(gameId)).ply).toBe(0);
    // The other player is not affected.
    expect((await black.cmd('game.abort', { gameId })).ok).toBe(true);
    white.close();
    black.close();
  });

  it('no rematch starts with a closed or banned opponent, whoever offers or accepts', async () => {
    for (const restrict of ['banned', 'closed'] as const) {
      const [a, b] = await pair();
      const { gameId, white, black } = await startGame(a, b);
      expect((await white.cmd('game.abort', { gameId })).ok).toBe(true);
      expect((await black.cmd('game.rematch', { gameId, action: 'offer' })).ok).toBe(true);
      await setUserColumns(server, black.uid, restrict === 'banned' ? { banned: true } : { closed: true });
      const accept = await white.cmd('game.rematch', { gameId, action: 'accept' });
      expect(accept.ok, restrict).toBe(false);
      expect(accept.error).toEqual({ code: 'CONFLICT', message: PLAY_TEXTS.rematchUnavailable });
      const offer = await white.cmd('game.rematch', { gameId, action: 'offer' });
      expect(offer.ok).toBe(false);
      expect((await white.view(gameId)).rematchGameId ?? null).toBeNull();
      expect((await white.http.get(PLAY_ROUTES.current)).body).toEqual({ game: null });
      white.close();
      black.close();
    }
  });
});
