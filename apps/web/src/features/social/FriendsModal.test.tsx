import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SOCIAL_TEXTS } from '@rush/domain';
import { SocialUserEvents } from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { friend, startSocialApp } from './testing.tsx';

const openFriends = async () => screen.findByRole('dialog', { name: 'Friends' });

describe('Friends modal (?friendslist)', () => {
  test('"No friends in list" when empty', async () => {
    startSocialApp('/?friendslist');
    const dialog = await openFriends();
    expect(await within(dialog).findByText(SOCIAL_TEXTS.friendsEmpty)).toBeTruthy();
  });

  test('rows by state: Challenge link, Accept Invite, Cancel Invite, online dot', async () => {
    const { api } = startSocialApp('/?friendslist', {
      friends: [
        friend(),
        friend({ uid: 'u3', username: 'carol', view: 'toMe', online: false }),
        friend({ uid: 'u4', username: 'dave', view: 'sentByMe' }),
      ],
      routes: {
        'POST /api/friends/u3/accept': () => ({ body: {} }),
        'POST /api/friends/u4/cancel': () => ({ body: {} }),
      },
    });
    const dialog = await openFriends();
    const list = await within(dialog).findByRole('list', { name: 'Friends list' });
    const [bob, carol, dave] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(bob).getByRole('link', { name: 'Challenge' }).getAttribute('href')).toBe(
      '/start?challengeid=u2&step=1',
    );
    expect(within(bob).getByText('Online')).toBeTruthy();
    expect(within(carol).getByText('Offline')).toBeTruthy();
    // Only a friend's name opens a chat.
    expect(within(bob).getByRole('button', { name: 'bob' })).toBeTruthy();
    expect(within(carol).queryByRole('button', { name: 'carol' })).toBeNull();

    fireEvent.click(within(carol).getByRole('button', { name: SOCIAL_TEXTS.acceptInvite }));
    await waitFor(() => expect(api.callsTo('POST', '/api/friends/u3/accept')).toHaveLength(1));
    fireEvent.click(within(dave).getByRole('button', { name: SOCIAL_TEXTS.cancelInvite }));
    await waitFor(() => expect(api.callsTo('POST', '/api/friends/u4/cancel')).toHaveLength(1));
  });

  test("Profile opens the friend's profile over the list (issue 19); the name still opens the chat", async () => {
    startSocialApp('/?friendslist', {
      friends: [friend()],
      routes: {
        'GET /api/players/u2': () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'gone' } } }),
      },
    });
    const dialog = await openFriends();
    const profile = await within(dialog).findByRole('button', { name: 'Profile of bob' });
    expect(profile.textContent).toBe('Profile');
    fireEvent.click(profile);
    const opened = await screen.findByRole('dialog', { name: 'Profile of bob' });
    expect(await within(opened).findByRole('alert')).toBeTruthy();
    // The list stays open beneath it.
    expect(screen.getByRole('dialog', { name: 'Friends' })).toBeTruthy();
    fireEvent.click(within(opened).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile of bob' })).toBeNull());
  });

  test("opened from the wizard's giveaway (Choose Friend), Challenge keeps the giveaway and the choices", async () => {
    startSocialApp('/?step=3&gameType=wmgt_000002&c=usd&bet=5&giveaway&friendslist', { friends: [friend()] });
    const dialog = await openFriends();
    const link = await within(dialog).findByRole('link', { name: 'Challenge' });
    expect(link.getAttribute('href')).toBe('/start?challengeid=u2&step=1&gameType=wmgt_000002&c=usd&bet=5&giveaway');
  });

  test('Challenge is disabled for a banned friend, and for a banned me', async () => {
    startSocialApp('/?friendslist', { friends: [friend({ banned: true })] });
    const dialog = await openFriends();
    const button = await within(dialog).findByRole('button', { name: 'Challenge' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).queryByRole('link', { name: 'Challenge' })).toBeNull();
  });

  test('a banned user cannot challenge even a friend in good standing', async () => {
    startSocialApp('/?friendslist', { me: makeMe({ banned: true, chessUsername: 'alice' }), friends: [friend()] });
    const dialog = await openFriends();
    expect((await within(dialog).findByRole('button', { name: 'Challenge' })).hasAttribute('disabled')).toBe(true);
  });

  test('Edit shows a delete icon per row; Cancel hides them; delete posts the removal', async () => {
    const { api, state } = startSocialApp('/?friendslist', {
      friends: [friend()],
      routes: { 'POST /api/friends/u2/delete': () => ({ body: {} }) },
    });
    const dialog = await openFriends();
    await within(dialog).findByText('bob');
    expect(within(dialog).queryByRole('button', { name: 'Remove bob' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.edit }));
    expect(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.cancel })).toBeTruthy();
    state.friends = [];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove bob' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/friends/u2/delete')).toHaveLength(1));
    expect(await within(dialog).findByText(SOCIAL_TEXTS.friendsEmpty)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.cancel }));
    expect(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.edit })).toBeTruthy();
  });

  test('Send Invite posts the trimmed name; a name with @ sends nothing', async () => {
    const { api } = startSocialApp('/?friendslist', {
      routes: { 'POST /api/friends/invite': () => ({ body: {} }) },
    });
    const dialog = await openFriends();
    const field = within(dialog).getByLabelText('Username');
    fireEvent.change(field, { target: { value: 'bob@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.sendInvite }));
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.sendInvite }));
    fireEvent.change(field, { target: { value: '  carol ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.sendInvite }));
    await waitFor(() => expect(api.callsTo('POST', '/api/friends/invite')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/friends/invite')[0]!.body).toEqual({ username: 'carol' });
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));
  });

  test("the server's refusal shows under the box and is gone once the modal closes", async () => {
    const { app } = startSocialApp('/?friendslist', {
      routes: {
        'POST /api/friends/invite': () => ({
          status: 400,
          body: { error: { code: 'BAD_REQUEST', message: SOCIAL_TEXTS.alreadyFriends } },
        }),
      },
    });
    let dialog = await openFriends();
    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'bob' } });
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.sendInvite }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SOCIAL_TEXTS.alreadyFriends);

    fireEvent.mouseDown(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location().search).toBe('');
    await app.router.navigate('/?friendslist');
    dialog = await openFriends();
    expect(within(dialog).queryByText(SOCIAL_TEXTS.alreadyFriends)).toBeNull();
  });

  test('live: friends.changed refetches the list and the user menu badge', async () => {
    const { state, push } = startSocialApp('/?friendslist', { pendingInvites: 1, friends: [] });
    const dialog = await openFriends();
    await within(dialog).findByText(SOCIAL_TEXTS.friendsEmpty);
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: /Friends/ }).textContent).toContain('1');

    state.friends = [
      friend({ uid: 'u5', username: 'erin', view: 'toMe' }),
      friend({ uid: 'u6', username: 'finn', view: 'toMe' }),
    ];
    state.pendingInvites = 2;
    await push(SocialUserEvents.friends, {});
    expect(await within(dialog).findByText('erin')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('2 pending')).toBeTruthy());
  });

  test("the badge shows the session's pending invites before the list loads, then the list's", async () => {
    let answerList: () => void = () => undefined;
    const listAnswered = new Promise<void>((resolve) => {
      answerList = resolve;
    });
    const { api } = startSocialApp('/', {
      me: makeMe({ uid: 'u1', username: 'alice', pendingFriendInvites: 2 }),
      routes: {
        'GET /api/friends': async () => {
          await listAnswered;
          return { body: { friends: [], pendingInvites: 3 } };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/friends')).toHaveLength(1));
    expect(screen.getByLabelText('2 pending')).toBeTruthy();
    answerList();
    await waitFor(() => expect(screen.getByLabelText('3 pending')).toBeTruthy());
  });

  test("a friend's name opens a chat window and closes the modal", async () => {
    startSocialApp('/?friendslist', { friends: [friend()] });
    const dialog = await openFriends();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'bob' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'Chat with bob' })).toBeTruthy();
  });
});
