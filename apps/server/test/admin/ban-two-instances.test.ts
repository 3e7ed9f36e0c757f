import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, CLOSE_CODES } from '@rush/protocol';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../support/database.ts';
import { startTwoInstances } from '../support/two-instances.ts';
import type { TestServer } from '../support/server.ts';
import { Socket } from '../accounts/support.ts';
import { ADMIN_ENV, adminUser, verifiedUser } from '../wallet/support/wallet.ts';

/**
 * Issue 12: a ban reaches the player wherever they are connected. The admin bans on instance A;
 * the player's socket on instance B closes with 4005 (the event crosses through Redis). Runs when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set, as the other multi-instance suites do.
 */
describe.runIf(TEST_DATABASE_URL && TEST_REDIS_URL)(
  'a ban on one instance closes the player’s sockets on another (PostgreSQL + Redis)',
  () => {
    let A: TestServer;
    let B: TestServer;
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ A, B, stop } = await startTwoInstances({ env: ADMIN_ENV }));
    });
    afterAll(() => stop?.());

    it('the socket on B closes with 4005, and an admin console on B hears the change', async () => {
      const admin = await adminUser(A);
      const player = await verifiedUser(A);
      const socket = await Socket.open(B, player.client.withBase(B.baseUrl));
      await socket.subscribe(`user:${player.uid}`);
      const console = await Socket.open(B, admin.client.withBase(B.baseUrl));
      await console.subscribe('admin');

      const res = await admin.client.post(ADMIN_ROUTES.ban(player.uid), { banned: true, reason: 'Engine use' });
      expect(res.status).toBe(200);
      expect((await socket.closed).code).toBe(CLOSE_CODES.accountRestricted);
      await console.next((m) => m.t === 'ev' && m.type === 'admin.changed' && m.data.section === 'bans');
      // Reconnecting on B: the page asks who it is and learns of the ban.
      expect((await player.client.withBase(B.baseUrl).get('/api/session')).body.user.banned).toBe(true);
      console.close();
    });
  },
);
