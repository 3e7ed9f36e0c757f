import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PLAY_TEXTS } from '@rush/domain';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { LINKING_TEXT } from './LichessCallbackPage.tsx';
import { browserNavigation, LINK_REWARD_TEXT } from './linkChess.ts';

const linked = {
  uid: 'u1',
  chessUsername: 'Bobby',
  linked: true,
  linkedAt: '2026-01-01T00:00:00.000Z',
  ratings: {
    blitz: { family: 'blitz', rating: 1720, rd: 60, provisional: false, games: 80 },
    rapid: { family: 'rapid', rating: 1490, rd: 150, provisional: true, games: 4 },
  },
  rewardGranted: true,
};

const refusal = (status: number, code: string, message: string) => () => ({
  status,
  body: { error: { code, message } },
});
const CALLBACK = 'POST /api/play/link/lichess/callback';

describe('/callbacklichess (issue 15)', () => {
  test('hands code and state to the server once, shows progress, lands on /start with the link message', async () => {
    dismissOnboardingForTests();
    let me = makeMe({ chessUsername: null, balances: { usd: 0, wbx: 0 } });
    let answer: () => void = () => {};
    const api = mockApi({
      config: { chessPlatform: 'lichess' },
      routes: {
        'GET /api/session': () => ({ body: { user: me } }),
        [CALLBACK]: () =>
          new Promise((resolve) => {
            answer = () => {
              me = { ...me, chessUsername: 'Bobby', balances: { usd: 0, wbx: 50_000 } };
              resolve({ body: linked });
            };
          }),
      },
    });
    const view = renderApp('/callbacklichess?code=liu_abc&state=st4te');
    expect(await screen.findByText(LINKING_TEXT)).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/api/play/link/lichess/callback')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/play/link/lichess/callback')[0]?.body).toEqual({
      state: 'st4te',
      code: 'liu_abc',
    });
    answer();
    await waitFor(() => expect(view.location().pathname).toBe('/start'));
    expect(await screen.findByText(LINK_REWARD_TEXT)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('group', { name: 'RC balance' }).textContent).toContain('500.00'));
    expect(api.callsTo('POST', '/api/play/link/lichess/callback')).toHaveLength(1);
  });

  test('a cancelled authorisation shows the refusal and Try again starts a new one', async () => {
    dismissOnboardingForTests();
    const leave = vi.spyOn(browserNavigation, 'leaveTo').mockImplementation(() => {});
    const api = mockApi({
      me: makeMe({ chessUsername: null }),
      config: { chessPlatform: 'lichess' },
      routes: {
        [CALLBACK]: refusal(400, 'BAD_REQUEST', PLAY_TEXTS.lichessDenied),
        'POST /api/play/link/lichess/start': () => ({ body: { url: 'https://lichess.example/oauth?state=n3w' } }),
      },
    });
    const view = renderApp('/callbacklichess?error=access_denied&error_description=cancelled&state=st4te');
    expect(await screen.findByText(PLAY_TEXTS.lichessDenied)).toBeTruthy();
    expect(api.callsTo('POST', '/api/play/link/lichess/callback')[0]?.body).toEqual({
      state: 'st4te',
      error: 'access_denied',
    });
    expect(view.location().pathname).toBe('/callbacklichess');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://lichess.example/oauth?state=n3w'));
    leave.mockRestore();
  });

  test('a state that does not match is refused (by the server, or at once when the URL has none)', async () => {
    dismissOnboardingForTests();
    const api = mockApi({
      me: makeMe({ chessUsername: null }),
      config: { chessPlatform: 'lichess' },
      routes: { [CALLBACK]: refusal(400, 'BAD_REQUEST', PLAY_TEXTS.lichessStateMismatch) },
    });
    renderApp('/callbacklichess?code=liu_abc&state=forged');
    expect(await screen.findByText(PLAY_TEXTS.lichessStateMismatch)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/play/link/lichess/callback')).toHaveLength(1);
  });

  test('no state in the URL: refused without asking the server', async () => {
    dismissOnboardingForTests();
    const api = mockApi({ me: makeMe({ chessUsername: null }), config: { chessPlatform: 'lichess' } });
    renderApp('/callbacklichess?code=liu_abc');
    expect(await screen.findByText(PLAY_TEXTS.lichessStateMismatch)).toBeTruthy();
    expect(api.callsTo('POST', '/api/play/link/lichess/callback')).toHaveLength(0);
  });

  test('another Lichess account is refused for good: the message, no Try again', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({ chessUsername: 'Carol' }),
      config: { chessPlatform: 'lichess' },
      routes: { [CALLBACK]: refusal(409, 'CONFLICT', PLAY_TEXTS.lichessOtherAccount) },
    });
    renderApp('/callbacklichess?code=liu_abc&state=st4te');
    expect(await screen.findByText(PLAY_TEXTS.lichessOtherAccount)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeTruthy();
  });
});
