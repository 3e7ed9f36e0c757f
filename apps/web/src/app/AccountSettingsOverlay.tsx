import type { Me } from '@rush/protocol';
import { AccountSettings } from '../features/accounts/settings/AccountSettings.tsx';
import { GamingPane } from '../features/wallet/index.ts';

/** Account Settings with the wallet's Gaming pane: the two features meet here, not in each other. */
export function AccountSettingsOverlay({ me }: { me: Me }) {
  return <AccountSettings me={me} gaming={<GamingPane me={me} />} />;
}
