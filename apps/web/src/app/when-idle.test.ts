import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_FIRST_SCREEN_MS, whenIdle } from './when-idle.ts';

/** A page whose load event has fired or not, with requestIdleCallback run by the fake timers. */
function page(loaded: boolean) {
  const loadListeners: (() => void)[] = [];
  vi.stubGlobal('document', { readyState: loaded ? 'complete' : 'loading' });
  vi.stubGlobal('window', {
    addEventListener: (_type: string, listener: () => void) => loadListeners.push(listener),
    removeEventListener: (_type: string, listener: () => void) => {
      const at = loadListeners.indexOf(listener);
      if (at !== -1) loadListeners.splice(at, 1);
    },
  });
  // idle 50 ms after it is asked for
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 50));
  vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
  return {
    load: () => {
      for (const listener of loadListeners.splice(0)) listener();
    },
  };
}

describe('whenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the load event, then the delay, then an idle moment', async () => {
    const { load } = page(false);
    const run = vi.fn();
    whenIdle(run, AFTER_FIRST_SCREEN_MS);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).not.toHaveBeenCalled();
    load();
    await vi.advanceTimersByTimeAsync(AFTER_FIRST_SCREEN_MS + 49);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledOnce();
  });

  it('counts the delay from now on a page that has already loaded (a screen reached in the app)', async () => {
    page(true);
    const run = vi.fn();
    whenIdle(run, AFTER_FIRST_SCREEN_MS);
    await vi.advanceTimersByTimeAsync(AFTER_FIRST_SCREEN_MS + 50);
    expect(run).toHaveBeenCalledOnce();
  });

  it('never runs once cancelled, before or after the load', async () => {
    const { load } = page(false);
    const early = vi.fn();
    whenIdle(early, AFTER_FIRST_SCREEN_MS)();
    const late = vi.fn();
    const cancelLate = whenIdle(late, AFTER_FIRST_SCREEN_MS);
    load();
    await vi.advanceTimersByTimeAsync(AFTER_FIRST_SCREEN_MS + 10);
    cancelLate();
    await vi.advanceTimersByTimeAsync(5000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
