import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

/** A browser with paint timing, `paints` already recorded; `paint()` reports one to the observer. */
function browser({ hidden = false, paints = 0 } = {}) {
  const observers: (() => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    constructor(private readonly callback: () => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {}
  }
  vi.stubGlobal('document', { visibilityState: hidden ? 'hidden' : 'visible' });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  vi.stubGlobal('performance', { getEntriesByType: () => Array.from({ length: paints }) });
  return {
    paint: () => {
      for (const callback of observers) callback();
    },
  };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the app starts after the boot markup is painted', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the browser to report its first paint', async () => {
    vi.useFakeTimers();
    const { paint } = browser();
    const started = afterFirstPaint();
    expect(await settled(started)).toBe(false);
    paint();
    expect(await settled(started)).toBe(true);
  });

  it('starts at once when the page has painted already, or in a hidden tab that paints nothing', async () => {
    vi.useFakeTimers();
    browser({ paints: 1 });
    expect(await settled(afterFirstPaint())).toBe(true);
    browser({ hidden: true });
    expect(await settled(afterFirstPaint())).toBe(true);
  });

  it('does not wait more than 300 ms for a paint the browser holds back', async () => {
    vi.useFakeTimers();
    browser();
    const started = afterFirstPaint();
    await vi.advanceTimersByTimeAsync(299);
    expect(await settled(started)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(started)).toBe(true);
  });
});
