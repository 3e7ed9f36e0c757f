import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, UserEvents } from '@rush/protocol';
import { POSTGRES_TOO, TEST_REDIS_URL } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { Socket, type Registered } from '../accounts/support.ts';
import {
  ADMIN_ENV,
  adminDeposit,
  adminUser,
  depositThroughSandbox,
  verifiedUser,
  walletCore,
  postWithdrawal,
} from './support/wallet.ts';

/**
 * SPEC 2: the header balances update live after any movement, over a real socket; on PostgreSQL
 * with Redis (as a cluster instance), through the Redis bus.
 */
describe.each(POSTGRES_TOO)('balances.changed over the socket (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  beforeAll(async () => {
    server = await startTestServer({
      kind,
      env: { ...ADMIN_ENV, ...(kind === 'postgres' && TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}) },
    });
    admin = await adminUser(server);
  });
  afterAll(() => server?.stop());

  const balancesEvent = (s: Socket, usd: number, wbx = 0) =>
    s.next((m) => m.t === 'ev' && m.type === UserEvents.balancesChanged && m.data.usd === usd && m.data.wbx === wbx);

  it('every movement touching the user publishes the new balances after it commits', async () => {
    const u = await verifiedUser(server);
    const other = await verifiedUser(server);
    const s = await Socket.open(server, u.client);
    await s.subscribe(TOPICS.user(u.uid));

    await adminDeposit(admin, u.uid, 700);
    expect((await balancesEvent(s, 700)).topic).toBe(TOPICS.user(u.uid));

    expect((await postWithdrawal(server, u.client, { amount: 700, region: 'us' })).status).toBe(200);
    await balancesEvent(s, 0);

    await depositThroughSandbox(server, u, 2000);
    await balancesEvent(s, 2000);

    const core = walletCore(server);
    await adminDeposit(admin, other.uid, 1000);
    await core.escrow.hold({ ref: 'game:live', uid: u.uid, currency: 'usd', amount: 1000n });
    await balancesEvent(s, 1000);
    await core.escrow.hold({ ref: 'game:live', uid: other.uid, currency: 'usd', amount: 1000n });
    await core.escrow.settle({ ref: 'game:live', currency: 'usd', winners: [u.uid] });
    await balancesEvent(s, 2800);
    await core.rewards.grantLinkReward(u.uid);
    await balancesEvent(s, 2800, 50_000);

    // Only the user's own events, and none for a replay.
    const before = s.messages.length;
    await core.rewards.grantLinkReward(u.uid);
    await adminDeposit(admin, other.uid, 5);
    await s.subscribe(TOPICS.user(u.uid)); // a round trip: anything published before has arrived
    expect(s.messages.slice(before).filter((m) => m.t === 'ev')).toEqual([]);
    s.close();
  });
});
