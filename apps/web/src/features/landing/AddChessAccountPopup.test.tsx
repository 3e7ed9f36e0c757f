import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { LINK_REWARD_TEXT } from '../accounts/index.ts';

describe('dashboard: add chess account popup', () => {
  test('a verified user without a linked account is asked, and can link from the popup', async () => {
    dismissOnboardingForTests();
    let me = makeMe({ emailVerified: true, chessUsername: null });
    mockApi({
      routes: {
        'GET /api/session': () => ({ body: { user: me } }),
        'POST /api/play/link': () => {
          me = { ...me, chessUsername: 'alice' };
          return {
            body: {
              uid: 'u1',
              chessUsername: 'alice',
              linked: true,
              linkedAt: null,
              ratings: {
                blitz: { family: 'blitz', rating: 1500, rd: 350, provisional: true, games: 0 },
                rapid: { family: 'rapid', rating: 1500, rd: 350, provisional: true, games: 0 },
              },
              rewardGranted: true,
            },
          };
        },
      },
    });
    const view = renderApp('/');
    const popup = await screen.findByRole('dialog', { name: 'Add chess account' });
    fireEvent.click(within(popup).getByRole('button', { name: 'Link account' }));
    // Linking lands on /start (issue 15: both platforms end where the user plays), with the message.
    await waitFor(() => expect(view.location().pathname).toBe('/start'));
    expect(await screen.findByText(LINK_REWARD_TEXT)).toBeTruthy();
    // It closes once the session shows the linked account (a refetch, so not synchronously).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add chess account' })).toBeNull());
  });

  test('not for unverified users (they get the email popup) nor for linked ones', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe({ emailVerified: false, chessUsername: null }) });
    const first = renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Add chess account' })).toBeNull();
    first.unmount();

    mockApi({ me: makeMe({ emailVerified: true, chessUsername: 'alice' }) });
    renderApp('/');
    await screen.findByRole('link', { name: 'Play 1 vs 1' });
    expect(screen.queryByRole('dialog', { name: 'Add chess account' })).toBeNull();
  });
});
