import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The element id named by a location hash ("" when there is none), percent-decoded. */
export function idFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Identifies one navigation. The router's location key alone is not enough: an entry the router
 * did not create (a hash typed in the address bar, `location.hash = ...`) has no state, so its key
 * is "default", like the initial entry's. Adding the hash tells those apart.
 */
export function useNavigationKey(): string {
  const { key, hash } = useLocation();
  return `${key}${hash}`;
}

/**
 * Honours the URL hash: on load and on every navigation that carries a hash (including a second
 * click on the same link, which is a new history entry), scrolls the element with that id into
 * view. After the first load it also moves focus to the element's `[data-hash-focus]` descendant
 * (or the element itself), so keyboard and screen-reader users land where the page scrolled.
 * Returns the id the hash names.
 */
export function useScrollToHash(): string {
  const id = idFromHash(useLocation().hash);
  const key = useNavigationKey();
  const initialKey = useRef(key);

  useEffect(() => {
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    if (typeof target.scrollIntoView === 'function') {
      target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }
    if (key !== initialKey.current) {
      const focusTarget = target.querySelector<HTMLElement>('[data-hash-focus]') ?? target;
      focusTarget.focus({ preventScroll: true });
    }
  }, [id, key]);

  return id;
}
