import type { Currency } from '@rush/domain';
import { useAppConfig } from '../api/session.ts';
import './amount.css';

/** What the mark means, for hover and for screen readers; it starts with the visible word. */
export const SANDBOX_DESCRIPTION = 'Sandbox: test money, not real dollars';

/**
 * Issue 10: in PAYMENTS=sandbox mode every USD amount carries this mark, so nobody mistakes the
 * sandbox provider's test money for real dollars. Renders nothing when payments are off, and
 * nothing beside RushCoins (`currency` 'wbx'), which are never real money.
 */
export function SandboxMark({ currency = 'usd' }: { currency?: Currency }) {
  const { payments } = useAppConfig();
  if (payments !== 'sandbox' || currency !== 'usd') return null;
  // The space keeps the mark a word of its own in the text and in accessible names ("$5 Sandbox").
  return (
    <>
      {' '}
      <span className="sandbox-mark" role="note" aria-label={SANDBOX_DESCRIPTION} title={SANDBOX_DESCRIPTION}>
        Sandbox
      </span>
    </>
  );
}
