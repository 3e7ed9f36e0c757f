import { describe, expect, test } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { mockApi, renderApp } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';

async function openLogin(reply: () => { status?: number; body?: unknown }, path = '/login') {
  const api = mockApi({ me: null, routes: { 'POST /api/auth/login': reply } });
  const app = renderApp(path);
  await screen.findByRole('button', { name: 'Log In' });
  return { api, app };
}

describe('login form (SPEC 2, 5)', () => {
  test('an empty identifier is ignored: no request', async () => {
    const { api } = await openLogin(() => ({ body: { user: makeMe() } }));
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  test('the identifier is trimmed; Enter submits; success lands on /', async () => {
    localStorage.setItem('rush.onboarding.dismissed', '1');
    const { api, app } = await openLogin(() => ({ body: { user: makeMe() } }));
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: '  alice  ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret1!' } });
    fireEvent.submit(screen.getByLabelText('Password').closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ identifier: 'alice', password: 'Secret1!' });
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  test("a disabled account shows the server's message as the single form error", async () => {
    const message = TEXTS.loginDisabled('help@rush.test');
    await openLogin(() => ({ status: 403, body: { error: { code: 'ACCOUNT_DISABLED', message } } }));
    fireEvent.change(screen.getByLabelText('Email or username'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  test('Forgot password? leads to the forgot mode, which confirms with the SPEC text', async () => {
    const api = mockApi({
      me: null,
      routes: { 'POST /api/auth/forgot-password': () => ({ body: { message: TEXTS.resetSuccess } }) },
    });
    const app = renderApp('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(app.location().pathname).toBe('/forgot-password'));
    // The forgot mode may render after the path changes (a lazily loaded route): wait for its field.
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' bob@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Password reset successful, please check your email, including Spam folder'),
    ).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({ email: 'bob@example.com' });
  });

  test('the tabs switch between Sign Up and Log In; Close returns to /', async () => {
    mockApi({ me: null });
    const app = renderApp('/login');
    const signUpTab = await screen.findByRole('tab', { name: 'Sign Up' });
    expect(screen.getByRole('tab', { name: 'Log In' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(signUpTab);
    await waitFor(() => expect(app.location().pathname).toBe('/signup'));
    fireEvent.click(await screen.findByRole('link', { name: 'Close' }));
    await waitFor(() => expect(app.location().pathname).toBe('/'));
  });

  test('Google sign-in shows only when enabled', async () => {
    mockApi({ me: null, config: { googleEnabled: true } });
    renderApp('/login');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/google');
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();
  });

  test('Facebook sign-in shows only when enabled, beside Google, its name starting with the visible word', async () => {
    mockApi({ me: null, config: { googleEnabled: true, facebookEnabled: true } });
    renderApp('/login');
    const facebook = await screen.findByRole('link', { name: 'Continue with Facebook' });
    expect(facebook.getAttribute('href')).toBe('/api/auth/facebook');
    expect(facebook.textContent).toMatch(/Continue with Facebook$/);
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toBeTruthy();
    // One "or" between the provider buttons and the form, whichever providers are on.
    expect(screen.getAllByText('or')).toHaveLength(1);
  });

  test('Facebook alone shows its button on the sign-up tab too', async () => {
    mockApi({ me: null, config: { facebookEnabled: true } });
    renderApp('/signup');
    expect((await screen.findByRole('link', { name: 'Continue with Facebook' })).getAttribute('href')).toBe(
      '/api/auth/facebook',
    );
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).toBeNull();
  });

  test('neither provider configured: no provider button and no divider', async () => {
    mockApi({ me: null });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log In' });
    expect(screen.queryByRole('link', { name: /^Continue with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  test('/login?error=... shows the error text', async () => {
    mockApi({ me: null });
    renderApp(`/login?error=${encodeURIComponent(TEXTS.googleEmailUnverified)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS.googleEmailUnverified);
  });

  test("/login?error=... shows Facebook's refusals (no email shared, failure)", async () => {
    mockApi({ me: null, config: { facebookEnabled: true } });
    renderApp(`/login?error=${encodeURIComponent(TEXTS.facebookEmailMissing)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS.facebookEmailMissing);
  });

  test('/login?error= with the Facebook failure text shows it as sent', async () => {
    mockApi({ me: null });
    renderApp(`/login?error=${encodeURIComponent(TEXTS.facebookSignInFailed)}`);
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS.facebookSignInFailed);
  });

  test('/login?error= with words of its own shows the generic text instead', async () => {
    mockApi({ me: null });
    renderApp(`/login?error=${encodeURIComponent('Call 555-0100 to unlock your account')}`);
    expect((await screen.findByRole('alert')).textContent).toBe(TEXTS.googleSignInFailed);
  });
});
