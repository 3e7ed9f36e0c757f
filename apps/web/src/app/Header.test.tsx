import { describe, expect, test } from 'vitest';
import { screen } from '@testing-library/react';
import { makeMe } from '../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp } from '../test/render.tsx';

/** Issue 19: the header paints at once, and never offers Login / Sign up before the session is known. */
describe('header while the session loads', () => {
  test('a signed-in user: the logo at once, no Login or Sign up before the session answers, then the menu', async () => {
    dismissOnboardingForTests();
    let answer: (reply: { body: unknown }) => void = () => {};
    const held = new Promise<{ body: unknown }>((resolve) => (answer = resolve));
    mockApi({ routes: { 'GET /api/session': () => held } });
    renderApp('/about');
    expect(await screen.findByRole('link', { name: /home$/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    answer({ body: { user: makeMe() } });
    expect(await screen.findByRole('button', { name: 'User menu' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  test('a visitor gets Login and Sign up once the session says nobody is signed in', async () => {
    dismissOnboardingForTests();
    mockApi({ me: null });
    renderApp('/about');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeTruthy();
  });
});
