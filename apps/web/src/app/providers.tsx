import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RealtimeProvider } from '../api/realtime-react.tsx';
import { queryRetryDelay, shouldRetryQuery } from '../api/retry.ts';
import type { RealtimeClient } from '../api/realtime.ts';
import { SESSION_KEY, useSession } from '../api/session.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Reads are idempotent GETs: transient failures (network, 429, 408, gateway 5xx) retry
      // after the server's Retry-After or a backoff. Changes never retry by themselves.
      queries: { refetchOnWindowFocus: false, retry: shouldRetryQuery, retryDelay: queryRetryDelay },
      mutations: { retry: false },
    },
  });
}

function RealtimeBridge({ client, children }: { client?: RealtimeClient; children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const identity = session.loading ? undefined : (session.me?.sessionId ?? null);
  return (
    <RealtimeProvider
      client={client}
      identity={identity}
      onLoggedOut={() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY })}
    >
      {children}
    </RealtimeProvider>
  );
}

interface AppProvidersProps {
  queryClient: QueryClient;
  /** Tests pass a client with a fake socket. */
  realtime?: RealtimeClient;
  children: ReactNode;
}

/**
 * Server state (TanStack Query) and the realtime socket bound to the session, under the
 * top-level error boundary: whatever throws while rendering, the page is never left blank.
 */
export function AppProviders({ queryClient, realtime, children }: AppProvidersProps) {
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RealtimeBridge client={realtime}>{children}</RealtimeBridge>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
