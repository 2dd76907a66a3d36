/**
 * How long after the load event the shell's extras wait: the first screen's late pictures (the cart's
 * suggestions) and its last renders come first. Not the storefront's live stream (use-storefront-live.ts):
 * a shop that pauses a mode a second after a menu opened must show it on that menu.
 */
export const AFTER_FIRST_SCREEN_MS = 1000;

/**
 * Runs a callback once the page has loaded, a little later, when the main thread is idle: the shell's
 * extras (app-shell.tsx) and third-party tags must never compete with the first screen's paint and data.
 * Returns a cancel function.
 */
export function whenIdle(callback: () => void, delayAfterLoadMs = 0, idleTimeoutMs = 4000): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;

  function run() {
    if (!cancelled) callback();
  }
  function afterLoad() {
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        idle = requestIdleCallback(run, { timeout: idleTimeoutMs });
      else run();
    }, delayAfterLoadMs);
  }

  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
  };
}
