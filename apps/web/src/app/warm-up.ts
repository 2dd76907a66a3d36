/**
 * Two synchronous trips to the browser process the app makes as it starts, made instead while its code
 * is still downloading (src/main.tsx calls this once the boot has painted), so they no longer lengthen
 * the task that evaluates the app and draws the first screen (4-17 ms and 0.3-9 ms each on the CI
 * machine's Chromium, measured cold).
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
  const state = history.state;
  if (state?.idx == null) history.replaceState({ ...state, idx: 0 }, '');
}
