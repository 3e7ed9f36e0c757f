import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SocialUserEvents } from '@rush/protocol';
import { conversation, message, startSocialApp } from './testing.tsx';

/** The app with the social layer loaded (it loads after the first paint), no overlay open. */
async function startHome() {
  const app = startSocialApp('/?showmessagespopup');
  await screen.findByText('No messages yet.');
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return app;
}

/** Issue 19: a message nobody is looking at is announced, and the menu counts what is unread. */
describe('an incoming message with no chat window open', () => {
  test('shows a notice naming the sender; Open docks the chat and the notice goes', async () => {
    const { state, push } = await startHome();
    const incoming = message({ sender: 'u2', content: 'your move' });
    state.conversations = [conversation(incoming, { unread: 1 })];
    await push(SocialUserEvents.message, { message: incoming });
    const text = await screen.findByText('New message from bob');
    const box = text.closest<HTMLElement>('[role="status"]')!;
    fireEvent.click(within(box).getByRole('button', { name: 'Open chat with bob' }));
    expect(await screen.findByRole('region', { name: 'Chat with bob' })).toBeTruthy();
    expect(screen.queryByText('New message from bob')).toBeNull();
  });

  test('Dismiss hides it; my own message (from another tab) shows none', async () => {
    const { state, push } = await startHome();
    const mine = message({ sender: 'u1', receiver: 'u2', content: 'from my phone' });
    state.conversations = [conversation(mine)];
    await push(SocialUserEvents.message, { message: mine });
    const theirs = message({ sender: 'u2', content: 'hi' });
    state.conversations = [conversation(theirs, { unread: 1 })];
    await push(SocialUserEvents.message, { message: theirs });
    expect(await screen.findByText('New message from bob')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('New message from bob')).toBeNull();
  });

  test('no notice while the chat with the sender is open', async () => {
    const { state, push } = startSocialApp('/?showmessagespopup', {
      conversations: [conversation(message({ content: 'earlier' }))],
    });
    fireEvent.click(await screen.findByRole('button', { name: /^bob:\s?earlier,/ }));
    await screen.findByRole('region', { name: 'Chat with bob' });
    const live = message({ content: 'live one' });
    state.conversations = [conversation(live, { unread: 1 })];
    await push(SocialUserEvents.message, { message: live });
    await waitFor(() => expect(screen.getAllByText('live one').length).toBeGreaterThan(0));
    expect(screen.queryByText('New message from bob')).toBeNull();
  });

  test('the Messages menu item shows the unread count', async () => {
    startSocialApp('/', { conversations: [conversation(message(), { unread: 3 })] });
    fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: /^Messages/ });
    await waitFor(() => expect(within(item).getByLabelText('3 unread')).toBeTruthy());
  });
});
