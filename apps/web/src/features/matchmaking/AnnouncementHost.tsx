import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Announcement } from './Announcement.tsx';
import { useAppState } from './queries.ts';
import './matchmaking.css';

/**
 * Everyone, on every page: the admin's announcement while it is set to show (SPEC 3 app state),
 * live from the `app` topic. Dismissing hides this text for the rest of the visit.
 */
export function AnnouncementHost() {
  const appState = useAppState();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const announcement = appState.data?.announcement;
  if (!announcement?.show) return null;
  const key = `${announcement.title}\n${announcement.text}\n${announcement.returnTime ?? ''}`;
  if (dismissed === key) return null;
  return (
    <div className="announcement-banner">
      <Announcement announcement={announcement} />
      <Button variant="ghost" onClick={() => setDismissed(key)}>
        Dismiss
      </Button>
    </div>
  );
}
