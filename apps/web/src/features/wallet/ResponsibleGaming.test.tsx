import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import type { LossLimitView } from '@rush/protocol';
import { dismissOnboardingForTests, renderApp } from '../../test/render.tsx';
import { textWithoutMarks } from '../../test/sandbox.ts';
import { makeSummary, mockWalletApi } from './testing.ts';
import { RG_TEXTS } from './ResponsibleGaming.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const UNTIL = '2999-06-30T12:00:00.000Z';
const limit = (over: Partial<LossLimitView>): LossLimitView => ({
  currency: 'usd',
  period: 'day',
  max: null,
  used: 0,
  resetsAt: '2999-01-02T00:00:00.000Z',
  pending: null,
  ...over,
});

async function openGaming(options: Parameters<typeof mockWalletApi>[0] = {}) {
  dismissOnboardingForTests();
  const api = mockWalletApi(options);
  renderApp('/?settings');
  const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'Gaming' }));
  const breakSection = await within(dialog).findByRole('region', { name: 'Take a break' });
  return { api, dialog, breakSection };
}

describe('Gaming pane: Take a break and Loss limits (issue 37)', () => {
  test('a break is confirmed first, then sent; its end shows and it cannot be shortened', async () => {
    const { api, breakSection } = await openGaming({
      routes: { 'POST /api/wallet/cool-off': () => ({ body: makeSummary({ coolOffUntil: UNTIL }) }) },
    });
    expect(within(breakSection).getByText(RG_TEXTS.breakIntro)).toBeTruthy();
    for (const name of ['24 hours break', '7 days break', '30 days break'])
      expect(within(breakSection).getByRole('button', { name })).toBeTruthy();
    fireEvent.click(within(breakSection).getByRole('button', { name: '7 days break' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take a break' });
    expect(within(confirm).getByText(TEXTS.confirmCoolOff('7 days'))).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/cool-off')).toHaveLength(0);
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, take a break' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/wallet/cool-off')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/wallet/cool-off')[0]?.body).toEqual({ choice: '7d' });
    const status = await within(breakSection).findByText(/You are taking a break until/);
    expect(status.textContent).toContain('2999/06/30 12:00 UTC');
    expect(status.textContent).toContain(RG_TEXTS.breakLonger);
  });

  test('a refused break shows the server text in the dialog', async () => {
    const refusal = TEXTS.coolOffShorter('2999/06/30 12:00 UTC');
    const { breakSection } = await openGaming({
      routes: {
        'POST /api/wallet/cool-off': () => ({ status: 409, body: { error: { code: 'CONFLICT', message: refusal } } }),
      },
    });
    fireEvent.click(within(breakSection).getByRole('button', { name: '24 hours break' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take a break' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, take a break' }));
    expect(await within(confirm).findByText(refusal)).toBeTruthy();
  });

  test('loss limits: in force with what is used, a waiting raise with its time, and a new limit confirmed', async () => {
    const { api, dialog } = await openGaming({
      summary: makeSummary({
        lossLimits: [
          limit({ max: 2000, used: 500, pending: { max: 5000, effectiveAt: '2999-01-02T10:00:00.000Z' } }),
          limit({ period: 'week' }),
          limit({ period: 'month' }),
          limit({ currency: 'wbx', period: 'day' }),
        ],
      }),
      routes: { 'PUT /api/wallet/loss-limits': () => ({ body: makeSummary() }) },
    });
    const section = await within(dialog).findByRole('region', { name: 'Loss limits' });
    expect(within(section).getByText(RG_TEXTS.lossIntro)).toBeTruthy();
    const daily = await within(section).findByText(/used/);
    expect(textWithoutMarks(daily.closest('li'))).toMatch(
      /Daily: \$20\.00.*\(used \$5\.00\).*changes to \$50\.00 on 2999\/01\/02 10:00 UTC/,
    );

    fireEvent.change(within(section).getByLabelText('Period (USD)'), { target: { value: 'week' } });
    fireEvent.change(within(section).getByLabelText('Loss limit (USD)'), { target: { value: 'abc' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Set USD loss limit' }));
    expect(await within(section).findByText(RG_TEXTS.lossMaxInvalid)).toBeTruthy();
    fireEvent.change(within(section).getByLabelText('Loss limit (USD)'), { target: { value: '25.50' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Set USD loss limit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Limit your weekly losses' });
    expect(within(confirm).getByText(TEXTS.confirmLossLimit)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, set the limit' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/wallet/loss-limits')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/wallet/loss-limits')[0]?.body).toEqual({
      currency: 'usd',
      period: 'week',
      max: 2550,
    });
    expect(await within(section).findByText(RG_TEXTS.lossSaved)).toBeTruthy();
  });

  test('an empty amount removes the limit (after the same confirmation)', async () => {
    const { api, dialog } = await openGaming({
      routes: { 'PUT /api/wallet/loss-limits': () => ({ body: makeSummary() }) },
    });
    const section = await within(dialog).findByRole('region', { name: 'Loss limits' });
    fireEvent.click(within(section).getByRole('button', { name: 'Set RushCoins loss limit' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Limit your daily losses' })).getByRole('button', {
        name: 'Yes, set the limit',
      }),
    );
    await waitFor(() => expect(api.callsTo('PUT', '/api/wallet/loss-limits')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/wallet/loss-limits')[0]?.body).toEqual({
      currency: 'wbx',
      period: 'day',
      max: null,
    });
  });
});
