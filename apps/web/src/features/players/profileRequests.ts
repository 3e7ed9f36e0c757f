import { useSyncExternalStore } from 'react';

/**
 * Which player's profile is open (issue 19). A dialog of the page, not a route or a query flag:
 * SPEC 2 fixes both lists. Names anywhere on a page open it (PlayerName) and one host draws it
 * (ProfileHost), so a tiny store joins them without a provider around the whole app.
 */
export interface ProfileRequest {
  uid: string;
  username: string;
}

let current: ProfileRequest | null = null;
const listeners = new Set<() => void>();

function set(next: ProfileRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export const openProfile = (request: ProfileRequest): void => set(request);
export const closeProfile = (): void => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useProfileRequest(): ProfileRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
