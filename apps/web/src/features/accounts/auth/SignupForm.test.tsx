import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { mockApi, renderApp } from '../../../test/render.tsx';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const select = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

function fillValid() {
  type('Username', 'alice');
  type('Email', 'alice@example.com');
  select('Month', '3');
  select('Day', '14');
  select('Year', '1990');
  type('Password', 'Secret1!');
  type('Confirm password', 'Secret1!');
  fireEvent.click(screen.getByRole('checkbox'));
}

async function openSignup() {
  const api = mockApi({
    me: null,
    routes: {
      'POST /api/auth/register': () => ({ body: { message: TEXTS.registrationCheckEmail } }),
    },
  });
  const app = renderApp('/signup');
  await screen.findByRole('button', { name: 'Sign Up' });
  return { api, app };
}

describe('register form (SPEC 5, 8)', () => {
  test('shows the SPEC texts under the fields and sends nothing', async () => {
    const { api } = await openSignup();
    type('Username', 'ab$');
    type('Password', 'abcdefgh');
    const year = String(new Date().getFullYear() - 10);
    select('Month', '1');
    select('Day', '1');
    select('Year', year);
    submit();
    expect(await screen.findByText('Special characters cannot be used')).toBeTruthy();
    expect(screen.getByText('Password must contain at least 1 symbol')).toBeTruthy();
    expect(screen.getByText('You have to be at least 18 years old to register')).toBeTruthy();
    expect(screen.getByText(TEXTS.emailRequired)).toBeTruthy();
    expect(screen.getByText(TEXTS.termsRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  test('the first wrong field is scrolled into view, not focused (its error stays; issue 36)', async () => {
    const scrolled: Element[] = [];
    // jsdom has no layout and no scrollIntoView: a recorder stands in for it.
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value: function (this: Element) {
        scrolled.push(this);
      },
    });
    try {
      await openSignup();
      type('Username', 'alice');
      submit();
      expect(await screen.findByText(TEXTS.emailRequired)).toBeTruthy();
      // Email is the first field in error (Username is fine): it is the one brought into view.
      await waitFor(() => expect(scrolled).toEqual([screen.getByLabelText('Email')]));
      expect(document.activeElement).not.toBe(screen.getByLabelText('Email'));
      expect(screen.getByText(TEXTS.emailRequired)).toBeTruthy();
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  test('password rules come in the SPEC order', async () => {
    await openSignup();
    type('Password', 'abcdefg!');
    submit();
    expect(await screen.findByText('Password must contain at least 1 number')).toBeTruthy();
    type('Password', 'abcdef1!');
    submit();
    expect(await screen.findByText('Password must contain at least 1 capital letter')).toBeTruthy();
  });

  test('focusing a field clears its error and only its error', async () => {
    await openSignup();
    type('Username', 'ab$');
    submit();
    await screen.findByText('Special characters cannot be used');
    fireEvent.focus(screen.getByLabelText('Username'));
    expect(screen.queryByText('Special characters cannot be used')).toBeNull();
    expect(screen.getByText(TEXTS.emailRequired)).toBeTruthy();
    fireEvent.focus(screen.getByRole('combobox', { name: 'Month' }));
    expect(screen.queryByText(TEXTS.dobRequired)).toBeNull();
  });

  test('a server field error shows under its field', async () => {
    const api = mockApi({
      me: null,
      routes: {
        'POST /api/auth/register': () => ({
          status: 409,
          body: { error: { code: 'CONFLICT', message: 'Username exists', fields: { username: 'Username exists' } } },
        }),
      },
    });
    renderApp('/signup');
    await screen.findByRole('button', { name: 'Sign Up' });
    fillValid();
    submit();
    expect(await screen.findByText('Username exists')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(1);
    fireEvent.focus(screen.getByLabelText('Username'));
    expect(screen.queryByText('Username exists')).toBeNull();
  });

  test('success names the address to check, signs nobody in, and offers Log In (issues 10, 36)', async () => {
    const { api, app } = await openSignup();
    fillValid();
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Almost done! We sent a link to alice@example.com to finish signing up. Please check your email, including spam folder',
    );
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      dob: { year: 1990, month: 3, day: 14 },
      password: 'Secret1!',
      confirmPassword: 'Secret1!',
      acceptTerms: true,
    });
    expect(app.location().pathname).toBe('/signup');
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Log In' }));
    await waitFor(() => expect(app.location().pathname).toBe('/login'));
  });

  afterEach(() => vi.useRealTimers());

  test('Resend sends the same form again once the minute is over, then counts down again (issue 36)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T10:00:00.000Z'));
    const { api } = await openSignup();
    fillValid();
    submit();
    await screen.findByRole('status');
    const waiting = screen.getByRole('button', { name: /^Resend email in \d+ s$/ });
    expect(waiting.textContent).toBe('Resend email in 60 s');
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    vi.setSystemTime(new Date('2026-01-15T10:01:00.000Z'));
    const resend = await screen.findByRole('button', { name: 'Resend email' });
    fireEvent.click(resend);
    expect(await screen.findByText(TEXTS.checkEmail)).toBeTruthy();
    const calls = api.callsTo('POST', '/api/auth/register');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
    expect(screen.getByRole('button', { name: /^Resend email in \d+ s$/ }).textContent).toBe('Resend email in 60 s');
  });

  test('"Change it" returns to the form with every field kept; the corrected address is sent (issue 36)', async () => {
    const { api } = await openSignup();
    fillValid();
    submit();
    await screen.findByRole('status');
    fireEvent.click(screen.getByRole('button', { name: 'Change it' }));
    const email = await screen.findByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('alice@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Username').value).toBe('alice');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('Secret1!');
    expect(screen.getByLabelText<HTMLInputElement>('Confirm password').value).toBe('Secret1!');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);
    type('Email', 'alice@example.org');
    submit();
    expect((await screen.findByRole('status')).textContent).toContain('We sent a link to alice@example.org to');
    const calls = api.callsTo('POST', '/api/auth/register');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ ...(calls[0]?.body as object), email: 'alice@example.org' });
  });
});
