import { describe, expect, it } from 'vitest';
import { PUZZLE_TEXTS } from '@rush/domain';
import { PUZZLE_ROUTES } from '@rush/protocol';
import type { Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { battler, createLobby, join, startBattleServer } from './battle-support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

const unavailable = { error: { code: 'CONFLICT', message: PUZZLE_TEXTS.lobbyUnavailable } };

/** SPEC 2 `owner` (issue 20 item 2): a lobby named by its owner, read as the lobby itself is read. */
describe.each(DB_KINDS)('lobby by owner (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startBattleServer(kind)));

  it("answers the owner's open lobby; a guest's seat or an ended lobby is not the owner's", async () => {
    const [owner, guest, visitor] = [
      await battler(server, admin),
      await battler(server, admin),
      await battler(server, admin),
    ];
    const lobby = await createLobby(owner);
    const seen = await visitor.http.get(PUZZLE_ROUTES.lobbyByOwner(owner.uid));
    expect(seen.status).toBe(200);
    expect(seen.body.lobby).toMatchObject({ id: lobby.id, owner: { uid: owner.uid } });

    // A seat in someone else's lobby does not name that lobby by the guest.
    await join(guest, lobby.id);
    expect(await visitor.http.get(PUZZLE_ROUTES.lobbyByOwner(guest.uid))).toMatchObject({
      status: 409,
      body: unavailable,
    });
    // Nobody, a stranger to lobbies, or a malformed uid.
    expect(await visitor.http.get(PUZZLE_ROUTES.lobbyByOwner('no-such-user'))).toMatchObject({
      status: 409,
      body: unavailable,
    });
    expect((await visitor.http.get(PUZZLE_ROUTES.lobbyByOwner('bad%20uid'))).status).toBe(404);

    // Once the owner leaves, the lobby is gone.
    expect((await owner.http.post(PUZZLE_ROUTES.leave(lobby.id), {})).status).toBe(200);
    expect(await visitor.http.get(PUZZLE_ROUTES.lobbyByOwner(owner.uid))).toMatchObject({
      status: 409,
      body: unavailable,
    });
  });

  it('a private lobby: its members find it by the owner, others are told it is not available', async () => {
    const [owner, member, stranger] = [
      await battler(server, admin),
      await battler(server, admin),
      await battler(server, admin),
    ];
    const lobby = await createLobby(owner, { privacy: 'private' });
    await join(member, lobby.id, { code: lobby.code });
    expect((await member.http.get(PUZZLE_ROUTES.lobbyByOwner(owner.uid))).body.lobby).toMatchObject({ id: lobby.id });
    expect(await stranger.http.get(PUZZLE_ROUTES.lobbyByOwner(owner.uid))).toMatchObject({
      status: 409,
      body: unavailable,
    });
    // Signed out: no lookup at all.
    expect((await fetch(server.baseUrl + PUZZLE_ROUTES.lobbyByOwner(owner.uid))).status).toBe(401);
  });
});
