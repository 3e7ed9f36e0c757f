import { useId } from 'react';
import { TEXTS } from '@rush/domain';
import { BlockingOverlay } from '../ui/BlockingOverlay.tsx';
import { LogoutButton } from '../features/accounts/settings/LogoutButton.tsx';

/**
 * SPEC 2: a closed account sees a permanent overlay on every page but admin (AppShell decides
 * where), after self-exclusion on this session and after any later login. Nothing beneath it can
 * be used; logging out is the one thing left.
 */
export function ClosedAccount() {
  const titleId = useId();
  return (
    <BlockingOverlay labelledBy={titleId} className="closed-account">
      <h2 id={titleId}>{TEXTS.accountClosed}</h2>
      <LogoutButton />
    </BlockingOverlay>
  );
}
