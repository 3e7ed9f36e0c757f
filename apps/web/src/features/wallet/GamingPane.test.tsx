import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { dismissOnboardingForTests, renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { sandboxMarks, textWithoutMarks } from '../../test/sandbox.ts';
import { makeSummary, mockWalletApi } from './testing.ts';
import { endOfDay, LIMIT_TEXTS } from './GamingPane.tsx';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const FUTURE_DAY = '2999-12-31';

async function openGaming(options: Parameters<typeof mockWalletApi>[0] = {}) {
  dismissOnboardingForTests();
  const api = mockWalletApi(options);
  const app = renderApp('/?settings');
  const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
  const tab = await within(dialog).findByRole('tab', { name: 'Gaming' });
  expect(tab.getAttribute('aria-disabled')).toBeNull();
  fireEvent.click(tab);
  await within(dialog).findByRole('region', { name: 'Self-exclusion' });
  return { api, app, dialog };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('Account Settings, Gaming pane (SPEC 2)', () => {
  test('both self-limits with maximum, expiration date and Apply, and self-exclusion', async () => {
    await openGaming();
    const bet = region('Self-limit betting');
    expect(within(bet).getByLabelText('Maximum bet (USD)')).toBeTruthy();
    expect(within(bet).getByLabelText('Bet limit expiration date').getAttribute('type')).toBe('date');
    expect(within(bet).getByRole('button', { name: 'Apply bet limit' }).textContent).toBe('Apply');
    const deposit = region('Self-limit deposits');
    expect(within(deposit).getByLabelText('Maximum deposit (USD)')).toBeTruthy();
    expect(within(deposit).getByLabelText('Deposit limit expiration date')).toBeTruthy();
    expect(within(deposit).getByRole('button', { name: 'Apply deposit limit' })).toBeTruthy();
    expect(within(region('Self-exclusion')).getByRole('button', { name: 'Close account' })).toBeTruthy();
    expect(await within(bet).findByText('No active limit.')).toBeTruthy();
  });

  test('the active limit and until when', async () => {
    const until = '2999-06-30T12:00:00.000Z';
    await openGaming({ summary: makeSummary({ limits: { bet: { max: 2500, until }, deposit: null } }) });
    const status = await within(region('Self-limit betting')).findByText(/Active limit:/);
    expect(status.textContent).toContain('$25.00');
    expect(status.querySelector('time')?.getAttribute('dateTime')).toBe(until);
    expect(within(region('Self-limit deposits')).getByText('No active limit.')).toBeTruthy();
  });

  test.each([
    ['bet', 'Self-limit betting', 'Maximum bet (USD)', 'Bet limit expiration date', 'Apply bet limit'],
    ['deposit', 'Self-limit deposits', 'Maximum deposit (USD)', 'Deposit limit expiration date', 'Apply deposit limit'],
  ] as const)('%s limit: the exact confirmation, then the server call', async (kind, name, max, date, apply) => {
    const { api } = await openGaming({
      routes: {
        'PUT /api/wallet/limits': ({ body }) => {
          const asked = body as { kind: 'bet' | 'deposit'; max: number; until: string };
          const limit = { max: asked.max, until: `${asked.until}T23:59:59.999Z` };
          return { body: makeSummary({ limits: { bet: null, deposit: null, [asked.kind]: limit } }) };
        },
      },
    });
    const section = region(name);
    fireEvent.change(within(section).getByLabelText(max), { target: { value: '40.50' } });
    fireEvent.change(within(section).getByLabelText(date), { target: { value: FUTURE_DAY } });
    fireEvent.click(within(section).getByRole('button', { name: apply }));
    const confirm = await screen.findByRole('dialog', {
      name: kind === 'bet' ? 'Limit your betting' : 'Limit your deposits',
    });
    expect(within(confirm).getByText(TEXTS.confirmLimit).textContent).toBe(
      'Are you sure you want to limit your betting? This action cannot be undone until the timer expires.',
    );
    expect(api.callsTo('PUT', '/api/wallet/limits')).toHaveLength(0);
    // Focus starts on Cancel: a stray Enter does not confirm.
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, apply the limit' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/wallet/limits')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/wallet/limits')[0]?.body).toEqual({ kind, max: 4050, until: FUTURE_DAY });
    expect(await within(section).findByText(LIMIT_TEXTS.applied)).toBeTruthy();
    const active = within(section).getByText(/Active limit:/);
    expect(textWithoutMarks(active)).toBe('Active limit: $40.50 until 2999/12/31 23:59 UTC');
    expect(sandboxMarks(active)).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: /^Limit your/ })).toBeNull();
  });

  test('Cancel sends nothing', async () => {
    const { api } = await openGaming();
    const section = region('Self-limit betting');
    fireEvent.change(within(section).getByLabelText('Maximum bet (USD)'), { target: { value: '5' } });
    fireEvent.change(within(section).getByLabelText('Bet limit expiration date'), { target: { value: FUTURE_DAY } });
    fireEvent.click(within(section).getByRole('button', { name: 'Apply bet limit' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Limit your betting' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Limit your betting' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
    expect(api.callsTo('PUT', '/api/wallet/limits')).toHaveLength(0);
  });

  test("the form's own checks, and a looser limit while one is active", async () => {
    await openGaming({
      summary: makeSummary({ limits: { bet: null, deposit: { max: 5000, until: '2999-01-01T00:00:00.000Z' } } }),
    });
    const section = region('Self-limit deposits');
    await within(section).findByText(/Active limit:/);
    fireEvent.click(within(section).getByRole('button', { name: 'Apply deposit limit' }));
    expect(within(section).getByText(LIMIT_TEXTS.maxInvalid)).toBeTruthy();
    expect(within(section).getByText(TEXTS.limitInvalidDate)).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Maximum deposit (USD)'), { target: { value: '100' } });
    fireEvent.change(within(section).getByLabelText('Deposit limit expiration date'), {
      target: { value: FUTURE_DAY },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Apply deposit limit' }));
    expect(
      await within(section).findByText(
        'Your current limit is active until 2999/01/01 00:00 UTC. Until then it can only be made stricter.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Limit your deposits' })).toBeNull();
  });

  test("the server's refusal is shown", async () => {
    const refusal = 'A looser limit cannot replace an active one before it expires.';
    await openGaming({
      routes: {
        'PUT /api/wallet/limits': () => ({ status: 409, body: { error: { code: 'CONFLICT', message: refusal } } }),
      },
    });
    const section = region('Self-limit betting');
    fireEvent.change(within(section).getByLabelText('Maximum bet (USD)'), { target: { value: '5' } });
    fireEvent.change(within(section).getByLabelText('Bet limit expiration date'), { target: { value: FUTURE_DAY } });
    fireEvent.click(within(section).getByRole('button', { name: 'Apply bet limit' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Limit your betting' })).getByRole('button', {
        name: 'Yes, apply the limit',
      }),
    );
    expect(await within(section).findByText(refusal)).toBeTruthy();
  });
});

test('an unverified email: no limits (the wallet needs a verified email), self-exclusion stays', async () => {
  const { api } = await openGaming({ me: makeMe({ emailVerified: false }) });
  expect(screen.getByText(TEXTS.onlyVerified)).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Self-limit betting' })).toBeNull();
  expect(within(region('Self-exclusion')).getByRole('button', { name: 'Close account' })).toBeTruthy();
  expect(api.callsTo('GET', '/api/wallet')).toHaveLength(0);
});

test('the expiration date lasts to the end of that day in UTC, as the server reads it', () => {
  expect(endOfDay('2026-04-01')?.toISOString()).toBe('2026-04-01T23:59:59.999Z');
  expect(endOfDay('')).toBeNull();
  expect(endOfDay('2026-13-45')).toBeNull();
});

describe('self-exclusion and the permanent overlay (SPEC 2)', () => {
  test('the exact confirmation, POST {confirm:true}, then the overlay over everything', async () => {
    let me: Me = makeMe();
    const { api } = await openGaming({
      routes: {
        'GET /api/session': () => ({ body: { user: me } }),
        'POST /api/account/close': () => {
          me = { ...me, closed: true };
          return { body: { ok: true } };
        },
      },
    });
    fireEvent.click(within(region('Self-exclusion')).getByRole('button', { name: 'Close account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close account' });
    expect(within(confirm).getByText(TEXTS.confirmCloseAccount).textContent).toBe(
      'Are you sure you want to close your account? Your account will be closed permanently and this action cannot be undone.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, close my account' }));
    const overlay = await screen.findByRole('alertdialog', { name: 'You account has been permanently closed.' });
    expect(api.callsTo('POST', '/api/account/close')[0]?.body).toEqual({ confirm: true });
    // Everything else, the settings dialog included, is inert; Escape reaches nothing beneath.
    const settings = screen.getByRole('dialog', { name: 'Account Settings' });
    expect(settings.closest('[inert]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'User menu' }).closest('[inert]')).toBeTruthy();
    expect(overlay.closest('[inert]')).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
    // The settings dialog's focus trap does not take Tab away from the overlay either.
    const logout = within(overlay).getByRole('button', { name: 'Logout' });
    expect(document.activeElement).toBe(logout);
    expect(fireEvent.keyDown(logout, { key: 'Tab' })).toBe(true);
  });

  test('a closed account sees the overlay on any page after logging in; logout still works', async () => {
    dismissOnboardingForTests();
    const api = mockWalletApi({
      me: makeMe({ closed: true }),
      routes: { 'POST /api/auth/logout': () => ({ body: { ok: true } }) },
    });
    // Any page but the wallet, where a closed account may still withdraw (issue 33).
    const app = renderApp('/support');
    const overlay = await screen.findByRole('alertdialog', { name: TEXTS.accountClosed });
    expect(overlay.textContent).toContain('You account has been permanently closed.');
    expect(document.activeElement).toBe(within(overlay).getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(overlay).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(app.location().pathname).toBe('/');
    expect(document.querySelector('[inert]')).toBeNull();
  });

  test('not on the admin page', async () => {
    mockWalletApi({ me: makeMe({ closed: true, role: 'admin' }) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
