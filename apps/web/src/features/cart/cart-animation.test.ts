import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// a fresh module per test: the animation's state lives in the module
async function load() {
  vi.resetModules();
  return import('./cart-animation.ts');
}

describe('cart animation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays once for the spec’s 1450 ms', async () => {
    const animation = await load();
    const changes: boolean[] = [];
    animation.subscribe(() => changes.push(animation.cartAnimationPlaying()));
    animation.playCartAnimation();
    expect(animation.cartAnimationPlaying()).toBe(true);
    vi.advanceTimersByTime(animation.CART_ANIMATION_MS - 1);
    expect(animation.cartAnimationPlaying()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(animation.cartAnimationPlaying()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('rapid adds make one animation: neither restarted nor lengthened', async () => {
    const animation = await load();
    const changes: boolean[] = [];
    animation.subscribe(() => changes.push(animation.cartAnimationPlaying()));
    animation.playCartAnimation();
    vi.advanceTimersByTime(400);
    animation.playCartAnimation();
    vi.advanceTimersByTime(400);
    animation.playCartAnimation();
    vi.advanceTimersByTime(animation.CART_ANIMATION_MS - 800);
    expect(animation.cartAnimationPlaying()).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it('an add after the animation ended plays it again', async () => {
    const animation = await load();
    animation.playCartAnimation();
    vi.advanceTimersByTime(animation.CART_ANIMATION_MS);
    animation.playCartAnimation();
    expect(animation.cartAnimationPlaying()).toBe(true);
  });
});
