import { useEffect, useState } from 'react';

/**
 * False until the screen's first content has been painted, then true. A heavy lazy part (the tracking
 * map and its Leaflet chunk) mounted behind it no longer holds the page's text: React waits a moment
 * for a lazy component that suspends in the first (transition) render before it shows the fallback, so
 * the text painted only once Leaflet had arrived (Lighthouse LCP 2.8 s on the tracking page).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // the frame after the commit is painted; the timeout lands after that paint
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
