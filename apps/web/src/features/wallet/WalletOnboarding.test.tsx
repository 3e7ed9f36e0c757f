import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ONBOARDING_TEXTS } from '@rush/domain';
import { renderApp } from '../../test/render.tsx';
import { makeMe } from '../../test/fakes.ts';
import { mockWalletApi } from './testing.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

async function openWallet() {
  const app = renderApp('/wallet');
  await screen.findByRole('heading', { name: 'Wallet', level: 1 });
  return app;
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

describe('wallet onboarding (SPEC 4 wallet flow, SPEC 5 wallet create)', () => {
  test('the create form: the account e-mail read-only, the phone formatted as typed, the SPEC phone text, then the verify form', async () => {
    let step: 'create' | 'verify' | 'verified' = 'create';
    const api = mockWalletApi({
      me: makeMe({ email: 'ada@example.test' }),
      routes: {
        'GET /api/wallet/onboarding': () => ({ body: { step, phoneLast4: step === 'create' ? null : '5309' } }),
        'POST /api/wallet/onboarding/create': () => {
          step = 'verify';
          return { body: { step, phoneLast4: '5309' } };
        },
      },
    });
    await openWallet();
    await screen.findByRole('heading', { name: 'Create your wallet' });
    expect(field('E-mail').value).toBe('ada@example.test');
    expect(field('E-mail').readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Deposit' })).toBeNull();

    fireEvent.change(field('Phone number'), { target: { value: '555867' } });
    expect(field('Phone number').value).toBe('+1 (555) 867');
    fireEvent.click(screen.getByRole('button', { name: 'Create wallet' }));
    expect(await screen.findByText(ONBOARDING_TEXTS.phoneFormat)).toBeTruthy();
    expect(screen.getByText(ONBOARDING_TEXTS.firstNameRequired)).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/onboarding/create')).toHaveLength(0);

    fireEvent.change(field('Phone number'), { target: { value: '5558675309' } });
    fireEvent.change(field('First name'), { target: { value: 'Ada' } });
    fireEvent.change(field('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create wallet' }));
    await screen.findByRole('heading', { name: 'Verify your wallet' });
    expect(api.callsTo('POST', '/api/wallet/onboarding/create')[0]!.body).toEqual({
      phone: '+1 (555) 867-5309',
      firstName: 'Ada',
      lastName: 'Lovelace',
      nickname: '',
    });
    expect(screen.getByText(/ending in 5309/)).toBeTruthy();
  });

  test('the verify form: Verify disabled until a code, the provider error shown, then the wallet', async () => {
    let step: 'verify' | 'verified' = 'verify';
    let tries = 0;
    const api = mockWalletApi({
      routes: {
        'GET /api/wallet/onboarding': () => ({ body: { step, phoneLast4: '5309' } }),
        'POST /api/wallet/onboarding/verify': () => {
          tries += 1;
          if (tries === 1)
            return {
              status: 400,
              body: { error: { code: 'BAD_REQUEST', message: 'The verification code is incorrect.' } },
            };
          step = 'verified';
          return { body: { step, phoneLast4: '5309' } };
        },
        'POST /api/wallet/onboarding/resend': () => ({ body: { step, phoneLast4: '5309' } }),
      },
    });
    await openWallet();
    await screen.findByRole('heading', { name: 'Verify your wallet' });
    const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' });
    expect(verify.disabled).toBe(true);
    fireEvent.change(field('Verification code'), { target: { value: '111111' } });
    expect(verify.disabled).toBe(false);
    fireEvent.click(verify);
    expect(await screen.findByText('The verification code is incorrect.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/onboarding/resend')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Call me with the code' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/wallet/onboarding/resend')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/wallet/onboarding/resend').map((c) => c.body)).toEqual([
      { channel: 'sms' },
      { channel: 'voice' },
    ]);
    fireEvent.change(field('Verification code'), { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy());
  });
});
