import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';
import { SANDBOX_DESCRIPTION } from '../../../ui/SandboxMark.tsx';

const amountOf = (code: 'USD' | 'RC') =>
  within(screen.getByRole('group', { name: `${code} balance` })).getByText(/^(-|[\d,]+\.\d\d)$/).textContent;

describe('header balances (SPEC 2)', () => {
  test('two decimals with thousands separators', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe({ balances: { usd: 123456789, wbx: 50000 } }) });
    renderApp('/');
    await screen.findByRole('group', { name: 'USD balance' });
    expect(amountOf('USD')).toBe('1,234,567.89');
    expect(amountOf('RC')).toBe('500.00');
  });

  test('"-" when hidden or null', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({
        balances: { usd: null, wbx: 1000 },
        settings: {
          showDollar: true,
          showWbx: false,
          hideLichessUsername: false,
          soundMuted: false,
          realityCheckMinutes: 60,
        },
      }),
    });
    renderApp('/');
    await screen.findByRole('group', { name: 'USD balance' });
    expect(amountOf('USD')).toBe('-');
    expect(amountOf('RC')).toBe('-');
    expect(screen.getByRole('button', { name: 'Show RC balance' })).toBeTruthy();
  });

  test('hide and show toggles the amount and saves the setting', async () => {
    dismissOnboardingForTests();
    const me = makeMe();
    const api = mockApi({
      me,
      routes: {
        'PATCH /api/account/settings': ({ body }) => ({
          body: { ...me, settings: { ...me.settings, ...(body as object) } },
        }),
      },
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide USD balance' }));
    await waitFor(() => expect(amountOf('USD')).toBe('-'));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/account/settings')).toHaveLength(1));
    const call = api.callsTo('PATCH', '/api/account/settings')[0];
    expect(call?.body).toEqual({ showDollar: false });
    expect(call?.headers['x-csrf-token']).toBe('test-csrf-token-0123456789abcdef0123');
    fireEvent.click(await screen.findByRole('button', { name: 'Show USD balance' }));
    await waitFor(() => expect(amountOf('USD')).toBe('1,234.56'));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/account/settings')[1]?.body).toEqual({ showDollar: true }));
  });

  test('a failed save puts the balance back', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe(),
      routes: {
        'PATCH /api/account/settings': () => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }),
      },
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Hide RC balance' }));
    await screen.findByRole('button', { name: 'Hide RC balance' });
    expect(amountOf('RC')).toBe('500.00');
  });

  test('a banned user sees RC 0 and the acting menu entries disabled', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe({ banned: true, pendingFriendInvites: 2 }) });
    renderApp('/');
    await screen.findByRole('group', { name: 'RC balance' });
    expect(amountOf('RC')).toBe('0.00');
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    expect(within(menu).getByRole('menuitem', { name: 'Wallet' }).getAttribute('aria-disabled')).toBe('true');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Friends/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('header balances: the Sandbox mark (issue 10)', () => {
  const markIn = (code: 'USD' | 'RC') =>
    within(screen.getByRole('group', { name: `${code} balance` })).queryByRole('note', { name: SANDBOX_DESCRIPTION });

  test('sandbox payments: the USD balance carries a visible "Sandbox" mark, RushCoins do not', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe(), config: { payments: 'sandbox' } });
    renderApp('/');
    await screen.findByRole('group', { name: 'USD balance' });
    expect(markIn('USD')?.textContent).toBe('Sandbox');
    expect(markIn('USD')?.getAttribute('title')).toBe(SANDBOX_DESCRIPTION);
    expect(markIn('RC')).toBeNull();
    expect(amountOf('USD')).toBe('1,234.56');
  });

  test('a hidden USD balance keeps "-" and its mark (the mark reveals nothing)', async () => {
    dismissOnboardingForTests();
    mockApi({
      me: makeMe({
        settings: {
          showDollar: false,
          showWbx: true,
          hideLichessUsername: false,
          soundMuted: false,
          realityCheckMinutes: 60,
        },
      }),
      config: { payments: 'sandbox' },
    });
    renderApp('/');
    await screen.findByRole('group', { name: 'USD balance' });
    expect(amountOf('USD')).toBe('-');
    expect(markIn('USD')).not.toBeNull();
  });

  test('payments off: no mark once the config is read', async () => {
    dismissOnboardingForTests();
    const api = mockApi({ me: makeMe(), config: { payments: 'off' } });
    renderApp('/');
    await screen.findByRole('group', { name: 'USD balance' });
    await waitFor(() => expect(api.callsTo('GET', '/api/app/config')).toHaveLength(1));
    await waitFor(() => expect(markIn('USD')).toBeNull());
    expect(screen.queryByText('Sandbox')).toBeNull();
    expect(amountOf('USD')).toBe('1,234.56');
  });
});

describe('user menu', () => {
  test('lists the SPEC entries, shows the invite badge and closes on Escape', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe({ pendingFriendInvites: 3 }) });
    const app = renderApp('/');
    const button = await screen.findByRole('button', { name: 'User menu' });
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'User menu' });
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((el) => el.textContent);
    expect(names).toEqual([
      'Wallet',
      'Messages',
      'Account Settings',
      'History',
      'Friends3',
      'Help & Support',
      'Refer A Friend',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Refer A Friend' }).getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Wallet');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Messages');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Account Settings' }));
    expect(app.location().search).toBe('?settings');
    expect(await screen.findByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
  });

  test('visitors see Login and Sign up', async () => {
    dismissOnboardingForTests();
    mockApi({ me: null });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });
});
