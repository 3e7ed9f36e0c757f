import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES, MATCH_ROUTES, ADMIN_ROUTES, PUZZLE_ROUTES } from '@rush/protocol';
import { MODERATION_TEXTS } from '@rush/domain';
import { readBalance } from '../../src/modules/wallet/ledger.store.ts';
import { accountOf } from '../../src/modules/wallet/account-ids.ts';
import { chessProfiles } from '../../src/modules/play/schema.ts';
import { DB_KINDS } from '../support/database.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { current, matchPlayer, wbxSeek, pairUp } from '../matchmaking/support.ts';
import { createLobby, join, seedPuzzles } from '../puzzles/battle-support.ts';
import { startGame } from '../play/support.ts';
import { expectLedgerInvariants, startWalletServer, verifiedUser } from '../wallet/support/wallet.ts';
import { addPlayerReport, auditRows } from './support.ts';

const wbx = (server: TestServer, uid: string) => readBalance(server.ctx.db, accountOf.user(uid, 'wbx').id);

/** Issue 12 users section: search, detail, ban (out of play, sockets closed), verified level, chess profile, games, kick. */
describe.each(DB_KINDS)('admin users and moderation (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  beforeAll(async () => {
    ({ server, admin } = await startWalletServer(kind, { clock: 'manual' }));
    await seedPuzzles(server.ctx.db);
  });
  afterAll(() => server?.stop());

  it('search by username or e-mail prefix (any case) or exact uid; detail; 404 for nobody', async () => {
    const u = await verifiedUser(server, { username: `Zed${crypto.randomBytes(2).toString('hex')}` });
    const find = async (q: string) =>
      (await admin.client.get(`${ADMIN_ROUTES.users}?q=${encodeURIComponent(q)}`)).body.users;
    expect((await find(u.username.slice(0, 5).toUpperCase())).map((x: { uid: string }) => x.uid)).toContain(u.uid);
    expect((await find(u.email.slice(0, 6))).map((x: { uid: string }) => x.uid)).toContain(u.uid);
    expect((await find(u.uid)).map((x: { uid: string }) => x.uid)).toEqual([u.uid]);
    expect(await find(u.uid.slice(0, 8))).toEqual([]);
    expect(await find('%')).toEqual([]);
    expect((await find('')).length).toBeLessThanOrEqual(50);
    const detail = (await admin.client.get(ADMIN_ROUTES.user(u.uid))).body;
    expect(detail).toMatchObject({
      uid: u.uid,
      username: u.username,
      emailVerified: true,
      hasWallet: true,
      banned: false,
      balances: { usd: 0, wbx: 0 },
      limits: { bet: null, deposit: null },
      ban: null,
      chessUsername: null,
      openReports: 0,
      verifiedLevel: 'notVerified',
    });
    expect((await admin.client.get(ADMIN_ROUTES.user(crypto.randomUUID()))).status).toBe(404);
    expect((await admin.client.get(ADMIN_ROUTES.user('not-a-uid'))).status).toBe(404);
  });

  it('a ban needs a reason; it takes the player out of the search, closes their sockets (4005) and shows in the banned list; unban clears it', async () => {
    const p = await matchPlayer(server, admin, { wbx: 100_000n });
    expect((await p.http.post(MATCH_ROUTES.seek, wbxSeek())).status).toBe(200);
    expect((await current(p)).state).toBe('searching');

    const noReason = await admin.client.post(ADMIN_ROUTES.ban(p.uid), { banned: true, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(MODERATION_TEXTS.banReasonRequired);
    expect((await admin.client.post(ADMIN_ROUTES.ban(crypto.randomUUID()), { banned: true, reason: 'x' })).status).toBe(
      404,
    );

    const closed = p.socket.closed;
    const res = await admin.client.post(ADMIN_ROUTES.ban(p.uid), { banned: true, reason: 'Engine use' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ banned: true, ban: { reason: 'Engine use' } });
    expect((await closed).code).toBe(CLOSE_CODES.accountRestricted);
    expect(await current(p)).toBeNull();
    const me = (await p.http.get('/api/session')).body.user;
    expect(me.banned).toBe(true);
    expect((await p.http.post(MATCH_ROUTES.seek, wbxSeek())).status).toBeGreaterThanOrEqual(400);
    const banned = (await admin.client.get(ADMIN_ROUTES.banned)).body.users;
    expect(banned[0]).toMatchObject({ uid: p.uid, reason: 'Engine use' });

    const unban = await admin.client.post(ADMIN_ROUTES.ban(p.uid), { banned: false });
    expect(unban.body).toMatchObject({ banned: false, ban: null });
    expect((await admin.client.get(ADMIN_ROUTES.banned)).body.users.map((b: { uid: string }) => b.uid)).not.toContain(
      p.uid,
    );
    expect((await auditRows(server, p.uid)).map((r) => r.action)).toEqual(['user.ban', 'user.unban']);
  });

  it('a ban of a lobby guest releases their stake; of an owner cancels the lobby and refunds everyone', async () => {
    const owner = await matchPlayer(server, admin, { wbx: 100_000n });
    const guest = await matchPlayer(server, admin, { wbx: 100_000n });
    const lobby = await createLobby(owner, { maxParticipants: 3 });
    await join(guest, lobby.id);
    expect(await wbx(server, guest.uid)).toBeLessThan(100_000n);
    const listed = (await admin.client.get(ADMIN_ROUTES.lobbies)).body.lobbies.find(
      (l: { id: string }) => l.id === lobby.id,
    );
    expect(listed.members.map((m: { uid: string }) => m.uid).sort()).toEqual([owner.uid, guest.uid].sort());

    expect((await admin.client.post(ADMIN_ROUTES.ban(guest.uid), { banned: true, reason: 'abuse' })).status).toBe(200);
    expect(await wbx(server, guest.uid)).toBe(100_000n);
    const kick = await admin.client.post(ADMIN_ROUTES.kick(owner.uid), {});
    expect(kick.body).toEqual({ kicked: 'lobby' });
    expect(await wbx(server, owner.uid)).toBe(100_000n);
    expect((await owner.http.get(PUZZLE_ROUTES.lobby(lobby.id))).body.lobby?.status ?? 'gone').not.toBe('created');
    expect((await admin.client.get(ADMIN_ROUTES.lobbies)).body.lobbies.map((l: { id: string }) => l.id)).not.toContain(
      lobby.id,
    );
    expect((await admin.client.post(ADMIN_ROUTES.kick(owner.uid), {})).body).toEqual({ kicked: null });
    await expectLedgerInvariants(server.ctx.db);
  });

  it('kick out of a search or a found match (listed in matchmaking first); a kick is audited', async () => {
    const a = await matchPlayer(server, admin, { wbx: 100_000n });
    const b = await matchPlayer(server, admin, { wbx: 100_000n });
    await pairUp(server, a, b, wbxSeek(100));
    const listed = (await admin.client.get(ADMIN_ROUTES.matchmaking)).body.users.filter((x: { uid: string }) =>
      [a.uid, b.uid].includes(x.uid),
    );
    expect(listed.map((x: { state: string }) => x.state)).toEqual(['matched', 'matched']);
    expect(listed[0]).toMatchObject({ gameType: 'wmgt_000001', currency: 'wbx' });
    expect((await admin.client.post(ADMIN_ROUTES.kick(a.uid), {})).body).toEqual({ kicked: 'matchmaking' });
    expect((await current(a)).state).toBe('declined');
    expect((await admin.client.post(ADMIN_ROUTES.kick(crypto.randomUUID()), {})).status).toBe(404);
    expect((await auditRows(server, a.uid)).map((r) => [r.action, r.after])).toEqual([
      ['user.kick', { kicked: 'matchmaking' }],
    ]);
  });

  it('verified level, chess profile (null until linked), games newest first with live ones', async () => {
    const u = await verifiedUser(server);
    const set = await admin.client.put(ADMIN_ROUTES.verifiedLevel(u.uid), { level: 'contentCreator' });
    expect(set.body.verifiedLevel).toBe('contentCreator');
    expect((await admin.client.put(ADMIN_ROUTES.verifiedLevel(u.uid), { level: 'king' })).status).toBe(400);
    expect((await admin.client.get(ADMIN_ROUTES.chessProfile(u.uid))).body).toEqual({ url: null });
    await server.ctx.db
      .insert(chessProfiles)
      .values({ userId: u.uid, username: u.username, linkedAt: server.clock.now() });
    // Linked on the built-in platform: no Lichess page ('No LiChess account').
    expect((await admin.client.get(ADMIN_ROUTES.chessProfile(u.uid))).body).toEqual({ url: null });
    await server.ctx.db.update(chessProfiles).set({ platform: 'lichess' });
    expect((await admin.client.get(ADMIN_ROUTES.chessProfile(u.uid))).body.url).toBe(
      `https://lichess.org/@/${u.username}`,
    );

    const a = await matchPlayer(server, admin);
    const b = await matchPlayer(server, admin);
    const { gameId } = await startGame(a, b);
    const games = (await admin.client.get(ADMIN_ROUTES.userGames(a.uid))).body;
    expect(games).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(games.games[0]).toMatchObject({
      gameId,
      opponent: b.user.username,
      outcome: 'playing',
      status: 'started',
      endedAt: null,
    });
    expect((await admin.client.get(ADMIN_ROUTES.games)).body.games.map((g: { gameId: string }) => g.gameId)).toContain(
      gameId,
    );
    expect((await admin.client.get(`${ADMIN_ROUTES.userGames(a.uid)}?page=-1`)).status).toBe(400);
  });

  it('confirm cheating bans with the reason (or the standard one), archives the reports, lifts nothing else', async () => {
    const cheat = await verifiedUser(server);
    const r1 = await verifiedUser(server);
    const r2 = await verifiedUser(server);
    const id = await addPlayerReport(server, cheat.uid, r1.uid, 'engine');
    await addPlayerReport(server, cheat.uid, r2.uid, 'too fast');
    const open = (await admin.client.get(ADMIN_ROUTES.reports)).body.reports.filter(
      (r: { uid: string }) => r.uid === cheat.uid,
    );
    expect(open).toHaveLength(2);
    expect(open.find((r: { id: string }) => r.id === id)).toMatchObject({
      username: cheat.username,
      reporter: { uid: r1.uid, username: r1.username },
      archived: false,
    });
    expect((await admin.client.get(ADMIN_ROUTES.user(cheat.uid))).body.openReports).toBe(2);

    // By a report's id: that report's player.
    const res = await admin.client.post(ADMIN_ROUTES.confirmCheating(id), {});
    expect(res.body).toEqual({ removed: 2 });
    const detail = (await admin.client.get(ADMIN_ROUTES.user(cheat.uid))).body;
    expect(detail).toMatchObject({ banned: true, openReports: 0, ban: { reason: MODERATION_TEXTS.cheatingConfirmed } });
    const archived = (await admin.client.get(`${ADMIN_ROUTES.reports}?archived=true`)).body.reports.filter(
      (r: { uid: string }) => r.uid === cheat.uid,
    );
    expect(archived).toHaveLength(2);
    expect((await auditRows(server, cheat.uid)).map((r) => r.action)).toEqual(['reports.confirmCheating', 'user.ban']);
    // By the player's uid, with a reason.
    await addPlayerReport(server, cheat.uid, r1.uid, 'again');
    expect(
      (await admin.client.post(ADMIN_ROUTES.confirmCheating(cheat.uid), { reason: 'Engine, second time' })).body,
    ).toEqual({ removed: 1 });
    expect((await admin.client.get(ADMIN_ROUTES.user(cheat.uid))).body.ban.reason).toBe('Engine, second time');
    expect((await admin.client.post(ADMIN_ROUTES.confirmCheating('999999999'), {})).status).toBe(404);
    expect((await admin.client.post(ADMIN_ROUTES.confirmCheating(crypto.randomUUID()), {})).status).toBe(404);
  });
});
