/**
 * Where the app's limits count: per-address request limits (@fastify/rate-limit) and failed attempts
 * (attempt-limiter.ts). In the process's memory by default; in Redis when REDIS_URL is set, so that
 * several processes behind one balancer share one count instead of each allowing the whole limit.
 * While Redis is away the limits do not stop the app: request limits let requests through and
 * attempts are counted in memory (both fail within half a second, never hold a request).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { type AttemptStore, createMemoryAttemptStore, createRedisAttemptStore } from './attempt-limiter.ts';

export interface LimitStores {
  attempts: AttemptStore;
  /** Options for @fastify/rate-limit's store. */
  rateLimit: { redis?: Redis; nameSpace?: string; skipOnError?: boolean };
  close(): Promise<void>;
}

export async function createLimitStores(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  prefix = 'comanda:',
): Promise<LimitStores> {
  if (!redisUrl) return { attempts: createMemoryAttemptStore(), rateLimit: {}, close: async () => {} };
  const redis = new Redis(redisUrl, {
    // no queue while disconnected and a short deadline when connected but silent: a limit that cannot
    // be counted is skipped rather than holding the request
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  let lastErrorAt = Number.NEGATIVE_INFINITY;
  redis.on('error', (error) => {
    if (Date.now() - lastErrorAt < 60_000) return;
    lastErrorAt = Date.now();
    log.warn({ err: error }, 'limits: Redis unavailable, counting in memory');
  });
  // counted in Redis from the first request; a Redis away at start only delays that (it reconnects)
  await redis.connect().catch(() => {});
  return {
    attempts: createRedisAttemptStore(redis, `${prefix}attempts:`),
    rateLimit: { redis, nameSpace: `${prefix}rate-limit:`, skipOnError: true },
    async close() {
      redis.disconnect();
    },
  };
}
