import { useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME } from '@rush/domain';
import { ACCOUNT_ROUTES, PROTOCOL_VERSION, type AppConfigResponse, type Me } from '@rush/protocol';
import { request } from './http.ts';

/** The session (who is signed in) and the app's config: read by every layer, so kept with the client. */
export const fetchAppConfig = () => request('GET', ACCOUNT_ROUTES.appConfig, { schema: (s) => s.AppConfigResponse });

export const fetchSession = () => request('GET', ACCOUNT_ROUTES.session, { schema: (s) => s.SessionResponse });

export const SESSION_KEY = ['session'] as const;
export const APP_CONFIG_KEY = ['app-config'] as const;

/** Used until (or if never) the server's config arrives: nothing optional is offered. */
export const FALLBACK_CONFIG: AppConfigResponse = {
  productName: PRODUCT_NAME,
  supportEmail: DEFAULT_SUPPORT_EMAIL,
  googleEnabled: false,
  facebookEnabled: false,
  captchaSiteKey: null,
  captchaScriptUrl: null,
  protocolVersion: PROTOCOL_VERSION,
  // Until the server says otherwise, money is assumed to be test money (the default of npm start).
  payments: 'sandbox',
  chessPlatform: 'builtin',
  communityUrl: null,
};

export interface SessionState {
  me: Me | null;
  /** True until the first answer (or failure) of GET /api/session. */
  loading: boolean;
  error: boolean;
  retry: () => void;
}

export function useSession(): SessionState {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 60_000, retry: 1 });
  return {
    me: query.data?.user ?? null,
    loading: query.isPending,
    error: query.isError && !query.data,
    retry: () => void query.refetch(),
  };
}

export function useAppConfig(): AppConfigResponse {
  const query = useQuery({ queryKey: APP_CONFIG_KEY, queryFn: fetchAppConfig, staleTime: Infinity, retry: 1 });
  return query.data ?? FALLBACK_CONFIG;
}

export function setMe(client: QueryClient, me: Me | null): void {
  client.setQueryData(SESSION_KEY, { user: me });
}

/** Applies an optimistic change to the cached user; returns the previous user for rollback. */
export function patchMe(client: QueryClient, change: (me: Me) => Me): Me | null {
  const previous = client.getQueryData<{ user: Me | null }>(SESSION_KEY)?.user ?? null;
  if (previous) setMe(client, change(previous));
  return previous;
}
