import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '@rush/domain';
import { ADMIN_ROUTES, CLOSE_CODES, TOPICS, UserEvents, WALLET_ROUTES } from '@rush/protocol';
import { AccountStore } from '../../src/modules/accounts/index.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { eventually } from '../support/eventually.ts';
import { startTwoInstances } from '../support/two-instances.ts';
import type { TestServer } from '../support/server.ts';
import { setUserColumns } from '../accounts/support.ts';
import { Player } from '../play/support.ts';
import { ADMIN_ENV, adminUser } from '../wallet/support/wallet.ts';

const probe = (p: Player) => p.cmd('game.move', { gameId: 'no-such-game', ply: 1, uci: 'e2e4' });
const passedTheCheck = (ack: { ok: boolean; error?: { code: string } }) =>
  ack.error?.code !== 'FORBIDDEN' && ack.error?.code !== 'ACCOUNT_CLOSED';

/**
 * Issue 35 across instances: the standing each instance keeps with its sockets changes when the
 * event published on another crosses Redis; the socket on B is refused at its next command with
 * the answer a per-command read gave. Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set, as
 * the other multi-instance suites do.
 */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)('the standing across instances (PostgreSQL + Redis)', () => {
  let A: TestServer;
  let B: TestServer;
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ A, B, stop } = await startTwoInstances({ env: ADMIN_ENV }));
  });
  afterAll(() => stop?.());
  afterEach(() => vi.restoreAllMocks());

  /** The user's socket on B, following its user topic so the test sees the event arrive there. */
  const onB = async (player: Player) => {
    const socket = await Player.join(B, player.user);
    await socket.socket.subscribe(TOPICS.user(player.uid));
    return socket;
  };

  it('a ban published on A: the socket on B is refused with the ban’s answer at its next command', async () => {
    const player = await Player.join(A);
    const b = await onB(player);
    expect(passedTheCheck(await probe(b))).toBe(true);
    // The ban's commit, then the event its service publishes on A right after.
    await setUserColumns(A, player.uid, { banned: true });
    await A.ctx.hub.publish(TOPICS.user(player.uid), UserEvents.standingChanged, {});
    await b.event(UserEvents.standingChanged);
    expect(await probe(b)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: TEXTS.loginDisabled(B.config.supportEmail) },
    });
    expect(await probe(player)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    player.close();
    b.close();
  });

  it('an admin’s ban on A closes B’s socket (4005); a new one on B is refused; the unban lets it act', async () => {
    const admin = await adminUser(A);
    const player = await Player.join(A);
    const b = await onB(player);
    const closing = b.socket.closed;
    expect((await admin.client.post(ADMIN_ROUTES.ban(player.uid), { banned: true, reason: 'Engine use' })).status).toBe(
      200,
    );
    await b.event(UserEvents.standingChanged);
    expect((await closing).code).toBe(CLOSE_CODES.accountRestricted);

    const again = await onB(player);
    expect(await probe(again)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: TEXTS.loginDisabled(B.config.supportEmail) },
    });
    expect((await admin.client.post(ADMIN_ROUTES.ban(player.uid), { banned: false, reason: '' })).status).toBe(200);
    // Polled, not slept: the unban's event crosses Redis, then B re-reads.
    await eventually(async () => passedTheCheck(await probe(again)), 5_000, 'unban seen on B');
    player.close();
    again.close();
  });

  it('self-exclusion on A: B’s socket hears the standing, closes (4005), and a new one is refused with the closure text', async () => {
    const player = await Player.join(A);
    const b = await onB(player);
    const closing = b.socket.closed;
    expect((await player.http.post(WALLET_ROUTES.closeAccount, { confirm: true })).status).toBe(200);
    await b.event(UserEvents.standingChanged);
    expect((await closing).code).toBe(CLOSE_CODES.accountRestricted);
    const again = await onB(player);
    expect(await probe(again)).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_CLOSED', message: TEXTS.accountClosed },
    });
    again.close();
  });

  it('a closure in the window before the close: B’s socket is refused with the closure text', async () => {
    const player = await Player.join(A);
    const b = await onB(player);
    await setUserColumns(A, player.uid, { closed: true });
    await A.ctx.hub.publish(TOPICS.user(player.uid), UserEvents.standingChanged, {});
    await b.event(UserEvents.standingChanged);
    expect(await probe(b)).toMatchObject({
      ok: false,
      error: { code: 'ACCOUNT_CLOSED', message: TEXTS.accountClosed },
    });
    player.close();
    b.close();
  });

  it('commands read nothing on either instance; one event is one read on each instance the user is on', async () => {
    const player = await Player.join(A);
    const b = await onB(player);
    const reads = vi.spyOn(AccountStore.prototype, 'standing');
    for (let i = 0; i < 5; i++) {
      expect(passedTheCheck(await probe(player))).toBe(true);
      expect(passedTheCheck(await probe(b))).toBe(true);
    }
    expect(reads).not.toHaveBeenCalled();
    await A.ctx.hub.publish(TOPICS.user(player.uid), UserEvents.standingChanged, {});
    await b.event(UserEvents.standingChanged);
    expect(passedTheCheck(await probe(b))).toBe(true);
    expect(passedTheCheck(await probe(player))).toBe(true);
    // Both instances run in this process: A's read and B's.
    expect(reads).toHaveBeenCalledTimes(2);
    player.close();
    b.close();
  });
});
