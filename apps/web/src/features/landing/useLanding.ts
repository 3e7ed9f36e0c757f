import { useQuery } from '@tanstack/react-query';
import { fetchLanding } from './api.ts';

/** Live games, the top 15 and the count change all the time: reloaded this often while shown. */
export const LANDING_REFRESH_MS = 15_000;

export const landingKey = (uid: string | null) => ['landing', uid] as const;

/**
 * The landing's numbers and lists. Keyed by the user (the recent game is theirs); refetched
 * every LANDING_REFRESH_MS while the tab is visible (react-query pauses intervals in hidden tabs).
 */
export function useLanding(uid: string | null) {
  return useQuery({
    queryKey: landingKey(uid),
    queryFn: fetchLanding,
    refetchInterval: LANDING_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
