import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { mockApi, renderApp, type Handler } from '../../../test/render.tsx';
import { makeMe } from '../../../test/fakes.ts';
import type { CaptchaApi } from './captcha-script.ts';

const CAPTCHA_CONFIG = { captchaSiteKey: 'site-key', captchaScriptUrl: 'https://captcha.test/api.js' };

/** A stand-in for hCaptcha's API: each widget is a button that "solves" it with a fresh token. */
function fakeHcaptcha() {
  let solved = 0;
  const api = {
    render: vi.fn<CaptchaApi['render']>((container, params) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'I am human';
      button.onclick = () => params.callback(`token-${++solved}`);
      container.appendChild(button);
      return 'w1';
    }),
    reset: vi.fn<CaptchaApi['reset']>(),
  };
  window.hcaptcha = api;
  return api;
}

afterEach(() => {
  delete window.hcaptcha;
});

async function open(path: string, routes: Record<string, Handler>) {
  const captcha = fakeHcaptcha();
  const api = mockApi({ me: null, config: CAPTCHA_CONFIG, routes });
  const app = renderApp(path);
  // The first render of the app (lazy routes, then the config) can take seconds on a loaded machine.
  await screen.findByRole('button', { name: 'I am human' }, { timeout: 10_000 });
  return { api, app, captcha };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('captcha on the auth forms (issue 12)', () => {
  test('sign up renders the configured widget and sends nothing until it is solved, then sends its token', async () => {
    const { api, captcha } = await open('/signup', {
      'POST /api/auth/register': () => ({ body: { message: TEXTS.registrationCheckEmail } }),
    });
    expect(captcha.render).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ sitekey: 'site-key' }),
    );
    type('Username', 'alice');
    type('Email', 'alice@example.com');
    fireEvent.change(screen.getByRole('combobox', { name: 'Month' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Day' }), { target: { value: '14' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Year' }), { target: { value: '1990' } });
    type('Password', 'Secret1!');
    type('Confirm password', 'Secret1!');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(TEXTS.captchaFailed)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'I am human' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toMatchObject({ captchaToken: 'token-1' });
  });

  test('log in sends a solved token; a refused one shows under the widget and the widget is reset', async () => {
    const { api, captcha } = await open('/login', {
      'POST /api/auth/login': () => ({
        status: 400,
        body: {
          error: { code: 'VALIDATION', message: TEXTS.captchaFailed, fields: { captchaToken: TEXTS.captchaFailed } },
        },
      }),
    });
    type('Email or username', 'bob');
    type('Password', 'Secret1!');
    fireEvent.click(screen.getByRole('button', { name: 'I am human' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(TEXTS.captchaFailed)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      identifier: 'bob',
      password: 'Secret1!',
      captchaToken: 'token-1',
    });
    expect(captcha.reset).toHaveBeenCalledWith('w1');
  });

  test('forgot password needs the widget solved and sends its token', async () => {
    const { api } = await open('/forgot-password', {
      'POST /api/auth/forgot-password': () => ({ body: { message: TEXTS.resetSuccess } }),
    });
    type('Email', 'bob@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(TEXTS.captchaFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I am human' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(TEXTS.resetSuccess)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/forgot-password')[0]?.body).toEqual({
      email: 'bob@example.com',
      captchaToken: 'token-1',
    });
  });

  test('without a configured captcha no widget is rendered and no token is sent', async () => {
    const captcha = fakeHcaptcha();
    const api = mockApi({ me: null, routes: { 'POST /api/auth/login': () => ({ body: { user: makeMe() } }) } });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log In' });
    type('Email or username', 'bob');
    type('Password', 'Secret1!');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/login')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ identifier: 'bob', password: 'Secret1!' });
    expect(captcha.render).not.toHaveBeenCalled();
  });
});

describe('login throttle (issue 10)', () => {
  test('a throttled attempt shows the server text naming the wait', async () => {
    const message = TEXTS.tooManyAttemptsWait('30 seconds');
    mockApi({
      me: null,
      routes: {
        'POST /api/auth/login': () => ({ status: 429, body: { error: { code: 'TOO_MANY_ATTEMPTS', message } } }),
      },
    });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log In' });
    type('Email or username', 'bob');
    type('Password', 'Secret1!');
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait 30 seconds and try again.',
    );
  });
});
