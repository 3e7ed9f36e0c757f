import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ADMIN_TOPIC, AdminEvents, type AdminSection } from '@rush/protocol';
import * as api from './api.ts';
import { ApiError } from '../../api/http.ts';
import { useTopic } from '../../api/realtime-react.tsx';
import { reloadOnce } from '../../api/reload-once.ts';

/**
 * The console's reads and writes (issue 12). Every key starts with ['admin', section] so an
 * `admin.changed` {section} from another console refetches exactly that part.
 */
export const ADMIN_KEY = ['admin'] as const;
export const sectionKey = (section: AdminSection) => ['admin', section] as const;

export const adminKeys = {
  app: sectionKey('app'),
  banned: [...sectionKey('bans'), 'list'] as const,
  games: sectionKey('games'),
  matchmaking: [...sectionKey('matchmaking'), 'users'] as const,
  lobbies: [...sectionKey('matchmaking'), 'lobbies'] as const,
  catalog: sectionKey('catalog'),
  userSearch: (q: string) => [...sectionKey('users'), 'search', q] as const,
  user: (uid: string) => [...sectionKey('users'), 'detail', uid] as const,
  userGames: (uid: string, page: number) => [...sectionKey('users'), 'games', uid, page] as const,
  balances: sectionKey('balances'),
  bugReports: (status: 'active' | 'archived') => [...sectionKey('bugReports'), status] as const,
  reports: (archived: boolean) => [...sectionKey('reports'), archived] as const,
  flags: sectionKey('flags'),
  transactions: (page: number, filters: api.TransactionFilters) =>
    [...sectionKey('transactions'), page, filters] as const,
  audit: (page: number, filters: api.AuditFilters) => [...sectionKey('audit'), page, filters] as const,
};

export const useAppStateAdmin = () => useQuery({ queryKey: adminKeys.app, queryFn: api.fetchAppState });
export const useCatalogAdmin = () => useQuery({ queryKey: adminKeys.catalog, queryFn: api.fetchCatalog });
export const useBanned = () => useQuery({ queryKey: adminKeys.banned, queryFn: api.fetchBanned });
export const useLiveGames = () => useQuery({ queryKey: adminKeys.games, queryFn: api.fetchLiveGames });
export const useMatchmakingUsers = () => useQuery({ queryKey: adminKeys.matchmaking, queryFn: api.fetchMatchmaking });
export const useLobbies = () => useQuery({ queryKey: adminKeys.lobbies, queryFn: api.fetchLobbies });
export const useBalances = () => useQuery({ queryKey: adminKeys.balances, queryFn: api.fetchBalances });
export const useFlags = () => useQuery({ queryKey: adminKeys.flags, queryFn: api.fetchFlags });

/** Nothing is asked before the first search. */
export const useUserSearch = (q: string | null) =>
  useQuery({
    queryKey: adminKeys.userSearch(q ?? ''),
    queryFn: () => api.searchUsers(q ?? ''),
    enabled: q !== null,
  });
export const useAdminUser = (uid: string) =>
  useQuery({ queryKey: adminKeys.user(uid), queryFn: () => api.fetchUser(uid) });
export const useUserGames = (uid: string, page: number) =>
  useQuery({
    queryKey: adminKeys.userGames(uid, page),
    queryFn: () => api.fetchUserGames(uid, page),
    placeholderData: keepPreviousData,
  });
export const useBugReports = (status: 'active' | 'archived') =>
  useQuery({ queryKey: adminKeys.bugReports(status), queryFn: () => api.fetchBugReports(status) });
export const useReports = (archived: boolean) =>
  useQuery({ queryKey: adminKeys.reports(archived), queryFn: () => api.fetchReports(archived) });
export const useAdminTransactions = (page: number, filters: api.TransactionFilters) =>
  useQuery({
    queryKey: adminKeys.transactions(page, filters),
    queryFn: () => api.fetchAdminTransactions(page, filters),
    placeholderData: keepPreviousData,
  });
export const useAudit = (page: number, filters: api.AuditFilters) =>
  useQuery({
    queryKey: adminKeys.audit(page, filters),
    queryFn: () => api.fetchAudit(page, filters),
    placeholderData: keepPreviousData,
  });

/**
 * A console write: on success the sections it touches are read again (other consoles learn it
 * from `admin.changed`). Its key starts with 'admin' so a 403 sends the viewer to / (SPEC 8).
 */
export function useAdminMutation<V, R>(sections: readonly AdminSection[], mutationFn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', ...sections],
    mutationFn,
    onSuccess: () => {
      for (const section of sections) void client.invalidateQueries({ queryKey: sectionKey(section) });
    },
  });
}

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403 && error.code !== 'CSRF';
const isAdminKey = (key: unknown) => Array.isArray(key) && key[0] === 'admin';

const mutationKeyOf = (options: { mutationKey?: unknown }): unknown => options.mutationKey;

/** SPEC 8: any admin read or write answered 403 (permission denied) sends the viewer to /. */
export function useForbiddenRedirect(): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    const leave = () => void navigate('/', { replace: true });
    const stopQueries = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && isAdminKey(event.query.queryKey) && isForbidden(event.query.state.error)) leave();
    });
    const stopMutations = client.getMutationCache().subscribe((event) => {
      const mutation = event.mutation;
      if (event.type === 'updated' && mutation && isAdminKey(mutationKeyOf(mutation.options))) {
        if (isForbidden(mutation.state.error)) leave();
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, navigate]);
}

/**
 * SPEC 7 startWatchingAdminData: while the console is open it listens to the `admin` topic and
 * refetches the section an `admin.changed` names; leaving the console unsubscribes.
 */
export function useAdminEvents(): void {
  const client = useQueryClient();
  useTopic(ADMIN_TOPIC, {
    onEvent: (event) => {
      if (event.type === AdminEvents.changed)
        void client.invalidateQueries({ queryKey: sectionKey(event.data.section) });
    },
    onResync: () => reloadOnce(client, ADMIN_KEY),
  });
}
