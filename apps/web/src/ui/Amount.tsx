import { formatAmount, type AmountMark, type Currency } from '@rush/domain';
import { SandboxMark } from './SandboxMark.tsx';
import './amount.css';

interface AmountProps {
  /** Integer minor units (USD cents, RC hundredths); null or undefined shows "-". */
  minor: number | bigint | null | undefined;
  currency: Currency;
  /** The user chose to hide this balance: "-" (the Sandbox mark stays, it reveals nothing). */
  hidden?: boolean;
  /**
   * "$20.00" (short, the default), "US$0.50" (long, the fee notes' wording), or the digits alone
   * where a currency code sits beside the amount already (none: the header's "USD 1,234.56").
   */
  mark?: AmountMark;
  /** Classes for the amount itself (not the mark), e.g. the header's balance-amount. */
  className?: string;
  /** A test id for the amount itself, so tests read the number without the mark. */
  testId?: string;
}

/**
 * An amount with its currency ("$20.00", "200.00 RC"), and for USD the Sandbox mark when the
 * server runs the sandbox payment provider. Every USD amount on screen goes through here.
 */
export function Amount({ minor, currency, hidden = false, mark = 'short', className, testId }: AmountProps) {
  const text = formatAmount(minor, currency, { hidden, mark });
  return (
    <span className="amount">
      <span className={['money', className].filter(Boolean).join(' ')} data-testid={testId}>
        {text}
      </span>
      <SandboxMark currency={currency} />
    </span>
  );
}
