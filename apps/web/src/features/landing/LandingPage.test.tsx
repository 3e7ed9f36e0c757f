import { describe, expect, test } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { dismissOnboardingForTests, mockApi, renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { ONBOARDING_DISMISSED_KEY } from './onboarding.ts';

const onboarding = () => screen.queryByRole('dialog', { name: 'Ready to start?' });

describe('onboarding popup', () => {
  test('"skip. don\'t show again" persists in localStorage', async () => {
    mockApi({ me: null });
    const first = renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Ready to start?' })).toBeTruthy();
    expect(screen.getByText('Create account')).toBeTruthy();
    expect(screen.getByText('Verify wallet')).toBeTruthy();
    expect(screen.getByText('Join and enjoy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "skip. don't show again" }));
    expect(onboarding()).toBeNull();
    expect(localStorage.getItem(ONBOARDING_DISMISSED_KEY)).toBe('1');
    first.unmount();

    renderApp('/');
    await screen.findByRole('link', { name: 'Play 1 vs 1' });
    expect(onboarding()).toBeNull();
  });

  test('a normal close does not persist', async () => {
    mockApi({ me: makeMe() });
    const first = renderApp('/');
    await screen.findByRole('dialog', { name: 'Ready to start?' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onboarding()).toBeNull();
    expect(localStorage.getItem(ONBOARDING_DISMISSED_KEY)).toBeNull();
    first.unmount();

    renderApp('/');
    expect(await screen.findByRole('dialog', { name: 'Ready to start?' })).toBeTruthy();
  });
});

describe('landing', () => {
  test('visitors: the game buttons go to /login', async () => {
    dismissOnboardingForTests();
    mockApi({ me: null });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'Play 1 vs 1' })).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Puzzle Games' }).getAttribute('href')).toBe('/login');
  });

  test('users: the game buttons go to /start and /puzzle-game', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    renderApp('/');
    expect((await screen.findByRole('link', { name: 'Play 1 vs 1' })).getAttribute('href')).toBe('/start');
    expect(screen.getByRole('link', { name: 'Puzzle Games' }).getAttribute('href')).toBe('/puzzle-game');
  });

  test('players online: fetched, then live from the presence topic', async () => {
    dismissOnboardingForTests();
    mockApi({ me: null });
    const app = renderApp('/');
    expect(await screen.findByText('Players online: 7')).toBeTruthy();
    const socket = app.realtime.sockets[0];
    expect(socket).toBeTruthy();
    act(() => {
      socket?.open();
      socket?.receive({ t: 'hello', protocol: 1, connId: 'c1', authenticated: false });
    });
    expect(socket?.sent).toContainEqual({ t: 'sub', topic: 'presence' });
    act(() => socket?.receive({ t: 'ev', topic: 'presence', v: 4, type: 'presence.count', data: { online: 12 } }));
    expect(await screen.findByText('Players online: 12')).toBeTruthy();
    act(() => socket?.receive({ t: 'resync', topic: 'presence', v: 9, snapshot: { online: 30 } }));
    expect(await screen.findByText('Players online: 30')).toBeTruthy();
  });

  test('an unverified user gets the verification popup; Resend email confirms', async () => {
    dismissOnboardingForTests();
    const api = mockApi({
      me: makeMe({ emailVerified: false }),
      routes: { 'POST /api/auth/resend-verification': () => ({ body: { message: 'sent' } }) },
    });
    renderApp('/');
    await screen.findByRole('dialog', { name: 'Verify your email' });
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('Please check your email, including spam folder')).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/resend-verification')).toHaveLength(1);
  });

  test('the verification link lands with a notice', async () => {
    dismissOnboardingForTests();
    mockApi({ me: makeMe() });
    const app = renderApp('/?emailVerified=1');
    expect(await screen.findByText(TEXTS.emailVerified)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(app.location().search).toBe(''));
  });
});
