import { lazy, Suspense } from 'react';
import { Overlay } from '../ui/Overlay.tsx';
import { useSession } from '../api/session.ts';
import { AnnouncementHost } from '../features/matchmaking/AnnouncementHost.tsx';
import { useProfileRequest } from '../features/players/profileRequests.ts';

// A signed-in player's layers load after the page's first paint: a visitor never downloads them,
// and the landing's first load stays within its budget (issue 17).
const InvitationHost = lazy(() =>
  import('../features/matchmaking/InvitationHost.tsx').then((m) => ({ default: m.InvitationHost })),
);
const ChallengeHost = lazy(() =>
  import('../features/matchmaking/ChallengeHost.tsx').then((m) => ({ default: m.ChallengeHost })),
);
// SPEC 2: a game in progress forces its route from every page.
const ActiveGameRedirect = lazy(() =>
  import('./ActiveGameRedirect.tsx').then((m) => ({ default: m.ActiveGameRedirect })),
);
// Issue 37: the reality check between games.
const RealityCheckGate = lazy(() => import('./RealityCheckGate.tsx').then((m) => ({ default: m.RealityCheckGate })));
const SocialHost = lazy(() => import('../features/social/SocialHost.tsx').then((m) => ({ default: m.SocialHost })));

const AccountSettings = lazy(() =>
  import('./AccountSettingsOverlay.tsx').then((m) => ({ default: m.AccountSettingsOverlay })),
);
const BugReportForm = lazy(() =>
  import('../features/reports/BugReportForm.tsx').then((m) => ({ default: m.BugReportForm })),
);
// A player's profile (issue 19) loads when a name is first clicked.
const ProfileHost = lazy(() => import('../features/players/ProfileHost.tsx').then((m) => ({ default: m.ProfileHost })));

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
  const profileRequested = useProfileRequest() !== null;
  return (
    <>
      {me ? (
        <>
          {/* One boundary each: the messenger or Friends opened by its flag shows as soon as its own
              code is in, not once every host's is (a slow chunk of another hid it: issue 36). */}
          <Suspense fallback={null}>
            <ActiveGameRedirect me={me} />
          </Suspense>
          <Suspense fallback={null}>
            <InvitationHost me={me} />
          </Suspense>
          <Suspense fallback={null}>
            <ChallengeHost me={me} />
          </Suspense>
          <Suspense fallback={null}>
            <SocialHost me={me} />
            <RealityCheckGate me={me} />
          </Suspense>
          <Overlay flag="settings" title="Account Settings" className="dialog-wide">
            <AccountSettings me={me} />
          </Overlay>
          <Overlay flag="history" title="History" className="dialog-wide">
            <HistoryOverlay />
          </Overlay>
        </>
      ) : null}
      <AnnouncementHost />
      {/* A player's profile, opened from their name on any page (visitors too: issue 19). */}
      {profileRequested ? (
        <Suspense fallback={null}>
          <ProfileHost />
        </Suspense>
      ) : null}
      <Overlay flag="bugreport" title="Report a Bug">
        <BugReportForm />
      </Overlay>
    </>
  );
}
