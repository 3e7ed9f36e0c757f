import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACTIVITY_TYPES, MATCH_TEXTS, type ActivityType } from '@rush/domain';
import {
  MATCH_ROUTES,
  OnlineEvents,
  SOCIAL_ROUTES,
  SOCIAL_TOPICS,
  type FriendEntryView,
  type OnlineUserView,
} from '@rush/protocol';
import { makeRecord, refused, startMatchApp } from '../matchmaking/testing.tsx';

const user = (uid: string, username: string, type: ActivityType, query: string | null = null): OnlineUserView => ({
  uid,
  username,
  avatarUrl: null,
  state: 'online',
  activity: { title: `${username} is ${type}`, type, query, elo: null, owner: null, privacy: null },
});

// Deliberately out of the SPEC's order: the list sorts them.
const USERS: OnlineUserView[] = [
  user('u9', 'ivy', 'idle'),
  user('u5', 'eve', 'browsing'),
  user('u3', 'cat', 'game_in_progress', 'g42'),
  user('u1', 'alice', 'idle'),
  user('u7', 'gus', 'single-puzzle'),
  user('u2', 'bob', 'match_making'),
  user('u6', 'fay', 'battle-puzzle'),
  user('u4', 'dan', 'battle-puzzle-search', 'lobby-7'),
];

const friend = (uid: string, view: FriendEntryView['view']): FriendEntryView => ({
  uid,
  username: uid,
  avatarUrl: null,
  online: true,
  banned: false,
  view,
});

interface StartOptions {
  me?: null;
  users?: OnlineUserView[];
  friends?: FriendEntryView[];
  inviteReply?: { status: number; body: unknown };
  /** The list's first answer fails with this status (then the real list). */
  failFirst?: number;
}

function start(opts: StartOptions = {}) {
  const online = { users: opts.users ?? USERS };
  let failures = opts.failFirst ? 1 : 0;
  return startMatchApp('/', {
    ...(opts.me === null ? { me: null } : {}),
    routes: {
      [`GET ${SOCIAL_ROUTES.online}`]: () =>
        failures-- > 0
          ? { status: opts.failFirst!, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }
          : { body: online },
      [`GET ${SOCIAL_ROUTES.friends}`]: () => ({ body: { friends: opts.friends ?? [], pendingInvites: 0 } }),
      [`POST ${SOCIAL_ROUTES.invite}`]: () => opts.inviteReply ?? { body: { ok: true } },
    },
  });
}

const list = () => screen.findByRole('list', { name: 'Online users' });
const row = (uid: string) => screen.getByTestId(`online-${uid}`);
const names = (ul: HTMLElement) =>
  within(ul)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.online-name')?.firstChild?.textContent);

