import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ONBOARDING_TEXTS } from '@rush/domain';
import type { IdentityView } from '@rush/protocol';
import { renderApp } from '../../test/render.tsx';
import { mockWalletApi } from './testing.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const view = (step: IdentityView['step']): IdentityView => ({ step, flag: null, message: null });

describe('photo ID step (SPEC 2, 5, 8)', () => {
  test('the SPEC texts; a gif is ignored without a word; a png uploads with "Uploading your photo..." then the wallet', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let step: IdentityView['step'] = 'photo';
    const api = mockWalletApi({
      routes: {
        'GET /api/wallet/identity': () => ({ body: view(step) }),
        'POST /api/wallet/identity/photo': async () => {
          await gate;
          step = 'verified';
          return { body: view(step) };
        },
      },
    });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: ONBOARDING_TEXTS.photoTitle });
    expect(screen.getByText(ONBOARDING_TEXTS.photoNeeded)).toBeTruthy();
    const button = screen.getByRole('button', { name: ONBOARDING_TEXTS.photoUpload });
    const input = screen.getByTestId<HTMLInputElement>('photo-id-input');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(button);
    expect(click).toHaveBeenCalledTimes(1);

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'id.gif', { type: 'image/gif' })] } });
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'id.pdf', { type: 'application/pdf' })] } });
    expect(api.callsTo('POST', '/api/wallet/identity/photo')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([0x89, 0x50])], 'id.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText(ONBOARDING_TEXTS.photoUploading)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ONBOARDING_TEXTS.photoUpload })).toBeNull();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deposit' })).toBeTruthy());
    const sent = api.callsTo('POST', '/api/wallet/identity/photo')[0]!.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get('file') as File).name).toBe('id.png');
  });

  test('a server refusal of the upload is shown and the step stays', async () => {
    mockWalletApi({
      routes: {
        'GET /api/wallet/identity': () => ({ body: view('photo') }),
        'POST /api/wallet/identity/photo': () => ({
          status: 415,
          body: { error: { code: 'UNSUPPORTED_MEDIA', message: 'The photo ID must be a PNG or JPEG image.' } },
        }),
      },
    });
    renderApp('/wallet');
    await screen.findByRole('heading', { name: ONBOARDING_TEXTS.photoTitle });
    const input = screen.getByTestId<HTMLInputElement>('photo-id-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'id.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('The photo ID must be a PNG or JPEG image.')).toBeTruthy();
    expect(screen.getByRole('button', { name: ONBOARDING_TEXTS.photoUpload })).toBeTruthy();
  });
});
