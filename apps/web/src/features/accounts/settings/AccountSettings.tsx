import { useState, type ReactNode } from 'react';
import type { Me } from '@rush/protocol';
import { TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import { GeneralPane } from './GeneralPane.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { SecurityPane } from './SecurityPane.tsx';
import './settings.css';

export type Pane = 'general' | 'security' | 'gaming';

const PANES = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'gaming', label: 'Gaming' },
] as const;

/**
 * The Account Settings modal (?settings): General, Security, Gaming, Logout. The Gaming pane
 * (limits, closing the account) is the wallet's, handed in by app/ (accounts sits below wallet).
 */
export function AccountSettings({
  me,
  gaming,
  initialPane = 'general',
}: {
  me: Me;
  gaming: ReactNode;
  /** The pane it opens on (`?settings=gaming`: the Gaming pane). */
  initialPane?: Pane;
}) {
  const [pane, setPane] = useState<Pane>(initialPane);
  return (
    <div className="settings">
      <Tabs
        label="Account settings sections"
        idPrefix="settings"
        items={PANES}
        selected={pane}
        onSelect={setPane}
        className="settings-tabs"
        trailing={<LogoutButton className="settings-logout" />}
      />
      <TabPanel idPrefix="settings" id={pane}>
        {pane === 'security' ? <SecurityPane me={me} /> : null}
        {pane === 'gaming' ? gaming : null}
        {pane === 'general' ? <GeneralPane me={me} /> : null}
      </TabPanel>
    </div>
  );
}
