import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ONBOARDING_TEXTS, TEXTS } from '@rush/domain';
import type { IdentityView } from '@rush/protocol';
import { renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { mockWalletApi, stubGeolocation } from './testing.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const view = (step: IdentityView['step'], patch: Partial<IdentityView> = {}): IdentityView => ({
  step,
  flag: null,
  message: null,
  ...patch,
});

/** A reply the test releases: the processing notice is on screen until then. */
function held<T>(value: T) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { release, reply: async () => (await gate, value) };
}

describe('identity start form (SPEC 2, 4, 5)', () => {
  test('the SPEC fields and texts, masks as typed, the account e-mail read-only, US first; submit shows the processing text, then the wallet', async () => {
    stubGeolocation();
    let step: IdentityView['step'] = 'profile';
    const answer = held({ body: view('verified') });
    const api = mockWalletApi({
      me: makeMe({ email: 'grace@example.test' }),
      routes: {
        'GET /api/wallet/identity': () => ({ body: view(step) }),
        'POST /api/wallet/identity/profile': async () => {
          const r = await answer.reply();
          step = 'verified';
          return r;
        },
      },
    });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: ONBOARDING_TEXTS.identityTitle });
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
    expect(field('Email Address').value).toBe('grace@example.test');
    expect(field('Email Address').readOnly).toBe(true);
    const country = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Citizenship Country' });
    expect(country.value).toBe('US');
    expect(country.options[0]!.value).toBe('US');
    expect(country.options).toHaveLength(249);

    fireEvent.change(screen.getByRole('combobox', { name: 'Salutation' }), { target: { value: 'Dr.' } });
    fireEvent.change(field('First Name'), { target: { value: 'Grace' } });
    fireEvent.change(field('Last Name'), { target: { value: 'Hopper' } });
    fireEvent.change(field('Date Of Birth'), { target: { value: '1209' } });
    expect(field('Date Of Birth').value).toBe('12/09');
    fireEvent.change(field('Date Of Birth'), { target: { value: '02301990' } });
    expect(field('Date Of Birth').value).toBe('02/30/1990');
    expect(screen.getByText(ONBOARDING_TEXTS.dateOfBirthInvalid)).toBeTruthy();
    fireEvent.change(field('Date Of Birth'), { target: { value: '12091986' } });
    expect(screen.queryByText(ONBOARDING_TEXTS.dateOfBirthInvalid)).toBeNull();
    fireEvent.change(field('Phone Number'), { target: { value: '5558675309' } });
    expect(field('Phone Number').value).toBe('(555) 867-5309');
    fireEvent.change(country, { target: { value: 'CA' } });

    fireEvent.click(screen.getByRole('button', { name: ONBOARDING_TEXTS.identitySubmit }));
    expect(await screen.findByText(ONBOARDING_TEXTS.identityProcessing)).toBeTruthy();
    answer.release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy());
    const sent = api.callsTo('POST', '/api/wallet/identity/profile')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      salutation: 'Dr.',
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '12/09/1986',
      phone: '(555) 867-5309',
      citizenshipCountryCode: 'CA',
      deviceGps: { latitude: 40.71, longitude: -74, radius: 25 },
    });
    expect(sent).not.toHaveProperty('email');
  });

  test('no blocking validation on submit: the server texts come back under the fields; a flag is shown with its text', async () => {
    stubGeolocation();
    let tries = 0;
    mockWalletApi({
      routes: {
        'GET /api/wallet/identity': () => ({ body: view('profile') }),
        'POST /api/wallet/identity/profile': () => {
          tries += 1;
          if (tries === 1)
            return {
              status: 400,
              body: {
                error: {
                  code: 'VALIDATION',
                  message: ONBOARDING_TEXTS.firstNameRequired,
                  fields: { firstName: ONBOARDING_TEXTS.firstNameRequired },
                },
              },
            };
          return { status: 403, body: { error: { code: 'LOCATION_BLOCKED', message: TEXTS.walletLlBlocked } } };
        },
      },
    });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: ONBOARDING_TEXTS.identityTitle });
    fireEvent.click(screen.getByRole('button', { name: ONBOARDING_TEXTS.identitySubmit }));
    expect(await screen.findByText(ONBOARDING_TEXTS.firstNameRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ONBOARDING_TEXTS.identitySubmit }));
    expect(await screen.findByText(TEXTS.walletLlBlocked)).toBeTruthy();
  });

  test('without geolocation the browser text is shown and nothing is sent', async () => {
    stubGeolocation('User denied Geolocation');
    const api = mockWalletApi({ routes: { 'GET /api/wallet/identity': () => ({ body: view('profile') }) } });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: ONBOARDING_TEXTS.identityTitle });
    fireEvent.click(screen.getByRole('button', { name: ONBOARDING_TEXTS.identitySubmit }));
    expect(await screen.findByText('User denied Geolocation')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/identity/profile')).toHaveLength(0);
  });

  test.each([
    [view('refused', { message: ONBOARDING_TEXTS.photoNeeded }), ONBOARDING_TEXTS.photoNeeded],
    [view('flagged', { flag: 'id-ex', message: TEXTS.walletIdEx }), TEXTS.walletIdEx],
  ])('a decided step shows its text: %j', async (body, text) => {
    mockWalletApi({ routes: { 'GET /api/wallet/identity': () => ({ body }) } });
    renderApp('/wallet');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();
  });

  test('processing: the notice, read again until decided', async () => {
    let step: IdentityView['step'] = 'processing';
    mockWalletApi({ routes: { 'GET /api/wallet/identity': () => ({ body: view(step) }) } });
    renderApp('/wallet');
    expect(await screen.findByText(ONBOARDING_TEXTS.identityProcessing)).toBeTruthy();
    step = 'verified';
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy());
  });
});
