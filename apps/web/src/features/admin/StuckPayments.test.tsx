import { describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { textWithoutMarks } from '../../test/sandbox.ts';
import { sectionHeading, startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

describe('Stuck payments (issue 32)', () => {
  test("each stuck deposit and withdrawal, ours beside the provider's", async () => {
    startAdmin('/admin#stuck-payments', {
      'GET /api/admin/payments/stuck': () => ({
        body: {
          olderThanMinutes: 60,
          float: {
            checkedAt: '2026-11-28T11:00:00.000Z',
            provider: 2850,
            ledger: 3000,
            inFlight: 0,
            difference: -150,
            ok: false,
          },
          deposits: [
            {
              id: 'd1',
              uid: 'u1',
              username: 'ada',
              amount: 2500,
              createdAt: '2026-11-28T10:00:00.000Z',
              ours: 'open',
              provider: 'paid',
            },
          ],
          withdrawals: [
            {
              id: 'w1',
              uid: 'u2',
              username: 'bob',
              amount: 3000,
              requestedAt: '2026-11-28T10:00:00.000Z',
              providerRef: null,
              provider: 'none found',
            },
          ],
        },
      }),
    });
    await sectionHeading('Stuck payments');
    expect(await screen.findByText('Pending at the provider for more than 60 minutes.')).toBeTruthy();
    expect(textWithoutMarks(screen.getByText(/^Balance at the provider/))).toBe(
      'Balance at the provider $28.50; the ledger expects $30.00 (payouts in flight $0.00). They differ by -$1.50.',
    );
    const deposits = screen.getByRole('table', { name: 'Stuck deposits' });
    const depositRow = within(deposits).getAllByRole('row')[1]!;
    expect(textWithoutMarks(depositRow)).toContain('ada');
    expect(textWithoutMarks(depositRow)).toContain('$25.00');
    expect(within(depositRow).getByText('open')).toBeTruthy();
    expect(within(depositRow).getByText('paid')).toBeTruthy();
    const withdrawals = screen.getByRole('table', { name: 'Stuck withdrawals' });
    const row = within(withdrawals).getAllByRole('row')[1]!;
    expect(within(row).getByText('held, not acknowledged')).toBeTruthy();
    expect(within(row).getByText('none found')).toBeTruthy();
  });
});
