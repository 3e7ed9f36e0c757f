import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SOCIAL_TEXTS } from '@rush/domain';
import { SocialUserEvents } from '@rush/protocol';
import { AGE_REFRESH_MS } from './MessengerPopup.tsx';
import { conversation, message, startSocialApp } from './testing.tsx';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function startPopup() {
  const conversations = [
    conversation(message({ sender: 'u1', receiver: 'u2', content: 'see you', read: true, timeSent: minutesAgo(5) })),
    conversation(message({ sender: 'u3', content: 'gg wp', read: true, timeSent: minutesAgo(3 * 60) }), {
      friend: { uid: 'u3', username: 'carol', avatarUrl: null },
      unread: 0,
    }),
    conversation(
      message({ sender: 'u1', receiver: 'u4', content: 'rematch?', read: false, timeSent: minutesAgo(2 * 24 * 60) }),
      {
        friend: { uid: 'u4', username: 'dave', avatarUrl: null },
      },
    ),
  ];
  return startSocialApp('/?showmessagespopup', {
    conversations,
    routes: { 'POST /api/messages/u3/delete': () => ({ body: {} }) },
  });
}

const rows = async () => {
  const dialog = await screen.findByRole('dialog', { name: 'Messages' });
  const list = await within(dialog).findByRole('list', { name: 'Conversations' });
  return { dialog, rows: within(list).getAllByRole('listitem') };
};

describe('Messenger popup (?showmessagespopup)', () => {
  test('the last message per friend: name, content, read tick on my read message, age', async () => {
    startPopup();
    const [bob, carol, dave] = (await rows()).rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(bob).getByText('bob')).toBeTruthy();
    expect(within(bob).getByText('see you')).toBeTruthy();
    expect(within(bob).getByText('5m')).toBeTruthy();
    expect(within(bob).getByRole('img', { name: 'Read' })).toBeTruthy();
    // Their message, though read, shows no tick; my unread one shows none either.
    expect(within(carol).getByText('3h')).toBeTruthy();
    expect(within(carol).queryByRole('img', { name: 'Read' })).toBeNull();
    expect(within(dave).getByText('2d')).toBeTruthy();
    expect(within(dave).queryByRole('img', { name: 'Read' })).toBeNull();
  });

  test('ages refresh every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    vi.setSystemTime(new Date('2025-01-01T10:00:00.000Z'));
    startSocialApp('/?showmessagespopup', {
      conversations: [conversation(message({ timeSent: '2025-01-01T09:59:30.000Z' }))],
    });
    const {
      rows: [bob],
    } = await rows();
    expect(within(bob!).getByText('30s')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(AGE_REFRESH_MS);
    });
    expect(within(bob!).getByText('1m')).toBeTruthy();
  });

  test('Open Messenger docks the chat and closes the popup', async () => {
    startPopup();
    const { rows: all } = await rows();
    const carol = all[1]!;
    fireEvent.click(within(carol).getByRole('button', { name: 'Options for carol' }));
    fireEvent.click(within(carol).getByRole('menuitem', { name: SOCIAL_TEXTS.openMessenger }));
    expect(await screen.findByRole('region', { name: 'Chat with carol' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('clicking an entry opens its chat and closes the popup (issue 19)', async () => {
    startPopup();
    const { rows: all } = await rows();
    fireEvent.click(within(all[2]!).getByRole('button', { name: /^dave:\s?rematch\?,/ }));
    expect(await screen.findByRole('region', { name: 'Chat with dave' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test('Delete Chat posts the deletion and refetches the list', async () => {
    const { api, state } = startPopup();
    const { dialog, rows: all } = await rows();
    const carol = all[1]!;
    fireEvent.click(within(carol).getByRole('button', { name: 'Options for carol' }));
    state.conversations = state.conversations.filter((c) => c.friend.uid !== 'u3');
    fireEvent.click(within(carol).getByRole('menuitem', { name: SOCIAL_TEXTS.deleteChat }));
    await waitFor(() => expect(api.callsTo('POST', '/api/messages/u3/delete')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).queryByText('carol')).toBeNull());
  });

  test('See all messages opens the most recent conversation', async () => {
    startPopup();
    const { dialog } = await rows();
    fireEvent.click(within(dialog).getByRole('button', { name: SOCIAL_TEXTS.seeAllMessages }));
    expect(await screen.findByRole('region', { name: 'Chat with bob' })).toBeTruthy();
  });

  test('live: a new message refetches the list', async () => {
    const { state, push } = startPopup();
    const { dialog } = await rows();
    const fresh = message({ sender: 'u5', content: 'hey there', timeSent: new Date().toISOString() });
    state.conversations = [
      conversation(fresh, { friend: { uid: 'u5', username: 'erin', avatarUrl: null }, unread: 1 }),
      ...state.conversations,
    ];
    await push(SocialUserEvents.message, { message: fresh });
    expect(await within(dialog).findByText('hey there')).toBeTruthy();
    expect(within(dialog).getByText('0s')).toBeTruthy();
  });

  test('the Messages item of the user menu opens the popup', async () => {
    const { app } = startSocialApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Messages' }));
    expect(await screen.findByRole('dialog', { name: 'Messages' })).toBeTruthy();
    expect(app.location().search).toBe('?showmessagespopup');
  });

  test('empty: says where a conversation starts, and Open Friends swaps the popup for the friends list (issue 36)', async () => {
    const { app } = startSocialApp('/?showmessagespopup');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('No messages yet.')).toBeTruthy();
    expect(within(dialog).getByText(SOCIAL_TEXTS.noMessagesHint, { exact: false })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('link', { name: 'Open Friends' }));
    expect(await screen.findByRole('dialog', { name: 'Friends' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Messages' })).toBeNull();
    expect(app.location().search).toBe('?friendslist');
  });
});
