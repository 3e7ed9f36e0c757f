import { REALTIME_PATH } from '@rush/protocol';

/* Where the realtime socket connects, and the one reload a protocol change earns (realtime.ts). */

const RELOAD_GUARD_KEY = 'rush.protocolReloadAt';
const RELOAD_GUARD_MS = 30_000;

/** The socket's address: this page's host, ws or wss as the page's scheme. */
export function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
}

/** A protocol mismatch reloads once to fetch the new bundle; never loops if the server is still old. */
export function reloadForNewProtocol(reload: () => void): void {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
  } catch {
    // storage unavailable: reload anyway
  }
  reload();
}
