import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter.ts';

describe('AttemptLimiter', () => {
  it('blocks a key after its failures in the window, and lets it in again once they age out', () => {
    const limiter = new AttemptLimiter(3, 60_000);
    for (const at of [0, 1000, 2000]) {
      expect(limiter.isBlocked('a@b.c', at)).toBe(false);
      limiter.recordFailure('a@b.c', at);
    }
    expect(limiter.isBlocked('a@b.c', 3000)).toBe(true);
    expect(limiter.isBlocked('other@b.c', 3000)).toBe(false);
    expect(limiter.isBlocked('a@b.c', 60_500)).toBe(false);
  });

  it('forgets the failures of a key that succeeded', () => {
    const limiter = new AttemptLimiter(2, 60_000);
    limiter.recordFailure('k', 0);
    limiter.recordFailure('k', 1);
    limiter.reset('k');
    expect(limiter.isBlocked('k', 2)).toBe(false);
  });
});
