import { describe, expect, it } from 'vitest';
import { createMemoryAttemptStore } from './attempt-limiter.ts';
import { AppError } from './errors.ts';
import { addressKey, FailureThrottle } from './failure-throttle.ts';

/** The 429's wait in ms, or 0 when the sender may try now. */
async function waitOf(throttle: FailureThrottle, account: string, ip: string, now: number) {
  try {
    await throttle.check(account, ip, now);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    return (error.retryAfterSeconds ?? 0) * 1000;
  }
}

describe('FailureThrottle', () => {
  it('doubles the wait of an address guessing one account, from the fourth failure on', async () => {
    const throttle = new FailureThrottle('t');
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 8; i++) {
      now += await waitOf(throttle, 'owner', '203.0.113.5', now);
      await throttle.failed('owner', '203.0.113.5', now);
      waits.push(await waitOf(throttle, 'owner', '203.0.113.5', now));
    }
    expect(waits).toEqual([0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000]);
  });

  it('never holds the same account from another address, and the right secret clears only its own', async () => {
    const throttle = new FailureThrottle('t');
    for (let i = 0; i < 12; i++) await throttle.failed('owner', '203.0.113.5', i);
    expect(await waitOf(throttle, 'owner', '203.0.113.5', 20)).toBeGreaterThan(60_000);
    expect(await waitOf(throttle, 'owner', '198.51.100.7', 20)).toBe(0);
    await throttle.succeeded('owner', '198.51.100.7', 21);
    expect(await waitOf(throttle, 'owner', '203.0.113.5', 22)).toBeGreaterThan(60_000);
  });

  it('slows an address trying many accounts', async () => {
    const throttle = new FailureThrottle('t');
    for (let i = 0; i < 20; i++) await throttle.failed(`user${i}@x.y`, '203.0.113.5', i);
    expect(await waitOf(throttle, 'someone-new@x.y', '203.0.113.5', 30)).toBe(1000);
    expect(await waitOf(throttle, 'someone-new@x.y', '203.0.113.6', 30)).toBe(0);
  });

  it('slows a guessing spread over many addresses, except for the addresses the account signed in from', async () => {
    const store = createMemoryAttemptStore();
    const throttle = new FailureThrottle('t', store);
    await throttle.succeeded('shop-7', '192.0.2.1', 0);
    for (let i = 0; i < 50; i++) await throttle.failed('shop-7', `10.9.${i}.1`, 100 + i);
    expect(await waitOf(throttle, 'shop-7', '10.9.200.1', 200)).toBe(1000);
    expect(await waitOf(throttle, 'shop-7', '192.0.2.1', 200)).toBe(0);
  });

  it('keeps two throttles sharing a store apart', async () => {
    const store = createMemoryAttemptStore();
    const a = new FailureThrottle('a', store);
    const b = new FailureThrottle('b', store);
    for (let i = 0; i < 5; i++) await a.failed('k', '203.0.113.5', i);
    expect(await waitOf(a, 'k', '203.0.113.5', 10)).toBeGreaterThan(0);
    expect(await waitOf(b, 'k', '203.0.113.5', 10)).toBe(0);
  });

  it('counts an IPv6 subscriber by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:abcd:12::1')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8:abcd:12:ffff:1:2:3')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
