/**
 * Work the app's start would do synchronously, done instead while its code is still downloading
 * (src/main.tsx calls these once the boot has painted, each in a task of its own), so it no longer
 * lengthens the task that evaluates the app and draws the first screen.
 */

/**
 * Two synchronous trips to the browser process (4-17 ms and 0.3-9 ms each on the CI machine's
 * Chromium, measured cold).
 */
export function warmUpBrowserState(): void {
  try {
    // the first localStorage access loads the origin's whole storage area; the cart store reads it when
    // its module is evaluated (features/cart/cart-store.ts)
    void localStorage.length;
  } catch {
    // storage disabled (some private modes): the cart store copes the same way
  }
  // React Router's browser history numbers the entry it starts on (state.idx, 0 for a new entry) with
  // a replaceState when the entry has none: the same write, earlier. A numbered entry (a reload, a
  // return) is left alone, as React Router leaves it.
  try {
    const state = history.state;
    if (state?.idx == null) history.replaceState({ ...state, idx: 0 }, '');
  } catch {
    // a browser that refuses the write: React Router tries it again as it starts, as it always did
  }
}

// the first screens that show a time in the shop's zone: the tracking page and the order follow-up
const ZONED_TIME_PAGES = /^\/(logistics\/tracking\/order\/|menu\/[^/]+\/order\/)/;

/**
 * The first Intl.DateTimeFormat a page builds sets up the browser's date formatting (ICU): 36-100 ms
 * on the CI machine's Chromium, whatever the locale or zone, and under 1 ms for every one after. The
 * pages whose first screen shows a time in the shop's zone (core's local-time.ts, 'en-GB') pay it here.
 */
export function warmUpDateFormatting(pathname: string): void {
  if (ZONED_TIME_PAGES.test(pathname)) new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit' });
}
