import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@rush/domain';
import { MATCH_ROUTES, PLAY_ROUTES } from '@rush/protocol';
import { DB_KINDS } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { countUsers, registerUser, registration } from '../accounts/support.ts';
import { TestClient } from '../support/http-client.ts';
import { Player } from '../play/support.ts';

/**
 * Issue 10 defect 7: control characters (NUL included) are refused once at the edge, for every
 * string of every HTTP request and socket command, with one rule and one text; they never
 * reach PostgreSQL (which answered 500 for NUL).
 */
describe.each(DB_KINDS)('control characters at the edge (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(() => server?.stop());

  const refused = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toEqual({ code: 'VALIDATION', message: TEXTS.controlCharacters });
  };

  it('the requests the attack review sent now get a 400, not a 500', async () => {
    const u = await registerUser(server);
    refused(await u.client.post(MATCH_ROUTES.challenges, { uid: 'a\u0000b' }));
    refused(await u.client.post(PLAY_ROUTES.invitations, { username: '\u0000' }));
  });

  it('in nested values, object keys, the query and the path', async () => {
    const u = await registerUser(server);
    refused(await u.client.request('PATCH', '/api/account/settings', { settings: { ['show\u0001']: true } }));
    refused(await u.client.post(PLAY_ROUTES.invitations, { username: 'ok', nested: [{ deep: 'x\u001b[31m' }] }));
    refused(await u.client.get('/api/wallet/transactions?page=%00'));
    refused(await u.client.get(`${PLAY_ROUTES.game('abc%07def')}`));
    // A visitor's registration: nothing is created.
    const before = await countUsers(server);
    refused(
      await new TestClient(server.baseUrl).post('/api/auth/register', registration({ username: 'nul\u0000name' })),
    );
    expect(await countUsers(server)).toBe(before);
  });

  it('tab, line feed and carriage return pass the edge (multi-line texts); the routes judge them', async () => {
    const u = await registerUser(server);
    const res = await u.client.post(PLAY_ROUTES.invitations, { username: 'no\tsuch\r\nname' });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.message).not.toBe(TEXTS.controlCharacters);
  });

  it('every socket command gets the same rule', async () => {
    const p = await Player.join(server);
    for (const [name, payload] of [
      ['game.chat', { gameId: 'g\u0000', text: 'hi' }],
      ['spectator.chat', { gameId: 'x', text: 'bad\u0007bell' }],
      ['message.typing', { ['to\u0000']: 'x' }],
    ] as const) {
      const ack = await p.cmd(name, payload);
      expect(ack.ok, name).toBe(false);
      expect(ack.error, name).toEqual({ code: 'VALIDATION', message: TEXTS.controlCharacters });
    }
    p.close();
  });
});
