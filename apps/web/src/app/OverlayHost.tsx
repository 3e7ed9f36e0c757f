import { lazy } from 'react';
import { Overlay } from '../ui/Overlay.tsx';
import { useSession } from '../features/accounts/session.ts';
import { InvitationHost } from '../features/play/InvitationHost.tsx';
import { AnnouncementHost } from '../features/matchmaking/AnnouncementHost.tsx';
import { ChallengeHost } from '../features/matchmaking/ChallengeHost.tsx';
import { SocialHost } from '../features/social/SocialHost.tsx';

const AccountSettings = lazy(() =>
  import('../features/accounts/settings/AccountSettings.tsx').then((m) => ({ default: m.AccountSettings })),
);
const BugReportForm = lazy(() =>
  import('../features/reports/BugReportForm.tsx').then((m) => ({ default: m.BugReportForm })),
);
const HistoryOverlay = lazy(() =>
  import('../features/history/HistoryOverlay.tsx').then((m) => ({ default: m.HistoryOverlay })),
);

/**
 * Every overlay the URL can open (SPEC 2 query flags); each renders only while its flag is set.
 * For a signed-in user it also holds the incoming game invitation and challenge cards and the
 * social layer (friends, messenger, docked chat windows), and for
 * everyone the admin's announcement, shown on every page.
 */
export function OverlayHost() {
  const { me } = useSession();
  return (
    <>
      {me ? (
        <>
          <InvitationHost me={me} />
          <ChallengeHost me={me} />
          <Overlay flag="settings" title="Account Settings" className="dialog-wide">
            <AccountSettings me={me} />
          </Overlay>
          <Overlay flag="history" title="History" className="dialog-wide">
            <HistoryOverlay />
          </Overlay>
          <SocialHost me={me} />
        </>
      ) : null}
      <AnnouncementHost />
      <Overlay flag="bugreport" title="Report a Bug">
        <BugReportForm />
      </Overlay>
    </>
  );
}
