import { describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { dismissOnboardingForTests, mockApi, renderApp } from '../test/render.tsx';
import { makeMe } from '../test/fakes.ts';
import { redirectFor } from './access.ts';

describe('redirect rules (SPEC 2)', () => {
  test('a visitor on /wallet is sent to /login', async () => {
    mockApi({ me: null });
    const app = renderApp('/wallet');
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
  });

  test('a visitor keeps public pages and the auth panel', async () => {
    mockApi({ me: null });
    const app = renderApp('/signup');
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeTruthy();
    expect(app.location().pathname).toBe('/signup');
  });

  test('a signed-in user on /login goes to /', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    const app = renderApp('/login');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Play 1 vs 1' })).toBeTruthy();
  });

  test('a signed-in user may open a password-reset link', async () => {
    mockApi({ me: makeMe() });
    const app = renderApp('/forgot-password?token=abc');
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(app.location().pathname).toBe('/forgot-password');
  });

  test('a non-admin on /admin goes to /', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe({ role: 'user' }) });
    const app = renderApp('/admin');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  test('an admin stays on /admin', async () => {
    mockApi({ me: makeMe({ role: 'admin' }) });
    const app = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(app.location().pathname).toBe('/admin');
  });

  test('a non-admin on /report goes to /', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe({ role: 'user' }) });
    const app = renderApp('/report');
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  test('an unknown path goes to /404', async () => {
    mockApi({ me: null });
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location().pathname).toBe('/404'));
  });

  test('nothing but a loading state shows while the session loads', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      routes: {
        'GET /api/session': async () => {
          await gate;
          return { body: { user: null } };
        },
      },
    });
    const app = renderApp('/wallet');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('heading', { name: 'Wallet' })).toBeNull();
    release();
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
    expect(screen.queryByRole('heading', { name: 'Wallet' })).toBeNull();
  });
});

describe('redirectFor', () => {
  const me = makeMe();
  const at = (pathname: string, search = '') => ({ pathname, search });
  test.each([
    ['public', null, '/terms', null],
    ['guest', null, '/login', null],
    ['guest', me, '/login', '/'],
    ['guest', me, '/signup', '/'],
    ['guest', me, '/forgot-password', '/'],
    ['user', null, '/start', '/login'],
    ['user', me, '/start', null],
    ['admin', null, '/admin', '/login'],
    ['admin', me, '/admin', '/'],
    ['admin', makeMe({ role: 'admin' }), '/admin', null],
  ] as const)('%s for %s at %s -> %s', (access, who, path, expected) => {
    expect(redirectFor(access, who, at(path))).toBe(expected);
  });
});
