import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../test/sse-client.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { shutDownGracefully } from './shutdown.ts';
import { SHUTDOWN_RETRY_MS } from './sse.ts';

// delivered two hours before the tests' clock (its follow-up stream is open to anyone with the code)
const ORDER = 'DMP7HV2N4D';

describe.each(databaseKinds)('graceful shutdown (%s)', (kind) => {
  let test: TestApp;
  let base: string;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind) });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => test.close());

  it('is ready, then answers 503 while it drains, still serving, and ends the streams with a retry hint', async () => {
    const before = await fetch(`${base}/api/health/ready`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ status: 'ready', database: 'ok', bus: 'ok' });
    const stream = await SseClient.open(`${base}/api/events/order/donmateo-palermo/${ORDER}`);
    expect((await stream.event(0)).data).toMatchObject({ code: ORDER });
    let released = false;

    // a delay the test can act in: the balancer's health check would take the process out meanwhile
    const shutdown = shutDownGracefully(test.app, {
      delayMs: 1500,
      timeoutMs: 10_000,
      release: async () => {
        released = true;
      },
    });
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    // alive, and still serving whatever the balancer sends before it notices
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    const menu = await fetch(`${base}/api/diner/donmateo-palermo`);
    expect(menu.status).toBe(200);
    expect(stream.ended).toBe(false);

    expect(await shutdown).toBe('clean');
    expect(released).toBe(true);
    // the stream was told to come back soon (to another server, through the balancer), then ended
    await stream.until(() => stream.ended);
    const hint = stream.retries.at(-1) ?? 0;
    expect(stream.retries.length).toBe(2);
    expect(hint).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS.min);
    expect(hint).toBeLessThanOrEqual(SHUTDOWN_RETRY_MS.max);
    // nothing is accepted any more
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
