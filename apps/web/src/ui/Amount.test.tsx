import { afterEach, describe, expect, test } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import type { AppConfigResponse } from '@rush/protocol';
import { APP_CONFIG_KEY, FALLBACK_CONFIG } from '../api/session.ts';
import { Amount } from './Amount.tsx';
import { SANDBOX_DESCRIPTION } from './SandboxMark.tsx';

afterEach(cleanup);

/** The Amount under a query cache that already holds the server's config (no fetch involved). */
function renderAmount(payments: AppConfigResponse['payments'], props: ComponentProps<typeof Amount>) {
  const client = new QueryClient();
  client.setQueryData(APP_CONFIG_KEY, { ...FALLBACK_CONFIG, payments });
  return render(
    <QueryClientProvider client={client}>
      <Amount {...props} testId="amount" />
    </QueryClientProvider>,
  );
}

const amountText = () => screen.getByTestId('amount').textContent;
const mark = () => screen.queryByRole('note', { name: SANDBOX_DESCRIPTION });

describe('Amount: an amount with its currency and, in sandbox mode, the Sandbox mark (issue 10)', () => {
  test('sandbox, USD: "$20.00" with a visible "Sandbox" badge described as test money', () => {
    renderAmount('sandbox', { minor: 2000, currency: 'usd' });
    expect(amountText()).toBe('$20.00');
    const badge = mark();
    expect(badge?.textContent).toBe('Sandbox');
    // The accessible name starts with the visible word (WCAG label in name); hover shows the same.
    expect(badge?.getAttribute('aria-label')?.startsWith('Sandbox')).toBe(true);
    expect(badge?.getAttribute('title')).toBe('Sandbox: test money, not real dollars');
  });

  test('sandbox, RushCoins: "200.00 RC" and no mark (RC is never real money)', () => {
    renderAmount('sandbox', { minor: 20000, currency: 'wbx' });
    expect(amountText()).toBe('200.00 RC');
    expect(mark()).toBeNull();
  });

  test('payments off: USD without any mark', () => {
    renderAmount('off', { minor: 2000, currency: 'usd' });
    expect(amountText()).toBe('$20.00');
    expect(mark()).toBeNull();
    expect(screen.queryByText('Sandbox')).toBeNull();
  });

  test('hidden: "-" instead of the amount, the mark still says the balance is test money', () => {
    renderAmount('sandbox', { minor: 2000, currency: 'usd', hidden: true });
    expect(amountText()).toBe('-');
    expect(mark()).not.toBeNull();
  });

  test('unknown amount: "-"', () => {
    renderAmount('off', { minor: null, currency: 'wbx' });
    expect(amountText()).toBe('-');
  });

  test('without the symbol (a currency code sits beside it): digits only, mark kept', () => {
    renderAmount('sandbox', { minor: 123456789, currency: 'usd', mark: 'none' });
    expect(amountText()).toBe('1,234,567.89');
    expect(mark()).not.toBeNull();
  });

  test('the long mark of the fee notes: "US$0.50", Sandbox mark kept', () => {
    renderAmount('sandbox', { minor: 50, currency: 'usd', mark: 'long' });
    expect(amountText()).toBe('US$0.50');
    expect(mark()).not.toBeNull();
  });

  test('bigint minor units, as wallet plans compute them', () => {
    renderAmount('off', { minor: 150n, currency: 'usd' });
    expect(amountText()).toBe('$1.50');
  });
});
