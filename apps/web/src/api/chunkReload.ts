/**
 * A deploy replaces the hashed chunks; a tab opened before it still holds the old shell, whose
 * next page asks for a chunk that is gone (issue 17: "a new deploy never serves a page whose
 * chunks are gone"). The cure is one full load of the same address, which fetches the new shell
 * (served no-cache). Reloaded at most once a minute, so a chunk that is really missing (or a
 * network that is down) ends on the error page instead of a reload loop.
 *
 * The reload is decided by the route's error boundary (RouteErrors.tsx), once the router has
 * moved to the address asked for; Vite's `vite:preloadError` event is left alone: it fires while
 * the old address is still shown, and a reload then would land the player back where they were.
 */
export const CHUNK_RELOAD_KEY = 'rush:chunk-reload-at';
export const CHUNK_RELOAD_SPACING_MS = 60_000;

/** The messages of a failed dynamic import in Chromium, Firefox and Safari, and of Vite's preload. */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: number;
  reload: () => void;
}

/** The browser's reload, as an object's method so a test can watch it (jsdom's cannot be replaced). */
export const page = { reload: (): void => window.location.reload() };

const browserDeps = (): ReloadDeps => ({
  storage: window.sessionStorage,
  now: Date.now(),
  reload: () => page.reload(),
});

/** Whether a reload is allowed now (none within the spacing, and storage to remember it in). */
export function mayReloadForNewBuild(deps: Pick<ReloadDeps, 'storage' | 'now'> = browserDeps()): boolean {
  try {
    const last = Number(deps.storage.getItem(CHUNK_RELOAD_KEY) ?? 0) || 0;
    return deps.now - last >= CHUNK_RELOAD_SPACING_MS;
  } catch {
    // Storage refused (private mode): without a guard a reload could loop, so none.
    return false;
  }
}

/** Remembers the reload, then reloads. */
export function reloadForNewBuild(deps: ReloadDeps = browserDeps()): void {
  try {
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(deps.now));
  } catch {
    return;
  }
  deps.reload();
}
