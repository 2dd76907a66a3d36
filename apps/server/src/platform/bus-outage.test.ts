import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../test/order-payload.ts';
import { asRider, registerRider } from '../../test/riders.ts';
import { type TcpHop, tcpHop } from '../../test/tcp-hop.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { type Bus, createRedisBus } from './bus.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('live updates while Redis is away (postgres)', () => {
  let hop: TcpHop;
  let bus: Bus;
  let test: TestApp;
  let takeAway: OrderContext;

  beforeAll(async () => {
    const target = new URL(redisUrl as string);
    hop = tcpHop({ host: target.hostname, port: Number(target.port || 6379) });
    await hop.up();
    bus = await createRedisBus(
      hop.url(redisUrl as string),
      `comanda-outage-${randomBytes(4).toString('hex')}:`,
    );
    test = await createTestApp('postgres', { bus });
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(async () => {
    await test.close();
    await hop.down();
  });

  it('places an order once and answers 201 quickly while Redis is down, and publishes again once it is back', async () => {
    await hop.down();
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], phone: '+5491170005001' });
    const started = Date.now();
    const placed = await postOrder(test.app, payload, { 'idempotency-key': randomBytes(8).toString('hex') });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    // not held waiting for Redis; the bound leaves room for a busy machine
    expect(Date.now() - started).toBeLessThan(10_000);
    // the diner's follow-up reads it, and a problem report (which publishes) still answers
    const followUp = await test.app.inject({
      method: 'GET',
      url: `/api/diner/donmateo-palermo/order/${placed.body.data.code}`,
    });
    expect(followUp.statusCode).toBe(200);
    // riders keep reporting where they are: stored, and this process's tracking pages still hear it
    const rider = await registerRider(test.app, takeAway.contactId, '+5491160005001', 'Rider Sin Redis');
    const moved = await asRider(test.app, rider.token, 'PUT', '/api/rider/location', {
      lat: -34.58,
      lng: -58.42,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // a problem report is saved and answered, though its live update cannot leave this process
    const report = await test.app.inject({
      method: 'PUT',
      url: '/api/diner/order/error',
      payload: { code: 'DMP7HV2N4D', errorType: 'DELAYED' },
    });
    expect(report.statusCode, report.body).toBe(200);

    // back up: the bus reconnects by itself and messages flow between listeners again
    await hop.up();
    const heard: unknown[] = [];
    await expect
      .poll(
        async () => {
          const stop = await bus.subscribe('outage-probe', (message) => {
            heard.push(message);
          });
          await bus.publish('outage-probe', 'probe', { ok: true });
          await stop();
          return heard.length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
  });

  it('makes the process not ready while Redis is down or silent, and ready again once it is back', async () => {
    const ready = async () => {
      const res = await test.app.inject('/api/health/ready');
      return { status: res.statusCode, bus: res.json().bus };
    };
    await expect.poll(ready, { timeout: 10_000 }).toEqual({ status: 200, bus: 'ok' });
    await hop.down();
    await expect.poll(ready, { timeout: 10_000 }).toEqual({ status: 503, bus: 'away' });
    await hop.up();
    await expect.poll(ready, { timeout: 15_000 }).toEqual({ status: 200, bus: 'ok' });
    // a partition: connections stay open and nothing answers; the check gives up after a second
    await hop.blackhole();
    await expect.poll(ready, { timeout: 10_000 }).toEqual({ status: 503, bus: 'away' });
    // (the hop never revives a silenced connection: it cuts them, and the bus reconnects)
    await hop.down();
    await hop.up();
    await expect.poll(ready, { timeout: 20_000 }).toEqual({ status: 200, bus: 'ok' });
  }, 60_000);
});
