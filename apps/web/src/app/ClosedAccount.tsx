import { useId } from 'react';
import { Link } from 'react-router';
import { TEXTS } from '@rush/domain';
import { BlockingOverlay } from '../ui/BlockingOverlay.tsx';
import { LogoutButton } from '../features/accounts/settings/LogoutButton.tsx';

/**
 * SPEC 2: a closed account sees a permanent overlay on every page but admin (AppShell decides
 * where), after self-exclusion on this session and after any later login. Nothing beneath it can
 * be used but the way out with the player's money: the wallet (where AppShell shows no overlay,
 * issue 33) and logging out.
 */
export function ClosedAccount() {
  const titleId = useId();
  return (
    <BlockingOverlay labelledBy={titleId} className="closed-account">
      <h2 id={titleId}>{TEXTS.accountClosed}</h2>
      <LogoutButton />
      <p>
        <Link to="/wallet">Withdraw your balance</Link>
      </p>
    </BlockingOverlay>
  );
}
