import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AttemptLimiter, createMemoryAttemptStore, createRedisAttemptStore } from './attempt-limiter.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe('AttemptLimiter', () => {
  it('blocks a key after its failures in the window, and lets it in again once they age out', async () => {
    const limiter = new AttemptLimiter(3, 60_000);
    for (const at of [0, 1000, 2000]) {
      expect(await limiter.isBlocked('a@b.c', at)).toBe(false);
      await limiter.recordFailure('a@b.c', at);
    }
    expect(await limiter.isBlocked('a@b.c', 3000)).toBe(true);
    expect(await limiter.isBlocked('other@b.c', 3000)).toBe(false);
    expect(await limiter.isBlocked('a@b.c', 60_500)).toBe(false);
  });

  it('forgets the failures of a key that succeeded', async () => {
    const limiter = new AttemptLimiter(2, 60_000);
    await limiter.recordFailure('k', 0);
    await limiter.recordFailure('k', 1);
    await limiter.reset('k');
    expect(await limiter.isBlocked('k', 2)).toBe(false);
  });

  it('keeps the keys of two limiters sharing a store apart', async () => {
    const store = createMemoryAttemptStore();
    const codes = new AttemptLimiter(1, 60_000, store, 'codes');
    const emails = new AttemptLimiter(1, 60_000, store, 'emails');
    await codes.recordFailure('7', 0);
    expect(await codes.isBlocked('7', 1)).toBe(true);
    expect(await emails.isBlocked('7', 1)).toBe(false);
  });
});

describe.skipIf(!redisUrl)('AttemptLimiter on Redis', () => {
  const clients: Redis[] = [];
  const redis = () => {
    const client = new Redis(redisUrl as string, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    client.on('error', () => {});
    clients.push(client);
    return client;
  };
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it('shares the count between processes: failures on either block the key on both', async () => {
    const prefix = `comanda-test-${randomBytes(4).toString('hex')}:`;
    const [a, b] = [redis(), redis()];
    await Promise.all([a.connect(), b.connect()]);
    const one = new AttemptLimiter(4, 60_000, createRedisAttemptStore(a, prefix));
    const other = new AttemptLimiter(4, 60_000, createRedisAttemptStore(b, prefix));
    await one.recordFailure('contact-1', 1000);
    await other.recordFailure('contact-1', 1001);
    await one.recordFailure('contact-1', 1002);
    expect(await other.isBlocked('contact-1', 1003)).toBe(false);
    await other.recordFailure('contact-1', 1003);
    expect(await one.isBlocked('contact-1', 1004)).toBe(true);
    expect(await other.isBlocked('contact-1', 1004)).toBe(true);
    // the window slides: the first failures age out
    expect(await one.isBlocked('contact-1', 61_001)).toBe(false);
    await other.reset('contact-1');
    expect(await one.isBlocked('contact-1', 1005)).toBe(false);
  });

  it('counts in memory while Redis is away, so the limit still holds in the process', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    away.on('error', () => {});
    clients.push(away);
    const limiter = new AttemptLimiter(2, 60_000, createRedisAttemptStore(away, 'x:'));
    await limiter.recordFailure('k', 0);
    await limiter.recordFailure('k', 1);
    expect(await limiter.isBlocked('k', 2)).toBe(true);
  });
});
