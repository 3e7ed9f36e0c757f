import { useLocation, useNavigate, type To } from 'react-router';

/**
 * Overlays live in the URL as query flags (SPEC 2: ?settings, ?history, ...). Opening one pushes
 * a history entry marked with the flag, so closing can go Back instead of stacking entries.
 */
interface OverlayState {
  overlay?: string;
}

export function withoutFlag(search: string, flag: string): string {
  const params = new URLSearchParams(search);
  params.delete(flag);
  return serialize(params);
}

function withFlag(search: string, flag: string, value = ''): string {
  const params = new URLSearchParams(search);
  params.set(flag, value);
  return serialize(params);
}

/** `?settings` rather than `?settings=` for bare flags. */
function serialize(params: URLSearchParams): string {
  const parts: string[] = [];
  params.forEach((value, key) => {
    parts.push(value === '' ? encodeURIComponent(key) : `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  });
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The flag is present (any value), or, with `value`, present with exactly that value. */
export function hasFlag(search: string, flag: string, value?: string): boolean {
  const params = new URLSearchParams(search);
  return value === undefined ? params.has(flag) : params.get(flag) === value;
}

/** The SPEC 2 query flags that open modal overlays. */
export const MODAL_FLAGS = ['settings', 'history', 'friendslist', 'showmessagespopup', 'bugreport', 'wallet'] as const;

export function anyModalOpen(search: string): boolean {
  return MODAL_FLAGS.some((flag) => hasFlag(search, flag));
}

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Props for a <Link> that opens an overlay on the given page. A `value` names one screen of a
 * flag with several (`?wallet=deposit`); without it the flag is bare (`?settings`).
 */
export function overlayLink(location: Place, flag: string, value?: string): { to: To; state: OverlayState } {
  return {
    to: { pathname: location.pathname, search: withFlag(location.search, flag, value), hash: location.hash },
    state: { overlay: flag },
  };
}

/** Props for a <Link> that opens an overlay on the current page. */
export function useOverlayLink(flag: string, value?: string): { to: To; state: OverlayState } {
  return overlayLink(useLocation(), flag, value);
}

export function useOverlayOpen(flag: string, value?: string): boolean {
  return hasFlag(useLocation().search, flag, value);
}

/**
 * Moves an open overlay to another of its screens (`?wallet=ca` to `?wallet=deposit-ca`) in place:
 * the history entry is replaced and keeps its mark, so closing still goes Back to where it opened.
 */
export function useSwitchOverlay(flag: string): (value: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (value) => {
    void navigate(
      { pathname: location.pathname, search: withFlag(location.search, flag, value), hash: location.hash },
      { replace: true, state: location.state as OverlayState | null },
    );
  };
}

/**
 * Closes an overlay: Back when we opened it, otherwise replace the URL without its flag.
 * `noBack`: never Back. For an overlay holding another site's page in an iframe (the payment
 * provider's): that page's own navigations (a form posted, a redirect to the success URL) join
 * the tab's history, so Back would step the iframe back instead of closing (issue 32).
 */
export function useCloseOverlay(flag: string, options: { noBack?: boolean } = {}): () => void {
  const location = useLocation();
  const navigate = useNavigate();
  return () => {
    const state = location.state as OverlayState | null;
    if (state?.overlay === flag && !options.noBack) {
      void navigate(-1);
      return;
    }
    void navigate(
      { pathname: location.pathname, search: withoutFlag(location.search, flag), hash: location.hash },
      { replace: true },
    );
  };
}
