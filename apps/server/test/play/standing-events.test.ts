import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@rush/domain';
import { ADMIN_ROUTES, CLOSE_CODES, TOPICS, UserEvents, WALLET_ROUTES } from '@rush/protocol';
import { AccountStore } from '../../src/modules/accounts/index.ts';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { setUserColumns } from '../accounts/support.ts';
import { register } from '../realtime/support/accounts.ts';
import { ADMIN_ENV, adminUser } from '../wallet/support/wallet.ts';
import { Player } from './support.ts';

/** A command every signed-in account may send; it passes the standing check, then finds no game. */
const probe = (p: Player) => p.cmd('game.move', { gameId: 'no-such-game', ply: 1, uci: 'e2e4' });
const passedTheCheck = (ack: { ok: boolean; error?: { code: string } }) =>
  ack.error?.code !== 'FORBIDDEN' && ack.error?.code !== 'ACCOUNT_CLOSED';

/**
 * Issue 35: the account's standing is read once, with the session, when the socket opens; it is
 * kept with the socket and changed by the `account.standing` event that every ban, unban,
 * closure and date of birth publishes after its commit. No command reads it.
 */
describe.each(DB_KINDS)('the standing kept with the socket (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, env: ADMIN_ENV });
  });
  afterAll(() => server?.stop());
  afterEach(() => vi.restoreAllMocks());

  const standingChanged = (uid: string) => server.ctx.hub.publish(TOPICS.user(uid), UserEvents.standingChanged, {});

  it('no command reads the standing; an event reads it once for all the user’s sockets here', async () => {
    const player = await Player.join(server);
    const second = await Player.join(server, player.user);
    const reads = vi.spyOn(AccountStore.prototype, 'standing');
    for (let i = 0; i < 5; i++) {
      expect(passedTheCheck(await probe(player))).toBe(true);
      expect(passedTheCheck(await probe(second))).toBe(true);
    }
    expect(reads).not.toHaveBeenCalled();

    await standingChanged(player.uid);
    for (let i = 0; i < 5; i++) expect(passedTheCheck(await probe(player))).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
    player.close();
    second.close();
  });

  it('an admin’s ban: the standing event comes before the close, and a new socket is refused as before', async () => {
    const admin = await adminUser(server);
    const player = await Player.join(server);
    await player.socket.subscribe(TOPICS.user(player.uid));
    const closing = player.socket.closed;

    const res = await admin.client.post(ADMIN_ROUTES.ban(player.uid), { banned: true, reason: 'Engine use' });
    expect(res.status).toBe(200);
    expect((await closing).code).toBe(CLOSE_CODES.accountRestricted);
    const types = player.socket.messages.filter((m) => m.t === 'ev').map((m) => (m as { type: string }).type);
    expect(types.indexOf(UserEvents.standingChanged)).toBeGreaterThan(-1);
    expect(types.indexOf(UserEvents.standingChanged)).toBeLessThan(types.indexOf(UserEvents.accountRestricted));

    const again = await Player.join(server, player.user);
    expect(await probe(again)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: TEXTS.loginDisabled(server.config.supportEmail) },
    });
    // The unban reaches the socket opened while banned: it acts again without reconnecting.
    expect((await admin.client.post(ADMIN_ROUTES.ban(player.uid), { banned: false, reason: '' })).status).toBe(200);
    expect(passedTheCheck(await probe(again))).toBe(true);
    again.close();
  });

  it('between the ban’s commit and the close, the socket’s commands are refused with the ban’s answer', async () => {
    const player = await Player.join(server);
    expect(passedTheCheck(await probe(player))).toBe(true);
    await setUserColumns(server, player.uid, { banned: true });
    await standingChanged(player.uid);
    expect(await probe(player)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: TEXTS.loginDisabled(server.config.supportEmail) },
    });
    player.close();
  });

  it('self-exclusion: the standing event first, then the close; a new socket is refused with the closure text', async () => {
    const player = await Player.join(server);
    await player.socket.subscribe(TOPICS.user(player.uid));
    const closing = player.socket.closed;
    expect((await player.http.post(WALLET_ROUTES.closeAccount, { confirm: true })).status).toBe(200);
    expect((await closing).code).toBe(CLOSE_CODES.accountRestricted);
    const types = player.socket.messages.filter((m) => m.t === 'ev').map((m) => (m as { type: string }).type);
    expect(types.indexOf(UserEvents.standingChanged)).toBeGreaterThan(-1);
    expect(types.indexOf(UserEvents.standingChanged)).toBeLessThan(types.indexOf(UserEvents.accountRestricted));

    const again = await Player.join(server, player.user);
    expect(await probe(again)).toEqual(
      expect.objectContaining({ ok: false, error: { code: 'ACCOUNT_CLOSED', message: TEXTS.accountClosed } }),
    );
    again.close();
  });

  it('closure in the window before the close: the same socket is refused with the closure text', async () => {
    const player = await Player.join(server);
    await setUserColumns(server, player.uid, { closed: true });
    await standingChanged(player.uid);
    expect(await probe(player)).toEqual(
      expect.objectContaining({ ok: false, error: { code: 'ACCOUNT_CLOSED', message: TEXTS.accountClosed } }),
    );
    player.close();
  });

  it('a re-read that fails leaves no trusted standing: the next command reads it itself', async () => {
    const player = await Player.join(server);
    const reads = vi.spyOn(AccountStore.prototype, 'standing').mockRejectedValueOnce(new Error('db down'));
    await standingChanged(player.uid);
    await setUserColumns(server, player.uid, { banned: true });
    expect(await probe(player)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(reads).toHaveBeenCalledTimes(2);
    // Trusted again: no more reads.
    await probe(player);
    expect(reads).toHaveBeenCalledTimes(2);
    player.close();
  });

  it('an event for a user with no socket here reads nothing', async () => {
    const reads = vi.spyOn(AccountStore.prototype, 'standing');
    const user = await register(server);
    await standingChanged(user.uid); // nobody of that user connected here: no read
    expect(reads).not.toHaveBeenCalled();
  });
});
