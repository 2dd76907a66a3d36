import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingBus, until } from '../../../test/counting-bus.ts';
import { getJson } from '../../../test/http.ts';
import { MARTIN, riderByPhone, shipmentOf } from '../../../test/logistics.ts';
import { SseClient } from '../../../test/sse-client.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import type { BusMessage } from '../../platform/bus.ts';
import { issueRiderToken } from '../rider/auth.ts';

describe.each(databaseKinds)('live tracking over SSE (%s)', (kind) => {
  let test: TestApp;
  let base: string;
  let live: (channel: string) => number;

  beforeAll(async () => {
    const counting = countingBus(await createTestBus(kind));
    live = counting.live;
    test = await createTestApp(kind, { bus: counting.bus, sseHeartbeatMs: 100 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => test.close());

  const streamUrl = (code: string) => `${base}/api/events/tracking/donmateo-palermo/${code}`;

  async function moveMartin(lat: number, lng: number) {
    const martin = await riderByPhone(test.database.db, MARTIN);
    const token = await issueRiderToken(test.database.db, martin.id, new Date(TEST_NOW));
    const res = await fetch(`${base}/api/rider/location`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ lat, lng }),
    });
    return { status: res.status, body: await res.json() };
  }

  it('streams the tracking info at once, then every move of the rider, uncompressed', async () => {
    const shipment = await shipmentOf(test.database.db, 'DMP8QN5T4R');
    const client = await SseClient.open(streamUrl('DMP8QN5T4R'), { 'Accept-Encoding': 'gzip, deflate, br' });
    try {
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(client.headers['cache-control']).toBe('no-cache, no-transform');
      expect(client.headers['x-accel-buffering']).toBe('no');
      expect(client.headers['x-content-type-options']).toBe('nosniff');
      expect(client.headers['content-encoding']).toBeUndefined();

      const first = await client.event(0);
      const page = await getJson(test.app, '/api/logisticsorder/tracking/donmateo-palermo/DMP8QN5T4R');
      expect(first).toEqual({ event: 'logistics-tracking-update', data: page.body });
      expect(live(`tracking-${shipment.id}`)).toBe(1);

      const moved = await moveMartin(-34.585, -58.4089);
      expect(moved).toEqual({
        status: 200,
        body: {
          lat: -34.585,
          lng: -58.4089,
          lastLocationAt: '2026-11-18T18:00:00.000Z',
          shipmentIds: [shipment.id],
        },
      });
      const update = await client.event(1);
      expect(update.event).toBe('logistics-tracking-update');
      expect(update.data).toEqual({
        ...page.body,
        rider: { name: 'Martín Gómez', phone: '+5491160000001', lat: -34.585, lng: -58.4089 },
        // the window follows the rider: about 150 m from the door
        eta: { minEta: '2026-11-18T18:02:00.000Z', maxEta: '2026-11-18T18:08:00.000Z' },
      });
    } finally {
      client.close();
    }
  });

  it('keeps an idle stream alive with comment lines', async () => {
    const client = await SseClient.open(streamUrl('DMP2LV8C5Z'));
    try {
      await client.event(0);
      await client.until(() => client.comments.filter((c) => c === 'ping').length >= 2);
      expect(client.events).toHaveLength(1);
    } finally {
      client.close();
    }
  });

  it("shares one subscription to the shipment's channel and lets go of it when the last page goes away", async () => {
    const shipment = await shipmentOf(test.database.db, 'DMP2LV8C5Z');
    const channel = `tracking-${shipment.id}`;
    await until(() => live(channel) === 0, 15_000, 20);
    const one = await SseClient.open(streamUrl('DMP2LV8C5Z'));
    const two = await SseClient.open(streamUrl('DMP2LV8C5Z'));
    await Promise.all([one.event(0), two.event(0)]);
    expect(live(channel)).toBe(1);
    one.close();
    // the other page still listens: the subscription stays
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live(channel)).toBe(1);
    two.close();
    await until(() => live(channel) === 0, 15_000, 20);
  });

  it("sends a rider's move only to the pages of the rider's shipments in progress", async () => {
    const waiting = await shipmentOf(test.database.db, 'DMP2LV8C5Z');
    const seen: BusMessage[] = [];
    const stop = await test.app.deps.bus.subscribe(`tracking-${waiting.id}`, (m) => seen.push(m));
    const onTheWay = await SseClient.open(streamUrl('DMP8QN5T4R'));
    try {
      await onTheWay.event(0);
      await moveMartin(-34.5845, -58.4085);
      expect(((await onTheWay.event(1)).data as { rider: { lat: number } }).rider.lat).toBe(-34.5845);
      expect(seen).toEqual([]);
    } finally {
      onTheWay.close();
      await stop();
    }
  });

  it('opens no stream for an order it cannot show', async () => {
    for (const code of ['DMP0000000', 'DMP9RT3H6N']) {
      const client = await SseClient.open(streamUrl(code));
      expect(client.status).toBe(404);
      expect(client.headers['content-type']).toContain('application/json');
      expect(await client.json()).toEqual({ code: 'NOT_FOUND', message: 'Acceso denegado o link expirado' });
    }
  });

  it('ends open streams when the server closes', async () => {
    const own = await createTestApp(kind, { bus: await createTestBus(kind) });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (own.app.server.address() as AddressInfo).port;
    const client = await SseClient.open(
      `http://127.0.0.1:${port}/api/events/tracking/donmateo-palermo/DMP2LV8C5Z`,
    );
    await client.event(0);
    await own.close();
    await client.until(() => client.ended);
  });
});
