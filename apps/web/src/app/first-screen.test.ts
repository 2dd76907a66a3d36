import { afterEach, describe, expect, it, vi } from 'vitest';

// a fresh module per test: the first screen is shown once per page load
async function load() {
  vi.resetModules();
  return import('./first-screen.ts');
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
    const routeCode = deferred();
    const request = deferred();
    holdFirstScreen(request.promise);
    let ready = false;
    void whenFirstScreenReady(routeCode.promise).then(() => {
      ready = true;
    });
    await settle();
    expect(ready).toBe(false);
    routeCode.resolve();
    await settle();
    expect(ready).toBe(false);
    request.resolve();
    await settle();
    expect(ready).toBe(true);
  });

  it('does not wait on a failed request nor on route code that failed to load', async () => {
    const { holdFirstScreen, whenFirstScreenReady } = await load();
    holdFirstScreen(Promise.reject(new Error('sin conexión')));
    await expect(whenFirstScreenReady(Promise.reject(new Error('chunk')))).resolves.toBeUndefined();
  });

  it('gives up waiting after 3 seconds, and holds nothing once the app is shown', async () => {
    vi.useFakeTimers();
    const { holdFirstScreen, whenFirstScreenReady } = await load();
    holdFirstScreen(new Promise(() => {}));
    let ready = false;
    void whenFirstScreenReady(Promise.resolve()).then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);

    holdFirstScreen(new Promise(() => {}));
    let again = false;
    void whenFirstScreenReady(Promise.resolve()).then(() => {
      again = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });
});
