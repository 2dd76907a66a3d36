import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../test/test-now.ts';
import { buildApp } from '../app.ts';
import { createMemoryBus } from './bus.ts';
import { createClock } from './clock.ts';
import type { Database, Db } from './db.ts';

const redisUrl = process.env.TEST_REDIS_URL;

// the limited call below is refused by its input check before any query: no database needed
const noDatabase: Database = { db: {} as Db, kind: 'pglite', close: async () => {} };

async function server(options: { redisUrl?: string; redisPrefix?: string }): Promise<FastifyInstance> {
  const app = await buildApp({
    database: noDatabase,
    bus: createMemoryBus(),
    clock: createClock(TEST_NOW),
    publicUrl: 'http://localhost:3000',
    ...options,
  });
  await app.ready();
  return app;
}

/** The problem report allows 10 calls a minute per address. */
const report = (app: FastifyInstance, remoteAddress: string) =>
  app
    .inject({ method: 'PUT', url: '/api/diner/order/error', remoteAddress, payload: {} })
    .then((res) => res.statusCode);

describe.skipIf(!redisUrl)('request limits shared by processes through Redis', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('counts one limit across two processes: the 11th call a minute is refused, whichever answers it', async () => {
    const redisPrefix = `comanda-test-${randomBytes(4).toString('hex')}:`;
    const [a, b] = [await server({ redisUrl, redisPrefix }), await server({ redisUrl, redisPrefix })];
    apps.push(a, b);
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push(await report(i % 2 === 0 ? a : b, '10.9.9.9'));
    // before, each process counted its own 10: all 14 calls went through
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    // another address has its own count
    expect(await report(b, '10.9.9.10')).toBe(400);
  });

  it('lets requests through, quickly, while Redis is away', async () => {
    const app = await server({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'away:' });
    apps.push(app);
    const started = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push(await report(app, '10.9.9.11'));
    expect(statuses).toEqual([400, 400, 400]);
    // a limit that cannot be counted is skipped, not waited for; the bound leaves room for a busy machine
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