describe('online users list', () => {
  test('sorted by the SPEC activity order, each with its title and action', async () => {
    start();
    const ul = await list();
    expect(ACTIVITY_TYPES[0]).toBe('match_making');
    expect(names(ul)).toEqual(['bob', 'dan', 'cat', 'fay', 'gus', 'eve', 'alice', 'ivy']);
    expect(within(row('u2')).getByText('bob is match_making')).toBeTruthy();

    expect(within(row('u2')).getByRole('button', { name: 'Join bob' })).toBeTruthy();
    expect(within(row('u4')).getByRole('link', { name: 'Join dan' }).getAttribute('href')).toBe(
      '/puzzle-game/battle?lobby=lobby-7',
    );
    expect(within(row('u3')).getByRole('link', { name: 'Spectate cat' }).getAttribute('href')).toBe('/tv/g42');
    for (const [uid, name] of [
      ['u6', 'fay'],
      ['u7', 'gus'],
      ['u5', 'eve'],
      ['u9', 'ivy'],
    ] as const) {
      expect(
        within(row(uid))
          .getByRole('link', { name: `Challenge ${name}` })
          .getAttribute('href'),
      ).toBe(`/start?challengeid=${uid}&step=1`);
    }
  });

  test("one's own entry has no actions and no add-friend", async () => {
    start();
    await list();
    const own = row('u1');
    expect(within(own).getByText('(you)')).toBeTruthy();
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    expect(within(own).queryAllByRole('link')).toHaveLength(0);
  });

  test('add-friend only for users who are not friends nor invited; it sends the username', async () => {
    const { api } = start({ friends: [friend('u9', 'friend'), friend('u5', 'sentByMe'), friend('u6', 'toMe')] });
    await list();
    await waitFor(() => expect(within(row('u2')).getByRole('button', { name: 'Add bob as a friend' })).toBeTruthy());
    expect(within(row('u9')).queryByRole('button', { name: /as a friend/ })).toBeNull();
    expect(within(row('u5')).queryByRole('button', { name: /as a friend/ })).toBeNull();
    expect(within(row('u6')).queryByRole('button', { name: /as a friend/ })).toBeNull();
    expect(within(row('u1')).queryByRole('button', { name: /as a friend/ })).toBeNull();

    fireEvent.click(within(row('u2')).getByRole('button', { name: 'Add bob as a friend' }));
    await waitFor(() => expect(api.callsTo('POST', SOCIAL_ROUTES.invite)).toHaveLength(1));
    expect(api.callsTo('POST', SOCIAL_ROUTES.invite)[0]?.body).toEqual({ username: 'bob' });
  });

  test('the server refusing an invitation shows its message on the row', async () => {
    const refusal = {
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'You have already invited this user.' } },
    };
    start({ inviteReply: refusal });
    await list();
    fireEvent.click(await within(row('u7')).findByRole('button', { name: 'Add gus as a friend' }));
    expect(await within(row('u7')).findByText('You have already invited this user.')).toBeTruthy();
  });

  test('visitors see the list; Join and Challenge go to /login, Spectate stays open, no add-friend', async () => {
    const { api, app } = start({ me: null });
    await list();
    expect(api.callsTo('GET', SOCIAL_ROUTES.friends)).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /as a friend/ })).toBeNull();
    expect(within(row('u1')).getByRole('link', { name: 'Challenge alice' }).getAttribute('href')).toBe('/login');
    expect(within(row('u3')).getByRole('link', { name: 'Spectate cat' }).getAttribute('href')).toBe('/tv/g42');
    const join = within(row('u2')).getByRole('link', { name: 'Join bob' });
    expect(join.getAttribute('href')).toBe('/login');
    fireEvent.click(join);
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(api.callsTo('POST', MATCH_ROUTES.join)).toHaveLength(0);
  });

  test('Join posts the uid, then goes to /match', async () => {
    const { api, app } = startMatchApp('/', {
      routes: {
        [`GET ${SOCIAL_ROUTES.online}`]: () => ({ body: { users: USERS } }),
        [`GET ${SOCIAL_ROUTES.friends}`]: () => ({ body: { friends: [], pendingInvites: 0 } }),
        [`POST ${MATCH_ROUTES.join}`]: () => ({ body: { matchmaking: makeRecord({ state: 'matched' }) } }),
      },
    });
    await list();
    fireEvent.click(within(row('u2')).getByRole('button', { name: 'Join bob' }));
    await waitFor(() => expect(app.location().pathname).toBe('/match'));
    expect(api.callsTo('POST', MATCH_ROUTES.join).map((c) => c.body)).toEqual([{ uid: 'u2' }]);
  });

  test("a refused Join shows the server's SPEC 8 text and stays", async () => {
    const { app } = startMatchApp('/', {
      routes: {
        [`GET ${SOCIAL_ROUTES.online}`]: () => ({ body: { users: USERS } }),
        [`GET ${SOCIAL_ROUTES.friends}`]: () => ({ body: { friends: [], pendingInvites: 0 } }),
        [`POST ${MATCH_ROUTES.join}`]: () => refused(MATCH_TEXTS.joinEloTooFar, 'eloGap'),
      },
    });
    await list();
    fireEvent.click(within(row('u2')).getByRole('button', { name: 'Join bob' }));
    const section = screen.getByRole('region', { name: 'Online users' });
    expect((await within(section).findByRole('alert')).textContent).toBe(MATCH_TEXTS.joinEloTooFar);
    expect(app.location().pathname).toBe('/');
  });

  test('a failed read says so with Try again, which reads the list again (never an empty box)', async () => {
    // A 4xx: the HTTP layer retries only network failures and 5xx by itself.
    start({ failFirst: 400 });
    const section = await screen.findByRole('region', { name: 'Online users' });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again: online users' }));
    expect(names(await list())).toContain('bob');
  });

  test('live: online.changed replaces the list', async () => {
    const { push } = start();
    await list();
    await push(SOCIAL_TOPICS.online, OnlineEvents.changed, {
      users: [user('u8', 'hal', 'idle'), user('u2', 'bob', 'game_in_progress', 'g7')],
    });
    await waitFor(() => expect(names(screen.getByRole('list', { name: 'Online users' }))).toEqual(['bob', 'hal']));
    expect(within(row('u2')).getByRole('link', { name: 'Spectate bob' }).getAttribute('href')).toBe('/tv/g7');
    expect(screen.queryByTestId('online-u9')).toBeNull();
  });
});
