import { useLocation } from 'react-router';
import type { Me } from '@rush/protocol';
import { hasFlag } from '../ui/overlayFlags.ts';
import { AccountSettings } from '../features/accounts/settings/AccountSettings.tsx';
import { GamingPane } from '../features/wallet/index.ts';

/** Account Settings with the wallet's Gaming pane: the two features meet here, not in each other. */
export function AccountSettingsOverlay({ me }: { me: Me }) {
  // `?settings=gaming` opens on the Gaming pane (the reality check's Set a limit and Take a break).
  const gamingFirst = hasFlag(useLocation().search, 'settings', 'gaming');
  const initialPane = gamingFirst ? 'gaming' : 'general';
  return <AccountSettings key={initialPane} me={me} gaming={<GamingPane me={me} />} initialPane={initialPane} />;
}
