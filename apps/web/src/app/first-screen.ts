import type { QueryClient } from '@tanstack/react-query';

interface StartingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/** Never keep a diner on the boot markup longer than this: past it, the screens' skeletons show progress. */
const MAX_WAIT_MS = 3000;

function routerInitialized(router: StartingRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

function requestsSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const cache = queryClient.getQueryCache();
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    };
    const stop = cache.subscribe(check);
    check();
  });
}

/**
 * Resolves when the first route's code has loaded (router initialised) and the requests its loaders
 * started have answered (the page's <link rel="preload"> usually has them already), or after
 * MAX_WAIT_MS, whichever comes first.
 */
export function whenFirstScreenReady(router: StartingRouter, queryClient: QueryClient): Promise<void> {
  const ready = routerInitialized(router).then(() => requestsSettled(queryClient));
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAX_WAIT_MS));
  return Promise.race([ready, timeout]);
}
