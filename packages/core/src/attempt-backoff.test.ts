import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ADDRESS_BACKOFF,
  type BackoffPolicy,
  backoffWaitMs,
  nextAttemptAt,
  tooManyAttemptsMessage,
} from './attempt-backoff.ts';

const policy: BackoffPolicy = { freeFailures: 3, firstWaitMs: 1000, maxWaitMs: 60_000, windowMs: 600_000 };

describe('backoff of failed secrets', () => {
  it('lets the free failures through, then doubles the wait up to the ceiling', () => {
    expect([0, 1, 2].map((n) => backoffWaitMs(n, policy))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8, 9].map((n) => backoffWaitMs(n, policy))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000,
    ]);
    expect(backoffWaitMs(10_000, policy)).toBe(60_000);
  });

  it('counts the wait from the newest failure in the window', () => {
    expect(nextAttemptAt([0, 100], 200, policy)).toBeNull();
    expect(nextAttemptAt([300, 0, 100], 400, policy)).toBe(1300);
    expect(nextAttemptAt([0, 100, 300], 1300, policy)).toBeNull();
    // failures out of the window are forgotten
    expect(nextAttemptAt([0, 100, 300], 600_050, policy)).toBeNull();
  });

  it('gives one address about a dozen guesses per account in a quarter of an hour', () => {
    let now = 0;
    const failures: number[] = [];
    while (now < ACCOUNT_ADDRESS_BACKOFF.windowMs) {
      failures.push(now);
      now = nextAttemptAt(failures, now, ACCOUNT_ADDRESS_BACKOFF) ?? now;
    }
    expect(failures.length).toBeGreaterThanOrEqual(10);
    expect(failures.length).toBeLessThanOrEqual(14);
  });

  it('says how long to wait, in Spanish, rounded up', () => {
    expect(tooManyAttemptsMessage(400)).toBe('Demasiados intentos. Probá de nuevo en 1 segundo.');
    expect(tooManyAttemptsMessage(7200)).toBe('Demasiados intentos. Probá de nuevo en 8 segundos.');
    expect(tooManyAttemptsMessage(60_000)).toBe('Demasiados intentos. Probá de nuevo en 1 minuto.');
    expect(tooManyAttemptsMessage(61_000)).toBe('Demasiados intentos. Probá de nuevo en 2 minutos.');
  });
});
