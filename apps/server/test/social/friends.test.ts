import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_TEXTS, TEXTS } from '@rush/domain';
import { ACCOUNT_ROUTES, SOCIAL_ROUTES, SocialUserEvents } from '@rush/protocol';
import { setUserColumns } from '../accounts/support.ts';
import { POSTGRES_TOO, pgliteIt } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { friendsChanged, friendsOf, socialPlayer, viewOf, type Player } from './support.ts';

/** The header badge's count in the user's session (`Me`). */
async function pendingInMe(p: Player): Promise<number> {
  const res = await p.http.get(ACCOUNT_ROUTES.session);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { user: { pendingFriendInvites: number } }).user.pendingFriendInvites;
}

describe.each(POSTGRES_TOO)('friends (%s)', (kind) => {
  const itOnPglite = pgliteIt(kind);
  let server: TestServer;
  const players: Player[] = [];
  const player = async () => {
    const p = await socialPlayer(server);
    players.push(p);
    return p;
  };
  beforeAll(async () => {
    server = await startTestServer({ kind });
  });
  afterAll(async () => {
    for (const p of players) p.close();
    await server?.stop();
  });

  itOnPglite('invite, accept and delete: both sides hear it and see the matching views', async () => {
    const a = await player();
    const b = await player();
    expect(await friendsOf(a)).toEqual({ friends: [], pendingInvites: 0 });

    // Case-insensitive username lookup; the answer is the inviter's fresh list.
    const invite = await a.http.post(SOCIAL_ROUTES.invite, { username: `  ${b.user.username.toUpperCase()} ` });
    expect(invite.status, JSON.stringify(invite.body)).toBe(200);
    expect(invite.body.friends).toEqual([
      { uid: b.uid, username: b.user.username, avatarUrl: null, online: true, banned: false, view: 'sentByMe' },
    ]);
    await friendsChanged(a, b, 'invited');
    await friendsChanged(b, a, 'invited');
    expect(await friendsOf(b)).toMatchObject({ friends: [{ uid: a.uid, view: 'toMe' }], pendingInvites: 1 });
    expect((await friendsOf(a)).pendingInvites).toBe(0);
    // The session's Me carries the same count, so the header badge is right before the list loads.
    expect(await pendingInMe(b)).toBe(1);
    expect(await pendingInMe(a)).toBe(0);

    // A second invitation and accepting one's own are refused with the domain's texts.
    const again = await a.http.post(SOCIAL_ROUTES.invite, { username: b.user.username });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(SOCIAL_TEXTS.inviteAlreadySent);
    const own = await a.http.post(SOCIAL_ROUTES.accept(b.uid), {});
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe(SOCIAL_TEXTS.acceptOwnInvite);

    const accept = await b.http.post(SOCIAL_ROUTES.accept(a.uid), {});
    expect(accept.status).toBe(200);
    expect(accept.body).toMatchObject({ friends: [{ uid: a.uid, view: 'friend' }], pendingInvites: 0 });
    expect(await pendingInMe(b)).toBe(0);
    await friendsChanged(a, b, 'accepted');
    await friendsChanged(b, a, 'accepted');
    expect(await viewOf(a, b)).toBe('friend');

    const friendsAgain = await b.http.post(SOCIAL_ROUTES.invite, { username: a.user.username });
    expect(friendsAgain.status).toBe(409);
    expect(friendsAgain.body.error.message).toBe(SOCIAL_TEXTS.alreadyFriends);

    const del = await b.http.post(SOCIAL_ROUTES.remove(a.uid), {});
    expect(del.status).toBe(200);
    expect(del.body.friends).toEqual([]);
    await friendsChanged(a, b, 'deleted');
    await friendsChanged(b, a, 'deleted');
    expect(await viewOf(a, b)).toBeNull();
    const delAgain = await b.http.post(SOCIAL_ROUTES.remove(a.uid), {});
    expect(delAgain.status).toBe(409);
    expect(delAgain.body.error.message).toBe(SOCIAL_TEXTS.notFriends);
  });

  itOnPglite(
    'cancel by the inviter, decline by the invitee, and inviting someone who invited you accepts',
    async () => {
      const a = await player();
      const b = await player();
      expect((await a.http.post(SOCIAL_ROUTES.invite, { username: b.user.username })).status).toBe(200);
      const cancel = await a.http.post(SOCIAL_ROUTES.cancel(b.uid), {});
      expect(cancel.status).toBe(200);
      await friendsChanged(b, a, 'cancelled');
      expect(await viewOf(b, a)).toBeNull();
      const nothing = await a.http.post(SOCIAL_ROUTES.cancel(b.uid), {});
      expect(nothing.status).toBe(409);
      expect(nothing.body.error.message).toBe(SOCIAL_TEXTS.noPendingInvite);

      expect((await a.http.post(SOCIAL_ROUTES.invite, { username: b.user.username })).status).toBe(200);
      expect((await b.http.post(SOCIAL_ROUTES.cancel(a.uid), {})).status).toBe(200);
      await friendsChanged(a, b, 'declined');
      expect(await viewOf(a, b)).toBeNull();

      expect((await a.http.post(SOCIAL_ROUTES.invite, { username: b.user.username })).status).toBe(200);
      const mutual = await b.http.post(SOCIAL_ROUTES.invite, { username: a.user.username });
      expect(mutual.status).toBe(200);
      expect(mutual.body.friends).toMatchObject([{ uid: a.uid, view: 'friend' }]);
      await friendsChanged(a, b, 'accepted');
    },
  );

  itOnPglite('refuses a name with @, an unknown user and oneself with the domain texts', async () => {
    const a = await player();
    const email = await a.http.post(SOCIAL_ROUTES.invite, { username: `${a.user.username}@example.com` });
    expect(email.status).toBe(400);
    expect(email.body.error.message).toBe(SOCIAL_TEXTS.unknownUser);
    const unknown = await a.http.post(SOCIAL_ROUTES.invite, { username: 'nobodyhere' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(SOCIAL_TEXTS.unknownUser);
    const self = await a.http.post(SOCIAL_ROUTES.invite, { username: a.user.username });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe(SOCIAL_TEXTS.friendSelf);
    const ghost = await a.http.post(SOCIAL_ROUTES.accept('00000000-0000-0000-0000-000000000000'), {});
    expect(ghost.status).toBe(404);
    expect(await a.got(SocialUserEvents.friends)).toBe(false);
  });

  itOnPglite('shows the banned flag and the online dot from presence', async () => {
    const a = await player();
    const b = await player();
    expect((await a.http.post(SOCIAL_ROUTES.invite, { username: b.user.username })).status).toBe(200);
    await setUserColumns(server, b.uid, { banned: true });
    expect((await friendsOf(a)).friends[0]).toMatchObject({ uid: b.uid, banned: true, online: true });
    b.close();
    await a.socket.ping();
    const deadline = Date.now() + 5_000;
    while ((await friendsOf(a)).friends[0]!.online && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    expect((await friendsOf(a)).friends[0]!.online).toBe(false);
  });

  itOnPglite('rate-limits invitations per user', async () => {
    const a = await player();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++)
      answers.push((await a.http.post(SOCIAL_ROUTES.invite, { username: `ghost${i}` })).status);
    expect(answers).toEqual(Array<number>(20).fill(404));
    const limited = await a.http.post(SOCIAL_ROUTES.invite, { username: 'ghost' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'RATE_LIMITED', message: TEXTS.rateLimited });
  });

  it('counts each invitation before the work: of 30 sent at once, exactly 20 are looked at', async () => {
    const a = await player();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => a.http.post(SOCIAL_ROUTES.invite, { username: `ghost${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
