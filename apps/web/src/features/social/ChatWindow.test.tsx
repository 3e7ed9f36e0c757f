import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAY_TEXTS, SOCIAL_TEXTS } from '@rush/domain';
import { SocialUserEvents } from '@rush/protocol';
import type { RecordedCall } from '../../test/render.tsx';
import { friend, message, startSocialApp } from './testing.tsx';

type App = ReturnType<typeof startSocialApp>;

/** Opens the chat with `name` from the friends list, as a user would. */
async function openChat(name = 'bob') {
  const dialog = await screen.findByRole('dialog', { name: 'Friends' });
  fireEvent.click(await within(dialog).findByRole('button', { name }));
  return screen.findByRole('region', { name: `Chat with ${name}` });
}

function startChat(pages: App['state']['pages'] = { '': { messages: [], hasMore: false } }, sent: RecordedCall[] = []) {
  const app = startSocialApp('/?friendslist', {
    friends: [friend(), friend({ uid: 'u3', username: 'carol' })],
    pages,
    routes: {
      'POST /api/messages/u2': (call) => {
        sent.push(call);
        const { message: text } = call.body as { message: string };
        return { body: message({ sender: 'u1', receiver: 'u2', content: text }) };
      },
      'POST /api/messages/u2/read': () => ({ body: {} }),
    },
  });
  return { ...app, sent };
}

const input = (win: HTMLElement) =>
  within(win).getByRole<HTMLInputElement>('textbox', { name: SOCIAL_TEXTS.newMessage });
const messagesOf = (win: HTMLElement) =>
  within(within(win).getByRole('list', { name: /^Messages with/ }))
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('.chat-text')?.textContent);

