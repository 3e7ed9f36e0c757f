import { describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CANADA_TEXTS } from '@rush/domain';
import type { AdminCanadianWithdrawal } from '@rush/protocol';
import { textWithoutMarks } from '../../test/sandbox.ts';
import { CANADIAN_WITHDRAWALS_TEXTS } from './sections/CanadianWithdrawalsSection.tsx';
import { sectionHeading, startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const LIST = 'GET /api/admin/withdrawals/canada';
const request = (overrides: Partial<AdminCanadianWithdrawal> = {}): AdminCanadianWithdrawal => ({
  id: 'w-1',
  uid: 'u2',
  username: 'maple',
  email: 'maple@example.com',
  amount: 3000,
  fee: 200,
  payout: 2800,
  status: 'pending',
  requestedAt: '2025-03-04T10:20:00.000Z',
  resolvedAt: null,
  ...overrides,
});

describe('Canadian withdrawals (SPEC 9 by email request, issue 16)', () => {
  test('lists the open requests with what is held and what to pay out; Complete pays it out', async () => {
    let state: AdminCanadianWithdrawal = request();
    const { api } = startAdmin('/admin#withdrawals', {
      [LIST]: () => ({ body: { withdrawals: [state] } }),
      'POST /api/admin/withdrawals/w-1/complete': () => {
        state = request({ status: 'completed', resolvedAt: '2025-03-05T09:00:00.000Z' });
        return { body: state };
      },
    });
    await sectionHeading('Canadian withdrawals');
    const table = await screen.findByRole('table', { name: 'Canadian withdrawal requests' });
    const row = within(table).getAllByRole('row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => textWithoutMarks(c));
    expect(cells.slice(0, 2)).toEqual(['maple (maple@example.com)', '$30.00']);
    expect(cells[2]).toBe('$28.00');
    expect(cells[4]).toBe('Pending');

    fireEvent.click(within(row).getByRole('button', { name: 'Complete the withdrawal of maple' }));
    expect(await screen.findByText(CANADIAN_WITHDRAWALS_TEXTS.completed('maple', '$28.00'))).toBeTruthy();
    await waitFor(() => expect(within(table).queryByRole('button', { name: /^Complete/ })).toBeNull());
    expect(api.callsTo('POST', '/api/admin/withdrawals/w-1/complete')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/admin/withdrawals/canada').length).toBeGreaterThan(1);
  });

  test('Reject returns the held amount; a request another admin decided first shows their outcome', async () => {
    startAdmin('/admin#withdrawals', {
      [LIST]: () => ({ body: { withdrawals: [request(), request({ id: 'w-2', username: 'birch' })] } }),
      'POST /api/admin/withdrawals/w-1/reject': () => ({ body: request({ status: 'rejected' }) }),
      'POST /api/admin/withdrawals/w-2/complete': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: CANADA_TEXTS.alreadyRejected } },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Canadian withdrawal requests' });
    fireEvent.click(within(table).getByRole('button', { name: 'Reject the withdrawal of maple' }));
    expect(await screen.findByText(CANADIAN_WITHDRAWALS_TEXTS.rejected('maple'))).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Complete the withdrawal of birch' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CANADA_TEXTS.alreadyRejected);
  });

  test('says so when nothing waits', async () => {
    startAdmin('/admin#withdrawals');
    expect(await screen.findByText(CANADIAN_WITHDRAWALS_TEXTS.empty)).toBeTruthy();
  });
});
