import { useState } from 'react';
import type { Me } from '@rush/protocol';
import { TabPanel, Tabs } from '../../../ui/Tabs.tsx';
import { GamingPane } from './GamingPane.tsx';
import { GeneralPane } from './GeneralPane.tsx';
import { LogoutButton } from './LogoutButton.tsx';
import { SecurityPane } from './SecurityPane.tsx';
import './settings.css';

type Pane = 'general' | 'security' | 'gaming';

const PANES = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'gaming', label: 'Gaming' },
] as const;

/** The Account Settings modal (?settings): General, Security, Gaming, Logout. */
export function AccountSettings({ me }: { me: Me }) {
  const [pane, setPane] = useState<Pane>('general');
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
        {pane === 'gaming' ? <GamingPane me={me} /> : null}
        {pane === 'general' ? <GeneralPane me={me} /> : null}
      </TabPanel>
    </div>
  );
}