describe('Chat windows', () => {
  test('Send posts the trimmed text and shows it; Enter sends too', async () => {
    const { sent } = startChat();
    const win = await openChat();
    fireEvent.change(input(win), { target: { value: '  hi bob  ' } });
    fireEvent.click(within(win).getByRole('button', { name: SOCIAL_TEXTS.send }));
    await waitFor(() => expect(messagesOf(win)).toEqual(['hi bob']));
    expect(sent.map((c) => c.body)).toEqual([{ message: 'hi bob' }]);
    expect(input(win).value).toBe('');

    fireEvent.change(input(win), { target: { value: 'second' } });
    fireEvent.keyDown(input(win), { key: 'Enter' });
    await waitFor(() => expect(messagesOf(win)).toEqual(['hi bob', 'second']));
  });

  test('empty is not sent; over 140 is refused with the chat text and not sent; a counter shows', async () => {
    const { sent } = startChat();
    const win = await openChat();
    fireEvent.change(input(win), { target: { value: '    ' } });
    fireEvent.keyDown(input(win), { key: 'Enter' });
    expect(within(win).queryByRole('alert')).toBeNull();

    fireEvent.change(input(win), { target: { value: 'x'.repeat(141) } });
    expect(within(win).getByText('141/140')).toBeTruthy();
    fireEvent.click(within(win).getByRole('button', { name: SOCIAL_TEXTS.send }));
    expect(within(win).getByRole('alert').textContent).toBe(PLAY_TEXTS.chatTooLong);

    fireEvent.change(input(win), { target: { value: 'y'.repeat(140) } });
    expect(within(win).queryByRole('alert')).toBeNull();
    fireEvent.keyDown(input(win), { key: 'Enter' });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ message: 'y'.repeat(140) });
  });

  test('older messages page in with before= the oldest shown', async () => {
    const oldest = message({ id: '10', content: 'first', timeSent: '2025-01-01T10:00:00.000Z', read: true });
    const newer = message({ id: '11', content: 'second', timeSent: '2025-01-01T10:01:00.000Z', read: true });
    const { urls } = startChat({
      '': { messages: [newer], hasMore: true },
      '11': { messages: [oldest], hasMore: false },
    });
    const win = await openChat();
    await waitFor(() => expect(messagesOf(win)).toEqual(['second']));
    fireEvent.click(within(win).getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(messagesOf(win)).toEqual(['first', 'second']));
    expect(urls()).toContain('/api/messages/u2?before=11');
    expect(within(win).queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  test('opening the window marks their newest message read; my read messages show a tick', async () => {
    const mine = message({ id: '20', sender: 'u1', receiver: 'u2', content: 'mine', read: true });
    const unreadMine = message({ id: '21', sender: 'u1', receiver: 'u2', content: 'mine too', read: false });
    const theirs = message({ id: '22', content: 'theirs', read: false });
    const { api, push } = startChat({ '': { messages: [mine, unreadMine, theirs], hasMore: false } });
    const win = await openChat();
    await waitFor(() => expect(api.callsTo('POST', '/api/messages/u2/read')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/messages/u2/read')[0]!.body).toEqual({ messageId: '22' });

    const items = within(win).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('img', { name: 'Read' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('img', { name: 'Read' })).toBeNull();
    expect(within(items[2]!).queryByRole('img', { name: 'Read' })).toBeNull(); // theirs never shows a tick

    await push(SocialUserEvents.read, { reader: 'u2', upTo: '21' });
    await waitFor(() => expect(within(items[1]!).getByRole('img', { name: 'Read' })).toBeTruthy());
    // Focusing again does not post again: nothing new is unread.
    fireEvent.focus(input(win));
    expect(api.callsTo('POST', '/api/messages/u2/read')).toHaveLength(1);
  });

  test('a live message.new joins the open window', async () => {
    const { push } = startChat();
    const win = await openChat();
    await waitFor(() => expect(within(win).queryByRole('status')).toBeNull());
    await push(SocialUserEvents.message, { message: message({ content: 'live one' }) });
    await waitFor(() => expect(messagesOf(win)).toEqual(['live one']));
  });

  test('hostile text shows literally and creates no element', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    startChat({ '': { messages: [message({ content: hostile })], hasMore: false } });
    const win = await openChat();
    await waitFor(() => expect(messagesOf(win)).toEqual([hostile]));
    expect(win.querySelector('img')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  test('typing indicator shows for 2 s after a typing event, a new one extends it', async () => {
    const { push, connect } = startChat();
    const win = await openChat();
    await connect();
    vi.useFakeTimers();
    await push(SocialUserEvents.typing, { from: 'u2' });
    expect(within(win).getByText('bob is typing…')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    await push(SocialUserEvents.typing, { from: 'u2' });
    act(() => {
      vi.advanceTimersByTime(1_999);
    });
    expect(within(win).getByText('bob is typing…')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(win).queryByText('bob is typing…')).toBeNull();
  });

  test('typing sends message.typing at most once a second', async () => {
    const { connect } = startChat();
    const win = await openChat();
    const socket = await connect();
    const typingCommands = () =>
      socket.sent.filter(
        (f) => (f as { t: string; name?: string }).t === 'cmd' && (f as { name: string }).name === 'message.typing',
      );
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-01T10:00:00.000Z'));
    fireEvent.change(input(win), { target: { value: 'h' } });
    fireEvent.change(input(win), { target: { value: 'he' } });
    vi.setSystemTime(new Date('2025-01-01T10:00:00.900Z'));
    fireEvent.change(input(win), { target: { value: 'hel' } });
    expect(typingCommands()).toHaveLength(1);
    expect((typingCommands()[0] as { payload: unknown }).payload).toEqual({ to: 'u2' });
    vi.setSystemTime(new Date('2025-01-01T10:00:01.000Z'));
    fireEvent.change(input(win), { target: { value: 'hell' } });
    expect(typingCommands()).toHaveLength(2);
  });

  test('windows dock 320px apart from 100px; minimize, restore and close', async () => {
    const { app } = startChat();
    await openChat('bob');
    await app.router.navigate('/?friendslist');
    const carol = await openChat('carol');
    const bob = screen.getByRole('region', { name: 'Chat with bob' });
    expect(bob.style.left).toBe('100px');
    expect(carol.style.left).toBe('420px');

    fireEvent.click(within(bob).getByRole('button', { name: 'Minimize chat with bob' }));
    expect(within(bob).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(bob).getByRole('button', { name: 'Restore chat with bob' }));
    expect(input(bob)).toBeTruthy();

    fireEvent.click(within(bob).getByRole('button', { name: 'Close chat with bob' }));
    expect(screen.queryByRole('region', { name: 'Chat with bob' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Chat with carol' }).style.left).toBe('100px');
  });
});
