import { describe, expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { makeMe } from '../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../test/render.tsx';

// The active-game host's code never arrives (a slow chunk on a loaded server, as a journey met it).
vi.mock('./ActiveGameRedirect.tsx', () => new Promise(() => {}));

describe('overlay hosts load apart (issue 36)', () => {
  test('the messenger opened by its flag shows while another host is still loading', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe(),
      routes: {
        'GET /api/friends': () => ({ body: { friends: [], pendingInvites: 0 } }),
        'GET /api/messages': () => ({ body: { conversations: [], unread: 0 } }),
      },
    });
    renderApp('/?showmessagespopup');
    expect(await screen.findByRole('dialog', { name: 'Messages' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });
});
