/** Never keep a diner on the boot markup longer than this: past it, the screens' skeletons show progress. */
const MAX_WAIT_MS = 3000;

let firstScreenShown = false;
const firstScreenRequests: Promise<unknown>[] = [];

/**
 * Route loaders hand over the requests their screen needs at once; before the first render, the boot
 * markup stays until they have answered. Later navigations are not held (their screens show skeletons).
 */
export function holdFirstScreen(request: Promise<unknown>): void {
  if (!firstScreenShown) firstScreenRequests.push(request.catch(() => undefined));
}

/**
 * Resolves when the first route's code has loaded (`routeCode`, app-router.tsx's loadFirstScreen) and
 * the requests its loaders handed over have answered (the page's <link rel="preload"> usually has them
 * already), or after MAX_WAIT_MS, whichever comes first.
 */
export async function whenFirstScreenReady(routeCode: Promise<unknown>): Promise<void> {
  const ready = routeCode.catch(() => undefined).then(() => Promise.all(firstScreenRequests));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS));
  await Promise.race([ready, timeout]);
  firstScreenShown = true;
  firstScreenRequests.length = 0;
}
