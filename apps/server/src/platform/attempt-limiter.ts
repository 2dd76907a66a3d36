/**
 * Failed attempts per key (an account's e-mail, a contact's security code) in a sliding window: after
 * `max` failures the key is refused until the window passes, whatever address the attempts come from.
 * Per-address limits are the routes' own (@fastify/rate-limit). Kept in the process's memory: with
 * several processes each counts its own share, so the real limit is at most `max` times the processes.
 */
export class AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** True while the key has used up its failures in the window. */
  isBlocked(key: string, now: number): boolean {
    return this.recent(key, now).length >= this.max;
  }

  recordFailure(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, recent);
  }

  /** A success clears the key's failures. */
  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}
