import { ERROR_MESSAGES } from '@comanda/core';
import { AttemptLimiter, type AttemptStore } from '../attempt-limiter.ts';
import { AppError } from '../errors.ts';

/** Unknown session tokens (rider, staff, diner) one address may send in the window before it waits. */
export const UNKNOWN_TOKENS_PER_ADDRESS = 30;
export const UNKNOWN_TOKEN_WINDOW_MS = 5 * 60 * 1000;

/**
 * Session tokens are random (256 bits), so an address sending many unknown ones is guessing. Routes
 * limit requests per token (riders share carrier addresses), which a guesser escapes by sending a new
 * token each time: each one cost a database look-up and none was refused. This budget is per address
 * and counted before the look-up: past it, an unknown token is answered 429 without touching the
 * database. A token this process has seen open a session skips the budget, so riders behind the same
 * address as a guesser keep working.
 */
export class TokenGuard {
  private readonly failures: AttemptLimiter;
  private readonly known = new Map<string, true>();

  constructor(
    store: AttemptStore,
    max = UNKNOWN_TOKENS_PER_ADDRESS,
    windowMs = UNKNOWN_TOKEN_WINDOW_MS,
    private readonly maxKnown = 10_000,
  ) {
    this.failures = new AttemptLimiter(max, windowMs, store, 'unknown-tokens');
  }

  /** Before looking `tokenHash` up: 429 when `address` has used up its unknown tokens. */
  async admit(address: string, tokenHash: string, now: number): Promise<void> {
    if (this.known.has(tokenHash)) return;
    if (await this.failures.isBlocked(address, now))
      throw new AppError('RATE_LIMITED', 429, ERROR_MESSAGES.rateLimited);
  }

  /** After the look-up: an unknown token counts against the address, a good one is remembered. */
  async settle(address: string, tokenHash: string, found: boolean, now: number): Promise<void> {
    if (!found) {
      this.known.delete(tokenHash);
      await this.failures.recordFailure(address, now);
      return;
    }
    if (this.known.has(tokenHash)) return;
    if (this.known.size >= this.maxKnown) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(tokenHash, true);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's budget of unknown session tokens per address (absent in bare test servers). */
    tokenGuard?: TokenGuard;
  }
}
