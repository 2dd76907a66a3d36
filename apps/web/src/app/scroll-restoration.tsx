import { useEffect, useLayoutEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';

/**
 * React Router's <ScrollRestoration> (a data-router feature), for the declarative router: a new page
 * opens at the top (or at its #hash), unless the navigation asked `preventScrollReset`; going back or
 * forward comes back where the diner was, also after a reload (positions kept in sessionStorage).
 */

type Place = Pick<Location, 'pathname' | 'key'>;
type ScrollKey = (location: Place) => string;

const STORAGE_KEY = 'comanda:scroll-positions';
let positions: Record<string, number> = {};
/** The mounted <ScrollRestoration>'s key function: positions are only kept while one is mounted. */
let keyOf: ScrollKey | null = null;
/** The location key of the last navigation that asked to keep the scroll position. */
let keepScrollAt: string | null = null;

/** Called by the router (app-router.tsx) before it renders a navigation. */
export function beforeNavigation(from: Place, to: Place, preventScrollReset: boolean): void {
  if (keyOf) positions[keyOf(from)] = window.scrollY;
  keepScrollAt = preventScrollReset ? to.key : null;
}

function readPositions(): Record<string, number> {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    return saved ? (JSON.parse(saved) as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function ScrollRestoration({ getKey }: { getKey: ScrollKey }) {
  const location = useLocation();
  const current = useRef(location);
  current.current = location;

  useLayoutEffect(() => {
    positions = { ...readPositions(), ...positions };
    keyOf = getKey;
    window.history.scrollRestoration = 'manual';
    return () => {
      keyOf = null;
      window.history.scrollRestoration = 'auto';
    };
  }, [getKey]);

  // leaving the page (reload, another site): its position is kept for coming back
  useEffect(() => {
    function save() {
      positions[getKey(current.current)] = window.scrollY;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // storage full or blocked: positions stay for this page's life only
      }
      window.history.scrollRestoration = 'auto';
    }
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [getKey]);

  useLayoutEffect(() => {
    const saved = positions[getKey(location)];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (keepScrollAt === location.key) return;
    window.scrollTo(0, 0);
  }, [location, getKey]);

  return null;
}
