import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Where failed attempts are counted: in the process's memory, or in Redis (REDIS_URL) so that the
 * processes behind one balancer share the count. Times are the app clock's milliseconds.
 */
export interface AttemptStore {
  /** When `key` failed in the `windowMs` before `now` (ms, oldest first). */
  times(key: string, now: number, windowMs: number): Promise<number[]>;
  record(key: string, now: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

/** One process's count; the oldest keys are dropped past `maxKeys`. */
export function createMemoryAttemptStore(maxKeys = 50_000): AttemptStore {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number, windowMs: number) => {
    const times = (failures.get(key) ?? []).filter((time) => now - time < windowMs);
    if (times.length === 0) failures.delete(key);
    return times;
  };
  return {
    async times(key, now, windowMs) {
      return [...recent(key, now, windowMs)];
    },
    async record(key, now, windowMs) {
      const times = recent(key, now, windowMs);
      times.push(now);
      if (!failures.has(key) && failures.size >= maxKeys) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
      failures.set(key, times);
    },
    async reset(key) {
      failures.delete(key);
    },
  };
}

/**
 * The count in Redis, shared by every process: a sorted set of failure times per key, trimmed to the
 * window and expiring with it. While Redis is away (its commands fail at once: no offline queue) the
 * process counts in memory instead, so a limit keeps holding, per process, during the outage.
 */
export function createRedisAttemptStore(
  redis: Redis,
  prefix = 'comanda:attempts:',
  fallback: AttemptStore = createMemoryAttemptStore(),
): AttemptStore {
  return {
    async times(key, now, windowMs) {
      const local = await fallback.times(key, now, windowMs);
      try {
        const results = await redis
          .multi()
          .zremrangebyscore(prefix + key, '-inf', now - windowMs)
          .zrange(prefix + key, 0, -1, 'WITHSCORES')
          .exec();
        const answer = results?.[1]?.[1];
        if (!Array.isArray(answer)) throw new Error('no answer from Redis');
        // [member, score, member, score, …]
        const shared = answer.filter((_, i) => i % 2 === 1).map(Number);
        // what this process counted while Redis was away still counts
        return shared.length >= local.length ? shared : local;
      } catch {
        return local;
      }
    },
    async record(key, now, windowMs) {
      await fallback.record(key, now, windowMs);
      try {
        await redis
          .multi()
          .zadd(prefix + key, now, `${now}-${randomBytes(4).toString('hex')}`)
          .pexpire(prefix + key, windowMs)
          .exec();
      } catch {
        // counted in memory meanwhile
      }
    },
    async reset(key) {
      await fallback.reset(key);
      await redis.del(prefix + key).catch(() => {});
    },
  };
}

/**
 * Failed attempts per key (an account's e-mail, a contact's security code, an address sending unknown
 * tokens) in a sliding window: after `max` failures the key is refused until the window passes, whatever
 * address the attempts come from. Per-address request limits are the routes' own (@fastify/rate-limit).
 * Counted in the app's store (`app.attemptStore`): shared through Redis when REDIS_URL is set.
 */
export class AttemptLimiter {
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly store: AttemptStore = createMemoryAttemptStore(),
    /** Keeps this limiter's keys apart from other limiters' in a shared store. */
    private readonly name = 'attempts',
  ) {}

  /** True while the key has used up its failures in the window. */
  async isBlocked(key: string, now: number): Promise<boolean> {
    return (await this.store.times(this.keyOf(key), now, this.windowMs)).length >= this.max;
  }

  recordFailure(key: string, now: number): Promise<void> {
    return this.store.record(this.keyOf(key), now, this.windowMs);
  }

  /** A success clears the key's failures. */
  reset(key: string): Promise<void> {
    return this.store.reset(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.name}:${key}`;
  }
}
