import { lazy, Suspense } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { QueryState } from '../ui/QueryState.tsx';
import { useSession } from '../api/session.ts';
import { useUserEvents } from '../features/accounts/useUserEvents.ts';
import { isRouteHandle, redirectFor, type Access } from './access.ts';
import { ApiErrorNotice } from './ApiErrorNotice.tsx';
import { ClosedAccount } from './ClosedAccount.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { NavigationProgress } from './NavigationProgress.tsx';
import { OverlayHost } from './OverlayHost.tsx';
import { ReconnectIndicator } from './ReconnectIndicator.tsx';

// Only an account a sign-in provider made needs it, once: it loads when shown.
const BirthDateGate = lazy(() => import('./BirthDateGate.tsx').then((m) => ({ default: m.BirthDateGate })));

function useRouteAccess(): Access {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.access;
  }
  return 'public';
}

/** The session could not be read: the wait of a 429, the network text, or else a plain retry. */
function SessionUnavailable({ retry }: { retry: () => void }) {
  const failed = { data: undefined, isError: true, error: null, refetch: retry };
  return (
    <div className="loading-screen">
      <ApiErrorNotice
        fallback={
          <QueryState
            query={failed}
            loading=""
            subject="your session"
            describe={() => 'We could not reach the server.'}
          />
        }
      />
    </div>
  );
}

/**
 * Where a closed account sees no overlay: the wallet, its way out with the money (issue 33), and
 * its monthly statements, its records of that money (issue 37). Both only read or withdraw.
 */
const OPEN_WHEN_CLOSED = new Set(['/wallet', '/wallet/statements']);

/**
 * The layout of every page: header, the page (or the redirect SPEC 2 asks for), footer,
 * overlays. No page renders until the session is known, so none flashes before a redirect.
 */
export function AppShell() {
  const session = useSession();
  const location = useLocation();
  const access = useRouteAccess();
  useUserEvents(session.me);

  if (session.loading) {
    // The header paints at once (its actions wait for the session, so nobody signed in is
    // offered Login); while the session read waits out a 429 or retries a failure, say why.
    return (
      <div className="app">
        <Header />
        <main id="main" className="container main" tabIndex={-1}>
          <LoadingScreen />
          <ApiErrorNotice />
        </main>
      </div>
    );
  }
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
        <ApiErrorNotice />
        {target ? <Navigate to={target} replace /> : <Outlet />}
      </main>
      <Footer />
      {target ? null : <OverlayHost />}
      {session.me?.closed && access !== 'admin' && !OPEN_WHEN_CLOSED.has(location.pathname) ? <ClosedAccount /> : null}
      {session.me?.needsDateOfBirth && !session.me.closed ? (
        <Suspense fallback={null}>
          <BirthDateGate />
        </Suspense>
      ) : null}
      <ReconnectIndicator />
      <ScrollRestoration />
    </div>
  );
}
