import { describe, expect, test, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEXTS } from '@rush/domain';
import { IDEMPOTENCY_HEADER } from '@rush/protocol';
import { ABOVE_BALANCE_MS } from './sections/MoneyDialog.tsx';
import { startAdmin } from './testing.tsx';

vi.setConfig({ testTimeout: 30_000 });

const users = [
  { uid: 'u2', username: 'bob', hasWallet: true, balances: { usd: 2500, wbx: 10000 } },
  { uid: 'u3', username: 'carol', hasWallet: false, balances: { usd: null, wbx: 500 } },
  // Issue 32: a deposit returned by the bank after the money was spent.
  { uid: 'u4', username: 'dave', hasWallet: true, balances: { usd: 0, wbx: 0 }, owed: 3000 },
];

function startBalances() {
  return startAdmin('/admin#balances', {
    'GET /api/admin/balances': () => ({ body: { users } }),
    'POST /api/admin/users/u2/deposit': () => ({ body: { uid: 'u2', balances: { usd: 3500, wbx: 10000 } } }),
    'POST /api/admin/users/u2/withdraw': () => ({ body: { uid: 'u2', balances: { usd: 0, wbx: 10000 } } }),
  });
}

const openDialog = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
};
const submit = (dialog: HTMLElement, label: string) =>
  fireEvent.click(within(dialog).getByRole('button', { name: label }));

describe('balances (SPEC 2, 5, 6)', () => {
  test('users with USD and RC; no wallet: both buttons disabled', async () => {
    startBalances();
    const table = await screen.findByRole('table', { name: 'Balances' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('RC');
    expect(within(table).getByText('$25.00')).toBeTruthy();
    expect(within(table).getByText('100.00 RC')).toBeTruthy();
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: 'Deposit carol' }).disabled).toBe(true);
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: 'Withdraw carol' }).disabled).toBe(true);
    expect(within(table).getByRole<HTMLButtonElement>('button', { name: 'Deposit bob' }).disabled).toBe(false);
    // What a reversed deposit left owing, in its own column; nothing where nothing is owed.
    const owedAt = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Owed');
    const owedOf = (name: string) =>
      within(table).getByText(name).closest('tr')!.querySelectorAll('td')[owedAt]!.textContent;
    expect(owedOf('dave')).toMatch(/^\$30\.00/);
    expect(owedOf('bob')).toBe('');
  });

  test('Deposit sends {amount} in cents with an Idempotency-Key; a double click pays once', async () => {
    const { api } = startBalances();
    const dialog = await openDialog('Deposit bob');
    expect(within(dialog).getByRole('heading', { name: 'Deposit for bob' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '10.5' } });
    submit(dialog, 'Deposit');
    submit(dialog, 'Deposit');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = api.callsTo('POST', '/api/admin/users/u2/deposit');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls[0]!.body).toEqual({ amount: 1050 });
    const key = calls[0]!.headers[IDEMPOTENCY_HEADER];
    expect(key).toMatch(/^[A-Za-z0-9_:.-]{1,100}$/);
    // However many clicks got through, they all carry this opening's key: the server pays once.
    expect(new Set(calls.map((c) => c.headers[IDEMPOTENCY_HEADER]))).toEqual(new Set([key]));

    const again = await openDialog('Deposit bob');
    fireEvent.change(within(again).getByLabelText('Amount ($)'), { target: { value: '1' } });
    submit(again, 'Deposit');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const second = api.callsTo('POST', '/api/admin/users/u2/deposit').at(-1)!;
    expect(second.body).toEqual({ amount: 100 });
    expect(second.headers[IDEMPOTENCY_HEADER]).not.toBe(key);
  });

  test("withdraw above the balance: SPEC's message for 5 s and nothing sent", async () => {
    const { api } = startBalances();
    const dialog = await openDialog('Withdraw bob');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '25.01' } });
    submit(dialog, 'Withdraw');
    expect(await within(dialog).findByText(TEXTS.adminWithdrawAboveBalance)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(ABOVE_BALANCE_MS - 1000));
    expect(within(dialog).getByText(TEXTS.adminWithdrawAboveBalance)).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1500));
    expect(within(dialog).queryByText(TEXTS.adminWithdrawAboveBalance)).toBeNull();
    expect(api.callsTo('POST', '/api/admin/users/u2/withdraw')).toHaveLength(0);
    vi.useRealTimers();
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '25' } });
    submit(dialog, 'Withdraw');
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/users/u2/withdraw')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/admin/users/u2/withdraw')[0]!.body).toEqual({ amount: 2500 });
    expect(api.callsTo('POST', '/api/admin/users/u2/withdraw')[0]!.headers[IDEMPOTENCY_HEADER]).toBeTruthy();
  });

  test('a negative or unreadable amount is refused (min 0)', async () => {
    const { api } = startBalances();
    const dialog = await openDialog('Deposit bob');
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '-5' } });
    submit(dialog, 'Deposit');
    expect(await within(dialog).findByText('Please enter an amount of 0 or more.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/users/u2/deposit')).toHaveLength(0);
  });

  test("the server's refusal is shown in the modal", async () => {
    startAdmin('/admin#balances', {
      'GET /api/admin/balances': () => ({ body: { users } }),
      'POST /api/admin/users/u2/withdraw': () => ({
        status: 400,
        body: { error: { code: 'BAD_REQUEST', message: TEXTS.adminWithdrawAboveBalance } },
      }),
    });
    const dialog = await openDialog('Withdraw bob');
    fireEvent.change(within(dialog).getByLabelText('Amount ($)'), { target: { value: '1' } });
    submit(dialog, 'Withdraw');
    expect(await within(dialog).findByText(TEXTS.adminWithdrawAboveBalance)).toBeTruthy();
  });
});
