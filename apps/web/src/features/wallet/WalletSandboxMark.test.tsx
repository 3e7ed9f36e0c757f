import { describe, expect, test, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render.tsx';
import { sandboxMarks, textWithoutMarks } from '../../test/sandbox.ts';
import { makeTransaction, mockWalletApi } from './testing.ts';

// Machines running several suites at once are slow: generous waits, same assertions.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** Issue 10: in PAYMENTS=sandbox mode every USD amount of the wallet carries the Sandbox mark. */

const TRANSACTIONS = [makeTransaction(1, { amount: 2000 }), makeTransaction(2, { currency: 'wbx', amount: 50000 })];

async function openWallet(path = '/wallet') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Wallet', level: 1 });
  return app;
}

const balancesList = async () => (await screen.findByText('$50.00')).closest('dl');
const usdHeader = () => screen.findByRole('group', { name: 'USD balance' });

describe('wallet in sandbox mode', () => {
  test('the header USD balance, the USD and Withdrawable balances and USD rows are marked; RushCoins are not', async () => {
    mockWalletApi({ transactions: TRANSACTIONS, config: { payments: 'sandbox' } });
    await openWallet();

    expect(sandboxMarks(await usdHeader())).toHaveLength(1);
    expect(sandboxMarks(screen.getByRole('group', { name: 'RC balance' }))).toHaveLength(0);

    const balances = await balancesList();
    const marked = [...balances!.querySelectorAll('dd')].map((dd) => sandboxMarks(dd).length);
    expect(marked).toEqual([1, 0, 1]); // USD, RushCoins, Withdrawable
    expect(textWithoutMarks(balances)).toBe('USD$50.00RushCoins1,200.00 RCWithdrawable$25.00');

    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => sandboxMarks(within(row).getAllByRole('cell')[1]).length)).toEqual([1, 0]);
    // The mark is seen: its word is on screen, and it tells what it means.
    const mark = within(rows[0]!).getByRole('note', { name: 'Sandbox: test money, not real dollars' });
    expect(mark.textContent).toBe('Sandbox');
  });

  test('deposit: the presets and the custom amount hint carry the mark', async () => {
    mockWalletApi({ config: { payments: 'sandbox' } });
    await openWallet('/wallet?wallet=deposit');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    const presets = within(dialog).getAllByRole('button', { name: /^Deposit \$\d+ Sandbox: test money/ });
    expect(presets).toHaveLength(4);
    const hint = within(dialog).getByText(/^Whole dollars, from/);
    expect(textWithoutMarks(hint)).toBe(
      'Whole dollars, from $10.00 to $10,000.00. You may deposit up to $3,000.00 more this month.',
    );
    expect(sandboxMarks(hint)).toHaveLength(3);
  });

  test('withdraw and the Canadian notes: the withdrawable amount and the fees carry the mark', async () => {
    mockWalletApi({ config: { payments: 'sandbox' } });
    await openWallet('/wallet?wallet=withdraw');
    const withdraw = await screen.findByRole('dialog', { name: 'Withdraw' });
    const withdrawable = within(withdraw).getByText(/^Withdrawable now:/);
    expect(textWithoutMarks(withdrawable)).toBe('Withdrawable now: $25.00');
    expect(sandboxMarks(withdrawable)).toHaveLength(1);
    fireEvent.click(within(withdraw).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Deposit/Withdrawals for Canadian Users' }));
    const chooser = await screen.findByRole('dialog', { name: 'Deposit/Withdrawals for Canadian Users' });
    const fees = [
      within(chooser).getByText(/^Canadian deposits carry/),
      within(chooser).getByText(/^Canadian withdrawals carry/),
    ];
    expect(fees.map((p) => textWithoutMarks(p))).toEqual([
      'Canadian deposits carry a US$0.50 fee and are funded in about 12-24 hours.',
      'Canadian withdrawals carry a US$2.00 fee.',
    ]);
    expect(fees.map((p) => sandboxMarks(p).length)).toEqual([1, 1]);
  });
});

describe('wallet with payments off', () => {
  test('the same amounts without any mark', async () => {
    const api = mockWalletApi({ transactions: TRANSACTIONS, config: { payments: 'off' } });
    await openWallet();
    const balances = await balancesList();
    await waitFor(() => expect(api.callsTo('GET', '/api/app/config')).toHaveLength(1));
    // Until the config arrives the fallback assumes sandbox; once it says off, the marks go.
    await waitFor(() => expect(screen.queryAllByText('Sandbox')).toHaveLength(0));
    expect(balances?.textContent).toBe('USD$50.00RushCoins1,200.00 RCWithdrawable$25.00');
    expect(sandboxMarks(await usdHeader())).toHaveLength(0);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('$20.00');
    expect(screen.queryAllByRole('note')).toHaveLength(0);
  });
});
