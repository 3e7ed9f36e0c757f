import { describe, expect, test } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';

/** Account Settings open on its Security pane. */
async function openSecurity(me = makeMe(), routes = {}) {
  dismissOnboardingForTests();
  const api = mockApi({ me, routes });
  renderApp('/?settings');
  const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'Security' }));
  return { api, dialog };
}

describe('Account Settings > Security', () => {
  test('each form is its own group named by its heading; each current-password field is in its own (issue 36)', async () => {
    const { dialog } = await openSecurity();
    const recovery = within(dialog).getByRole('form', { name: 'Recovery email' });
    const password = within(dialog).getByRole('form', { name: 'Password' });
    expect(within(recovery).getByRole('heading', { name: 'Recovery email' })).toBeTruthy();
    expect(within(password).getByRole('heading', { name: 'Password' })).toBeTruthy();
    // Each form holds its own current password and its own button, and nothing of the other's.
    expect(within(recovery).getByLabelText('Your current password')).toBeTruthy();
    expect(within(recovery).queryByLabelText('Current password')).toBeNull();
    expect(within(recovery).getByRole('button', { name: 'Save recovery email' })).toBeTruthy();
    expect(within(password).getByLabelText('Current password')).toBeTruthy();
    expect(within(password).queryByLabelText('Your current password')).toBeNull();
    expect(within(password).getByLabelText('New password')).toBeTruthy();
    expect(within(password).getByLabelText('Confirm password')).toBeTruthy();
    expect(within(password).getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  test('the server message of a password change is shown in the Password form', async () => {
    const { dialog } = await openSecurity(makeMe(), {
      'POST /api/account/password': () => ({
        status: 400,
        body: { error: { code: 'INVALID_CREDENTIALS', message: TEXTS.currentPasswordWrong } },
      }),
    });
    const form = within(dialog).getByRole('form', { name: 'Password' });
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'old' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'Secret1!' } });
    fireEvent.change(within(form).getByLabelText('Confirm password'), { target: { value: 'Secret1!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(TEXTS.currentPasswordWrong)).toBeTruthy();
  });

  test('a recovery email needs the current password and stays pending until verified (issue 10)', async () => {
    const me = makeMe({ recoveryEmail: 'old@backup.test' });
    const { api, dialog } = await openSecurity(me, {
      'PUT /api/account/recovery-email': () => ({ body: { ...me, pendingRecoveryEmail: 'new@backup.test' } }),
    });
    const form = within(dialog).getByRole('form', { name: 'Recovery email' });
    expect(within(form).getByText('Verified recovery email: old@backup.test')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Recovery email'), { target: { value: ' new@backup.test ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save recovery email' }));
    expect(await within(form).findByText(TEXTS.passwordRequired)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/recovery-email')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Your current password'), { target: { value: 'Secret1!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save recovery email' }));
    expect(await within(form).findByText(TEXTS.recoveryEmailPending('new@backup.test'))).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/recovery-email')[0]?.body).toEqual({
      email: 'new@backup.test',
      currentPassword: 'Secret1!',
    });
    // The verified address is still the old one until the link is opened.
    expect(within(form).getByText('Verified recovery email: old@backup.test')).toBeTruthy();
  });
});
