import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RealtimeProvider } from '../api/realtime-react.tsx';
import type { RealtimeClient } from '../api/realtime.ts';
import { SESSION_KEY, useSession } from '../features/accounts/session.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
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

/** Server state (TanStack Query) and the realtime socket bound to the session. */
export function AppProviders({ queryClient, realtime, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeBridge client={realtime}>{children}</RealtimeBridge>
    </QueryClientProvider>
  );
}
