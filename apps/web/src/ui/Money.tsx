import { formatMinor } from '@rush/domain';

interface MoneyProps {
  /** Integer minor units (USD cents, RC hundredths); null when unknown. */
  minor: number | null | undefined;
  hidden?: boolean;
  className?: string;
}

/** An amount with two decimals and thousands separators, "-" when hidden or unknown (SPEC 2). */
export function Money({ minor, hidden = false, className }: MoneyProps) {
  return <span className={['money', className].filter(Boolean).join(' ')}>{formatMinor(minor, hidden)}</span>;
}
