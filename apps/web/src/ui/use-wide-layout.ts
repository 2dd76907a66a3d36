import { useSyncExternalStore } from 'react';

/**
 * From this width the storefront is laid out for a desktop: the menu gets its cart column and the
 * bottom cart bar goes. The CSS uses the same breakpoint (`@media (min-width: 1024px)`).
 */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';

function wideQuery(): MediaQueryList | null {
  return typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(WIDE_LAYOUT_QUERY);
}

function subscribe(listener: () => void): () => void {
  const query = wideQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** True on a wide screen; read synchronously, so the first render already has the right layout. */
export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wideQuery()?.matches ?? false,
    () => false,
  );
}
