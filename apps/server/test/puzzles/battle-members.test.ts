import { describe, expect, it } from 'vitest';
import { PUZZLE_TEXTS } from '@rush/domain';
import { PUZZLE_ROUTES, PUZZLE_TOPICS, PuzzleEvents, type LobbyView } from '@rush/protocol';
import type { Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import { rc } from '../wallet/support/wallet.ts';
import { battler, createLobby, join, startBattleServer } from './battle-support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

type Player = Awaited<ReturnType<typeof battler>>;

/** Every route that acts in a lobby, as a stranger to it would call it (bodies valid in shape). */
function strangerCalls(stranger: Player, id: string, someone: string) {
  return {
    leave: () => stranger.http.post(PUZZLE_ROUTES.leave(id), {}),
    forfeit: () => stranger.http.post(PUZZLE_ROUTES.forfeit(id), {}),
    start: () => stranger.http.post(PUZZLE_ROUTES.start(id), {}),
    kick: () => stranger.http.post(PUZZLE_ROUTES.kick(id), { uid: someone }),
    chat: () => stranger.http.post(PUZZLE_ROUTES.chat(id), { text: 'hello' }),
    puzzle: () => stranger.http.get(PUZZLE_ROUTES.battlePuzzle(id)),
    move: () => stranger.http.post(PUZZLE_ROUTES.battleMove(id), { attemptId: 'abc', ply: 1, uci: 'e2e4' }),
    skip: () => stranger.http.post(PUZZLE_ROUTES.battleSkip(id), { attemptId: 'abc' }),
    wrongCode: () => stranger.http.post(PUZZLE_ROUTES.join(id), { code: 'WRONG123' }),
  };
}

describe.each(DB_KINDS)('battle lobbies refuse non-members alike (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  suiteSetUp(async () => ({ server, admin } = await startBattleServer(kind)));

  /** Every call answers exactly GET's refusal (status and body), and none carries the lobby. */
  async function expectRefusedLikeGet(stranger: Player, id: string, someone: string, refusal: unknown) {
    const answers: Record<string, unknown> = {};
    for (const [name, call] of Object.entries(strangerCalls(stranger, id, someone))) {
      const res = await call();
      answers[name] = [res.status, res.body];
      expect(JSON.stringify(res.body), name).not.toContain(someone);
    }
    const expected = Object.fromEntries(Object.keys(answers).map((name) => [name, refusal]));
    expect(answers).toEqual(expected);
  }

  it('a private lobby: every route answers a stranger what GET answers, before and during the battle', async () => {
    const owner = await battler(server, admin);
    const guest = await battler(server, admin);
    const stranger = await battler(server, admin);
    const lobby = await createLobby(owner, { privacy: 'private', maxParticipants: 3 });
    await join(guest, lobby.id, { code: lobby.code });
    const funds = await rc(server, stranger.uid);

    const get = await stranger.http.get(PUZZLE_ROUTES.lobby(lobby.id));
    expect([get.status, get.body.error.message]).toEqual([409, PUZZLE_TEXTS.lobbyUnavailable]);
    const refusal = [get.status, get.body];
    await expectRefusedLikeGet(stranger, lobby.id, guest.uid, refusal);

    expect((await owner.http.post(PUZZLE_ROUTES.start(lobby.id), {})).status).toBe(200);
    await expectRefusedLikeGet(stranger, lobby.id, guest.uid, refusal);

    // Nothing the stranger sent changed the lobby or their money.
    const seen = (await owner.http.get(PUZZLE_ROUTES.lobby(lobby.id))).body.lobby as LobbyView;
    expect(seen.status).toBe('started');
    expect(seen.participants.map((p) => [p.uid, p.left]).sort()).toEqual(
      [
        [owner.uid, false],
        [guest.uid, false],
      ].sort(),
    );
    expect(seen.chat).toEqual([]);
    expect(await rc(server, stranger.uid)).toBe(funds);
  });

  it('a kicked member loses a private lobby at once: its view, its chat and its topic (issue 33)', async () => {
    const owner = await battler(server, admin);
    const guest = await battler(server, admin);
    const lobby = await createLobby(owner, { privacy: 'private', maxParticipants: 3 });
    await join(guest, lobby.id, { code: lobby.code });
    const topic = PUZZLE_TOPICS.lobby(lobby.id);
    expect((await guest.follow(topic)).t).toBe('subscribed');
    expect((await owner.follow(topic)).t).toBe('subscribed');

    expect((await owner.http.post(PUZZLE_ROUTES.kick(lobby.id), { uid: guest.uid })).status).toBe(200);
    // The change that shows them out still reaches them (the page goes back to the list) ...
    await guest.event(PuzzleEvents.lobby, (d) => d.lobby.participants.every((p: any) => p.uid !== guest.uid || p.left));
    // ... and nothing after it: the owner's next line is not theirs to read, by topic or by GET.
    expect((await owner.http.post(PUZZLE_ROUTES.chat(lobby.id), { text: 'after the kick' })).status).toBe(200);
    await owner.event(PuzzleEvents.lobby, (d) => d.lobby.chat.some((c: any) => c.text === 'after the kick'));
    expect(await guest.got(PuzzleEvents.lobby, (d) => d.lobby.chat.some((c: any) => c.text === 'after the kick'))).toBe(
      false,
    );
    const get = await guest.http.get(PUZZLE_ROUTES.lobby(lobby.id));
    expect([get.status, get.body.error.message]).toEqual([409, PUZZLE_TEXTS.lobbyUnavailable]);
    expect((await guest.follow(topic)).t).toBe('err');
  });

  it('a public lobby: GET shows it, but a stranger cannot act in it and gets the same refusal', async () => {
    const owner = await battler(server, admin);
    const guest = await battler(server, admin);
    const stranger = await battler(server, admin);
    const lobby = await createLobby(owner, { maxParticipants: 3 });
    await join(guest, lobby.id);
    expect((await stranger.http.get(PUZZLE_ROUTES.lobby(lobby.id))).status).toBe(200);

    const calls = strangerCalls(stranger, lobby.id, guest.uid);
    for (const name of ['leave', 'forfeit', 'start', 'kick', 'chat', 'puzzle', 'move', 'skip'] as const) {
      const res = await calls[name]();
      expect([res.status, res.body], name).toEqual([
        409,
        { error: { code: 'CONFLICT', message: PUZZLE_TEXTS.lobbyUnavailable } },
      ]);
    }
    const seen = (await owner.http.get(PUZZLE_ROUTES.lobby(lobby.id))).body.lobby as LobbyView;
    expect(seen.participants.map((p) => p.uid).sort()).toEqual([owner.uid, guest.uid].sort());
  });

  it("join by code from a private row: another lobby's code is a wrong code there, never a way into the other (issue 36)", async () => {
    const [ownerA, ownerB, guest] = [
      await battler(server, admin),
      await battler(server, admin),
      await battler(server, admin),
    ];
    const a = await createLobby(ownerA, { privacy: 'private', maxParticipants: 3 });
    const b = await createLobby(ownerB, { privacy: 'private', maxParticipants: 3 });
    const funds = await rc(server, guest.uid);

    // The row of A, B's valid code: refused with SPEC 5's wrong-code text; nobody joined B, nothing staked.
    const crossed = await guest.http.post(PUZZLE_ROUTES.joinByCode, { code: b.code, lobbyId: a.id });
    expect([crossed.status, crossed.body.error.message]).toEqual([409, PUZZLE_TEXTS.lobbyUnavailable]);
    const seenB = (await ownerB.http.get(PUZZLE_ROUTES.lobby(b.id))).body.lobby as LobbyView;
    expect(seenB.participants.map((p) => p.uid)).toEqual([ownerB.uid]);
    expect(await rc(server, guest.uid)).toBe(funds);

    // The row of A with A's code (spaces around it as pasted) seats the guest in A.
    const joined = await guest.http.post(PUZZLE_ROUTES.joinByCode, { code: ` ${a.code!} `, lobbyId: a.id });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect((joined.body.lobby as LobbyView).id).toBe(a.id);
    expect((joined.body.lobby as LobbyView).participants.map((p) => p.uid).sort()).toEqual(
      [ownerA.uid, guest.uid].sort(),
    );
  });

  it('members keep their answers: a guest is told who may start and kick, and leaves twice harmlessly', async () => {
    const owner = await battler(server, admin);
    const guest = await battler(server, admin);
    const lobby = await createLobby(owner, { privacy: 'private', maxParticipants: 3 });
    await join(guest, lobby.id, { code: lobby.code });
    const start = await guest.http.post(PUZZLE_ROUTES.start(lobby.id), {});
    expect([start.status, start.body.error.message]).toEqual([403, PUZZLE_TEXTS.notOwner]);
    const kick = await guest.http.post(PUZZLE_ROUTES.kick(lobby.id), { uid: owner.uid });
    expect([kick.status, kick.body.error.message]).toEqual([403, PUZZLE_TEXTS.notOwner]);
    expect((await guest.http.post(PUZZLE_ROUTES.leave(lobby.id), {})).status).toBe(200);
    // Who was in it may still read it (GET) and a resent leave changes nothing.
    const again = await guest.http.post(PUZZLE_ROUTES.leave(lobby.id), {});
    expect(again.status).toBe(200);
    expect((again.body.lobby as LobbyView).participants.map((p) => p.uid)).toEqual([owner.uid]);
  });
});
