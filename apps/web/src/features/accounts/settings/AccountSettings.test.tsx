import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';
import { shownChessName } from './ChessAccountSection.tsx';

async function openSettings(me = makeMe(), routes = {}) {
  dismissOnboardingForTests();
  const api = mockApi({ me, routes });
  const app = renderApp('/?settings');
  const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
  await within(dialog).findByRole('tab', { name: 'General' });
  return { api, app, dialog };
}

describe('Account Settings (?settings)', () => {
  test('Mute game sounds (issue 19) saves the account setting and shows it at once; a failure puts it back', async () => {
    const me = makeMe();
    let fail = false;
    const { api } = await openSettings(me, {
      'PATCH /api/account/settings': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong' } } }
          : { body: { ...me, settings: { ...me.settings, soundMuted: true } } },
    });
    const box = screen.getByLabelText<HTMLInputElement>('Mute game sounds');
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/account/settings')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/account/settings')[0]?.body).toEqual({ soundMuted: true });
    await waitFor(() => expect(box.checked).toBe(true));
    fail = true;
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(api.callsTo('PATCH', '/api/account/settings')).toHaveLength(2));
    await waitFor(() => expect(box.checked).toBe(true));
  });

  test('the masked preview uses one asterisk per letter of the name', async () => {
    await openSettings(
      makeMe({
        chessUsername: 'magnus',
        settings: {
          showDollar: true,
          showWbx: true,
          hideLichessUsername: true,
          soundMuted: false,
          realityCheckMinutes: 60,
        },
      }),
    );
    expect(screen.getByTestId('chess-name-preview').textContent).toBe('******');
    expect(screen.getByLabelText<HTMLInputElement>('Hide Lichess username').checked).toBe(true);
  });

  test('checking "Hide Lichess username" masks the preview and saves the setting', async () => {
    const me = makeMe({ chessUsername: 'DrNykterstein' });
    const { api } = await openSettings(me, {
      'PATCH /api/account/settings': () => ({
        body: { ...me, settings: { ...me.settings, hideLichessUsername: true } },
      }),
    });
    expect(screen.getByTestId('chess-name-preview').textContent).toBe('DrNykterstein');
    fireEvent.click(screen.getByLabelText('Hide Lichess username'));
    await waitFor(() => expect(screen.getByTestId('chess-name-preview').textContent).toBe('*'.repeat(13)));
    expect(api.callsTo('PATCH', '/api/account/settings')[0]?.body).toEqual({ hideLichessUsername: true });
  });

  test('without a name the mask is five asterisks', () => {
    expect(
      shownChessName({
        chessUsername: null,
        settings: {
          showDollar: true,
          showWbx: true,
          hideLichessUsername: true,
          soundMuted: false,
          realityCheckMinutes: 60,
        },
      }),
    ).toBe('*****');
  });

  test('username change: hints and the domain validation texts', async () => {
    const { api } = await openSettings();
    expect(screen.getByText('No special characters, max 10')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'bad name!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('Special characters cannot be used')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/account/username')).toHaveLength(0);
    fireEvent.focus(screen.getByLabelText('Username'));
    expect(screen.queryByText('Special characters cannot be used')).toBeNull();
  });

  test('five colour swatches as a radio group', async () => {
    const me = makeMe();
    const { api } = await openSettings(me, {
      'PATCH /api/account/color': () => ({ body: { ...me, usernameColor: 'username_color_000004' } }),
    });
    const group = screen.getByRole('group', { name: 'Username colour' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(within(group).getByLabelText<HTMLInputElement>('cyan').checked).toBe(true);
    fireEvent.click(within(group).getByLabelText('red'));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/account/color')[0]?.body).toEqual({ color: 'username_color_000004' }),
    );
    await waitFor(() => expect(within(group).getByLabelText<HTMLInputElement>('red').checked).toBe(true));
  });

  test('avatar: files other than png/jpg/jpeg are silently ignored', async () => {
    const { api } = await openSettings(makeMe(), {
      'POST /api/account/avatar': () => ({ body: makeMe({ avatarUrl: '/api/avatars/u1?v=2' }) }),
    });
    const input = screen.getByLabelText('Change avatar');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST', '/api/account/avatar')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    await waitFor(() => expect(api.callsTo('POST', '/api/account/avatar')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/account/avatar')[0]?.body).toBeInstanceOf(FormData);
  });

  test('Logout ends the session and goes to /', async () => {
    const { api, app } = await openSettings(makeMe(), { 'POST /api/auth/logout': () => ({ body: { ok: true } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account Settings' })).toBeNull());
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(app.location().pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
