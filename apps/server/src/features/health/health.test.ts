import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { createMemoryBus } from '../../platform/bus.ts';

describe.each(databaseKinds)('health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers ok with the database kind and the fixed clock', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: kind, now: '2026-11-18T18:00:00.000Z' });
  });

  it('sends the security headers and keeps connections alive on a real port', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const path of ['/api/health', '/api/nothing-here']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
    // Fastify's 72 s keep-alive, not Node's 5 s, on the server the app creates
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
  });

  it("answers the balancer's checks: alive, and ready while the database and the bus answer", async () => {
    const live = await t.app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', bus: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('readiness without the bus', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a process whose Redis does not answer misses the other processes' live events
    const bus = { ...createMemoryBus(), reachable: async () => false };
    t = await createTestApp('pglite', { bus });
  });
  afterAll(() => t.close());

  it('is alive but not ready, saying what is away; draining wins over everything', async () => {
    expect((await t.app.inject('/api/health/live')).statusCode).toBe(200);
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', bus: 'away' });
    t.app.drain.begin();
    const draining = await t.app.inject('/api/health/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    // the older check stays as it was: the database answers
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
  });
});
