import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeMe } from '../../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { PLAY_TEXTS } from '@rush/domain';
import { browserNavigation, LICHESS_LINK_HINT, LINK_REWARD_TEXT } from '../linkChess.ts';

const ratings = {
  uid: 'u1',
  chessUsername: 'alice',
  linked: true,
  linkedAt: '2025-01-01T00:00:00.000Z',
  ratings: {
    blitz: { family: 'blitz', rating: 1500, rd: 350, provisional: true, games: 0 },
    rapid: { family: 'rapid', rating: 1500, rd: 350, provisional: true, games: 0 },
  },
  rewardGranted: true,
};

describe('Account Settings, General: link chess account', () => {
  test('Link account links, then the session is read again (name and the 500 RC reward show)', async () => {
    dismissOnboardingForTests();
    let me = makeMe({ chessUsername: null, balances: { usd: 0, wbx: 0 } });
    const api = mockApi({
      routes: {
        'GET /api/session': () => ({ body: { user: me } }),
        'POST /api/play/link': () => {
          me = { ...me, chessUsername: 'alice', balances: { usd: 0, wbx: 50_000 } };
          return { body: ratings };
        },
      },
    });
    const view = renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    const button = await within(dialog).findByRole('button', { name: 'Link account' });
    expect(within(dialog).getByText('No chess account linked')).toBeTruthy();
    fireEvent.click(button);
    // Linking lands on /start with the message (issue 15: both platforms end where the user plays).
    await waitFor(() => expect(view.location().pathname).toBe('/start'));
    expect(await screen.findByText(LINK_REWARD_TEXT)).toBeTruthy();
    expect(api.callsTo('POST', '/api/play/link')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.getByRole('group', { name: 'RC balance' }).textContent).toContain('500.00'));
    // Settings again: the linked name, the button disabled for good.
    await view.router.navigate('/start?settings');
    const again = await screen.findByRole('dialog', { name: 'Account Settings' });
    await waitFor(() => expect(within(again).getByTestId('chess-account-name').textContent).toBe('alice'));
    expect(within(again).getByRole('button', { name: 'Link account' }).hasAttribute('disabled')).toBe(true);
  });

  test('once linked the button is disabled and the name is masked when hidden', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({
        chessUsername: 'magnus',
        settings: {
          showDollar: true,
          showWbx: true,
          hideLichessUsername: true,
          soundMuted: false,
          realityCheckMinutes: 60,
        },
      }),
    });
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    expect((await within(dialog).findByRole('button', { name: 'Link account' })).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByTestId('chess-account-name').textContent).toBe('******');
  });

  test('a refusal shows the server text', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({ chessUsername: null }),
      routes: {
        'POST /api/play/link': () => ({
          status: 403,
          body: { error: { code: 'FORBIDDEN', message: 'Verify your email first.' } },
        }),
      },
    });
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Link account' }));
    expect(await within(dialog).findByText('Verify your email first.')).toBeTruthy();
  });

  test('on Lichess, Link account asks the server for an authorisation and sends the browser to Lichess', async () => {
    dismissOnboardingForTests();
    const leave = vi.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => {});
    const url = 'https://lichess.org/oauth?response_type=code&state=s1';
    const api = mockApi({
      me: makeMe({ chessUsername: null }),
      config: { chessPlatform: 'lichess' },
      routes: { 'POST /api/play/link/lichess/start': () => ({ body: { url } }) },
    });
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    expect(await within(dialog).findByText(LICHESS_LINK_HINT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link account' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(url));
    expect(api.callsTo('POST', '/api/play/link/lichess/start')[0]?.body).toEqual({});
    expect(api.callsTo('POST', '/api/play/link')).toHaveLength(0);
    leave.mockRestore();
  });

  test('on Lichess, a refused start shows the server text and stays', async () => {
    dismissOnboardingForTests();
    const leave = vi.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => {});
    mockApi({
      me: makeMe({ chessUsername: null }),
      config: { chessPlatform: 'lichess' },
      routes: {
        'POST /api/play/link/lichess/start': () => ({
          status: 409,
          body: { error: { code: 'CONFLICT', message: PLAY_TEXTS.alreadyLinked } },
        }),
      },
    });
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Link account' }));
    expect(await within(dialog).findByText(PLAY_TEXTS.alreadyLinked)).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
    leave.mockRestore();
  });

  test('on Lichess, a revoked token asks for the same account again; Authorise again goes to Lichess', async () => {
    dismissOnboardingForTests();
    const leave = vi.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => {});
    const url = 'https://lichess.org/oauth?state=s2&username=Carol';
    const api = mockApi({
      me: makeMe({ chessUsername: 'Carol' }),
      config: { chessPlatform: 'lichess' },
      routes: {
        'GET /api/play/link/lichess': () => ({
          body: {
            linked: true,
            username: 'Carol',
            needsReauthorisation: true,
            refreshedAt: '2026-01-01T00:00:00.000Z',
          },
        }),
        'POST /api/play/link/lichess/start': () => ({ body: { url } }),
      },
    });
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    expect(await within(dialog).findByText(PLAY_TEXTS.lichessReauthorise)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Link account' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Authorise again' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(url));
    expect(api.callsTo('POST', '/api/play/link/lichess/start')).toHaveLength(1);
    leave.mockRestore();
  });

  test('on Lichess, a working link asks nothing more', async () => {
    dismissOnboardingForTests();
    const api = mockApi({
      me: makeMe({ chessUsername: 'Carol' }),
      config: { chessPlatform: 'lichess' },
      routes: {
        'GET /api/play/link/lichess': () => ({
          body: {
            linked: true,
            username: 'Carol',
            needsReauthorisation: false,
            refreshedAt: '2026-01-01T00:00:00.000Z',
          },
        }),
      },
    });
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    await waitFor(() => expect(api.callsTo('GET', '/api/play/link/lichess')).toHaveLength(1));
    expect(within(dialog).getByTestId('chess-account-name').textContent).toBe('Carol');
    expect(within(dialog).queryByRole('button', { name: 'Authorise again' })).toBeNull();
    expect(within(dialog).queryByText(PLAY_TEXTS.lichessReauthorise)).toBeNull();
  });
});
