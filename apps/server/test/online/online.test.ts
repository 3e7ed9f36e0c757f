import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, sortOnline } from '@rush/domain';
import { MATCH_ROUTES, OnlineEvents, OnlineUsersResponse, SOCIAL_ROUTES, SOCIAL_TOPICS } from '@rush/protocol';
import type { ManualClock } from '../../src/platform/clock.ts';
import { ACTIVITY_TITLES } from '../../src/modules/online/activity.ts';
import { presenceRow, Socket } from '../accounts/support.ts';
import { matchPlayer, wbxSeek } from '../matchmaking/support.ts';
import { battler, createLobby, eventually, startBattleServer } from '../puzzles/battle-support.ts';
import { startGame, type Player } from '../play/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { TestClient } from '../support/http-client.ts';
import type { TestServer } from '../support/server.ts';
import type { Registered } from '../accounts/support.ts';
import { suiteSetUp } from '../support/suite-set-up.ts';

describe.each(DB_KINDS)('online users (%s)', (kind) => {
  let server: TestServer;
  let admin: Registered;
  let clock: ManualClock;
  suiteSetUp(async () => ({ server, admin, clock } = await startBattleServer(kind)));

  const anonymousList = async () => {
    const res = await new TestClient(server.baseUrl).get(SOCIAL_ROUTES.online);
    expect(res.status).toBe(200);
    return OnlineUsersResponse.parse(res.body).users;
  };
  const entryOf = (users: OnlineUsersResponse['users'], p: Player) => users.find((u) => u.uid === p.uid);

  it('derives each activity from real state, sorts by the SPEC order, and serves visitors', async () => {
    const watcher = await Socket.open(server); // an anonymous visitor's socket
    await watcher.subscribe(SOCIAL_TOPICS.online);

    const browser = await matchPlayer(server, admin);
    const idler = await matchPlayer(server, admin);
    const searcher = await matchPlayer(server, admin, { wbx: 100_000n });
    const white = await matchPlayer(server, admin);
    const black = await matchPlayer(server, admin);
    const owner = await battler(server, admin);
    const gone = await matchPlayer(server, admin);

    const seek = await searcher.http.post(MATCH_ROUTES.seek, wbxSeek());
    expect(seek.status, JSON.stringify(seek.body)).toBe(200);
    const { gameId } = await startGame(white, black);
    const lobby = await createLobby(owner, { privacy: 'public' });

    // Idle on the client's word (a state flip is written at most once a second).
    clock.advance(2_000);
    idler.socket.send({ t: 'presence', state: 'idle' });
    await eventually(async () => (await presenceRow(server, `u:${idler.uid}`))?.state === 'idle');
    gone.close();
    await eventually(async () => (await presenceRow(server, `u:${gone.uid}`))?.state === 'offline');

    const users = await anonymousList();
    expect(entryOf(users, gone)).toBeUndefined();
    expect(entryOf(users, searcher)?.activity).toEqual({
      title: ACTIVITY_TITLES.match_making,
      type: 'match_making',
      query: searcher.uid,
      elo: null,
      owner: null,
      privacy: null,
    });
    for (const p of [white, black]) {
      expect(entryOf(users, p)?.activity).toMatchObject({ type: 'game_in_progress', query: gameId });
    }
    const ownerEntry = entryOf(users, owner)!;
    expect(ownerEntry.activity).toMatchObject({
      type: 'battle-puzzle-search',
      query: lobby.id,
      owner: owner.uid,
      privacy: 'public',
      title: ACTIVITY_TITLES['battle-puzzle-search'],
    });
    expect(typeof ownerEntry.activity.elo).toBe('number');
    expect(entryOf(users, idler)).toMatchObject({ state: 'idle', activity: { type: 'idle', title: 'Idle' } });
    expect(entryOf(users, browser)).toMatchObject({ state: 'online', activity: { type: 'browsing' } });
    expect(entryOf(users, browser)?.username).toBe(browser.user.username);

    // Sorted by the domain's rule: activity order, then name.
    expect(users.map((u) => u.uid)).toEqual(sortOnline(users).map((u) => u.uid));
    const ranks = users.map((u) => ACTIVITY_TYPES.indexOf(u.activity.type));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    // The same list reaches the public topic, debounced after the presence changes.
    await eventually(() =>
      watcher.messages.some(
        (m) =>
          m.t === 'ev' &&
          m.type === OnlineEvents.changed &&
          m.data.users.some((u: any) => u.uid === idler.uid && u.activity.type === 'idle') &&
          m.data.users.some((u: any) => u.uid === owner.uid && u.activity.type === 'battle-puzzle-search') &&
          !m.data.users.some((u: any) => u.uid === gone.uid),
      ),
    );
    watcher.close();
    for (const p of [browser, idler, searcher, white, black, owner]) p.close();
  });

  it('leaves users out once their presence is older than the 180 s window', async () => {
    const p = await matchPlayer(server, admin);
    expect(entryOf(await anonymousList(), p)).toBeDefined();
    clock.advance(180_001);
    expect(entryOf(await anonymousList(), p)).toBeUndefined();
    p.close();
  });
});
