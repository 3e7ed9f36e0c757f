import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { Button } from '../ui/Button.tsx';
import { useSession } from '../features/accounts/session.ts';
import { useUserEvents } from '../features/accounts/useUserEvents.ts';
import { isRouteHandle, redirectFor, type Access } from './access.ts';
import { ClosedAccount } from './ClosedAccount.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';
import { OverlayHost } from './OverlayHost.tsx';
import { ReconnectIndicator } from './ReconnectIndicator.tsx';

function useRouteAccess(): Access {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.access;
  }
  return 'public';
}

function SessionUnavailable({ retry }: { retry: () => void }) {
  return (
    <div className="loading-screen" role="alert">
      <p>We could not reach the server.</p>
      <Button onClick={retry}>Try again</Button>
    </div>
  );
}

/**
 * The layout of every page: header, the page (or the redirect SPEC 2 asks for), footer,
 * overlays. Nothing renders until the session is known, so no page flashes before a redirect.
 */
export function AppShell() {
  const session = useSession();
  const location = useLocation();
  const access = useRouteAccess();
  useUserEvents(session.me);

  if (session.loading) return <LoadingScreen />;
  if (session.error) return <SessionUnavailable retry={session.retry} />;

  const target = redirectFor(access, session.me, location);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <NavigationProgress />
      <Header />
      <main id="main" className="container main" tabIndex={-1}>
        {target ? <Navigate to={target} replace /> : <Outlet />}
      </main>
      <Footer />
      {target ? null : <OverlayHost />}
      {session.me?.closed && access !== 'admin' ? <ClosedAccount /> : null}
      <ReconnectIndicator />
      <ScrollRestoration />
    </div>
  );
}
