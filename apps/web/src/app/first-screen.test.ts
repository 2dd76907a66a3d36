import { afterEach, describe, expect, it, vi } from 'vitest';

// a fresh module per test: the first screen is shown once per page load
async function load() {
  vi.resetModules();
  return import('./first-screen.ts');
}

function fakeRouter(initialized: boolean) {
  const listeners = new Set<(state: { initialized: boolean }) => void>();
  const router = {
    state: { initialized },
    subscribe(listener: (state: { initialized: boolean }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize() {
      router.state = { initialized: true };
      for (const listener of [...listeners]) listener(router.state);
    },
  };
  return router;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('whenFirstScreenReady', () => {
  it('waits for the route code and for the requests the loaders handed over', async () => {
    const { holdFirstScreen, whenFirstScreenReady } = await load();
    const router = fakeRouter(false);
    const request = deferred();
    holdFirstScreen(request.promise);
    let ready = false;
    void whenFirstScreenReady(router).then(() => {
      ready = true;
    });
    await settle();
    expect(ready).toBe(false);
    router.initialize();
    await settle();
    expect(ready).toBe(false);
    request.resolve();
    await settle();
    expect(ready).toBe(true);
  });

  it('does not wait on a failed request', async () => {
    const { holdFirstScreen, whenFirstScreenReady } = await load();
    holdFirstScreen(Promise.reject(new Error('sin conexión')));
    await expect(whenFirstScreenReady(fakeRouter(true))).resolves.toBeUndefined();
  });

  it('gives up waiting after 3 seconds, and holds nothing once the app is shown', async () => {
    vi.useFakeTimers();
    const { holdFirstScreen, whenFirstScreenReady } = await load();
    holdFirstScreen(new Promise(() => {}));
    let ready = false;
    void whenFirstScreenReady(fakeRouter(true)).then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);

    holdFirstScreen(new Promise(() => {}));
    let again = false;
    void whenFirstScreenReady(fakeRouter(true)).then(() => {
      again = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });
});
