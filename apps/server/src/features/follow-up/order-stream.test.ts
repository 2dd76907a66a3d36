import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SseClient } from '../../../test/sse-client.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

// delivered two hours before the tests' clock: a problem can be reported of it
const DELIVERED_TODAY = 'DMP7HV2N4D';

describe.each(databaseKinds)("the order's own stream (%s)", (kind) => {
  let test: TestApp;
  let base: string;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind), sseHeartbeatMs: 100 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => test.close());

  it('sends the order as of the connection, then the order after a reported problem', async () => {
    const client = await SseClient.open(`${base}/api/events/order/donmateo-palermo/${DELIVERED_TODAY}`);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toContain('text/event-stream');
    expect(client.headers['content-encoding']).toBeUndefined();
    const first = await client.event(0);
    expect(first.event).toBe('order-update');
    expect(first.data).toMatchObject({ code: DELIVERED_TODAY, canReportError: true });

    const res = await fetch(`${base}/api/diner/order/error`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: DELIVERED_TODAY, errorType: 'DELAYED' }),
    });
    expect(res.status).toBe(200);
    const update = await client.event(1);
    expect(update.data).toMatchObject({
      code: DELIVERED_TODAY,
      canReportError: false,
      dinerOrderDetails: { errorType: 'DELAYED' },
    });
    client.close();
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.code, DELIVERED_TODAY));
    expect(row?.errorType).toBe('DELAYED');
  });

  it('answers 404 in Spanish, not a stream, for an unknown or malformed order', async () => {
    for (const path of [
      'donmateo-palermo/NOPE2345',
      'donmateo-belgrano/DMP2LV8C5Z',
      'donmateo-palermo/%3Cx%3E',
    ]) {
      const client = await SseClient.open(`${base}/api/events/order/${path}`);
      expect(client.status).toBe(404);
      expect(await client.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'No encontramos este pedido. Revisá el link que recibiste.',
      });
    }
  });
});
