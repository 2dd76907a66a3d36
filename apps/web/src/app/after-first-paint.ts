/**
 * Past this the app starts anyway: a browser may hold its first paint longer (Chrome keeps showing the
 * previous page for a while), and the diner is better served by the app's own screen by then.
 */
const MAX_WAIT_MS = 300;

/**
 * Resolves once the browser has painted the page as the HTML left it (the boot markup), as its paint
 * timing reports; at once in a hidden tab, which paints nothing. A frame callback is no such signal:
 * Chrome runs frames before it first paints a new page.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    const paintTiming = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint') === true;
    if (!paintTiming) {
      // a frame callback runs just before its paint: a task queued from one runs after it
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, MAX_WAIT_MS);
      return;
    }
    if (performance.getEntriesByType('paint').length > 0) return resolve();
    const done = () => {
      observer.disconnect();
      resolve();
    };
    const observer = new PerformanceObserver(done);
    observer.observe({ type: 'paint' });
    setTimeout(done, MAX_WAIT_MS);
  });
}
