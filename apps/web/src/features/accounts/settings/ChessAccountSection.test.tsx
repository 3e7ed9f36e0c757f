import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeMe } from '../../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { LINK_REWARD_TEXT } from '../../play/linkChess.ts';

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
    renderApp('/?settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    const button = await within(dialog).findByRole('button', { name: 'Link account' });
    expect(within(dialog).getByText('No chess account linked')).toBeTruthy();
    fireEvent.click(button);
    expect(await within(dialog).findByText(LINK_REWARD_TEXT)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('chess-account-name').textContent).toBe('alice'));
    expect(within(dialog).getByRole('button', { name: 'Link account' }).hasAttribute('disabled')).toBe(true);
    expect(api.callsTo('POST', '/api/play/link')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.getByRole('group', { name: 'RC balance' }).textContent).toContain('500.00'));
  });

  test('once linked the button is disabled and the name is masked when hidden', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({ chessUsername: 'magnus', settings: { showDollar: true, showWbx: true, hideLichessUsername: true } }),
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
});
