import { useEffect, useMemo } from 'react';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { isChunkLoadError, mayReloadForNewBuild, reloadForNewBuild } from '../api/chunkReload.ts';
import { LoadingScreen } from './LoadingScreen.tsx';

/**
 * A page crashed while rendering: log it and show the /500 page (SPEC 2). A page whose code
 * could not be loaded (a deploy replaced it) gets one reload of the same address instead.
 */
export function CrashToServerError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  // Decided once per error: after the reload is stamped, a re-render must not change its mind.
  const reloading = useMemo(() => isChunkLoadError(error) && mayReloadForNewBuild(), [error]);
  useEffect(() => {
    if (reloading) reloadForNewBuild();
    else console.error(error);
  }, [error, reloading]);
  if (reloading) return <LoadingScreen />;
  // The error page itself failing must not loop.
  if (pathname === '/500') return <FatalError />;
  return <Navigate to="/500" replace />;
}

/** The shell itself crashed: nothing of the app can be trusted, so a bare page with a way out. */
export function FatalError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <FatalErrorView />;
}

/** The last resort page of both the router's and the app's error boundaries. */
export function FatalErrorView() {
  return (
    <main className="fatal-error">
      <h1>Something went wrong</h1>
      <p>
        <a href="/">Reload the page</a>
      </p>
    </main>
  );
}
