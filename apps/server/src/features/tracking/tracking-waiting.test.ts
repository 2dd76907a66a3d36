import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { SseClient } from '../../../test/sse-client.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const PATH = '/api/logisticsorder/tracking';
const ACCESS_DENIED = 'Acceso denegado o link expirado';

/**
 * A fresh delivery order's tracking link: 'Buscando repartidor' (the waiting answer) until the shop asks
 * for a rider, then the tracking itself; the page learns of the shipment on the order's own channel.
 */
describe.each(databaseKinds)('tracking a delivery order with no shipment yet (%s)', (kind) => {
  let test: TestApp;
  let base: string;
  let delivery: OrderContext;
  let takeAway: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind), sseHeartbeatMs: 100 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(() => test.close());

  async function placeDelivery(): Promise<{ id: number; code: string }> {
    const placed = await postOrder(
      test.app,
      buildOrder(delivery, {
        dishes: [{ plate: 'Fugazzeta' }],
        destination: PALERMO_ADDRESS,
        deliveryFee: 1500,
        serviceFee: { userFee: 300, percentageUserFee: 0.02 },
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return { id: placed.body.data.id as number, code: placed.body.data.code as string };
  }

  it('answers a fresh delivery order as waiting for a rider, with no more than its follow-up shows', async () => {
    const { code } = await placeDelivery();
    const [branch] = await test.database.db.select().from(t.branches).where(eq(t.branches.alias, 'donmateo'));
    const res = await getJson(test.app, `${PATH}/donmateo-palermo/${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      waiting: true,
      orderCode: code,
      orderedAt: '2026-11-18T18:00:00.000Z',
      timeZone: 'America/Argentina/Buenos_Aires',
      branchLocation: { lat: -34.588, lng: -58.411 },
      branch: { id: branch?.id, name: 'Pizzería Don Mateo', customLogoURL: '/demo/donmateo.svg' },
    });
    // the code in any case, as the shipment's tracking reads it
    expect((await getJson(test.app, `${PATH}/DonMateo-Palermo/${code}`)).body.waiting).toBe(true);
  });

  it('keeps the 404 for a wrong code, another contact, a take-away, and a finished delivery', async () => {
    const { code } = await placeDelivery();
    const pickUp = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }));
    const finished = await placeDelivery();
    await test.database.db
      .update(t.orders)
      .set({ status: 'CANCELED' })
      .where(eq(t.orders.code, finished.code));
    for (const path of [
      'donmateo-palermo/NOPE234567',
      `donmateo-belgrano/${code}`,
      `nadie/${code}`,
      `donmateo-palermo/${pickUp.body.data.code}`,
      `donmateo-palermo/${finished.code}`,
    ]) {
      const res = await getJson(test.app, `${PATH}/${path}`);
      expectApiError(res, 404, 'NOT_FOUND');
      expect(res.body.message, path).toBe(ACCESS_DENIED);
    }
    // no tracking channel yet: its stream is refused the same way
    const stream = await SseClient.open(`${base}/api/events/tracking/donmateo-palermo/${code}`);
    expect(stream.status).toBe(404);
  });

  it("turns into the tracking once the shop asks for a rider, told on the order's own channel", async () => {
    const { id, code } = await placeDelivery();
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const accepted = await asStaff(test.app, owner, 'PUT', `/api/console/orders/${id}/status`, {
      status: 'ACCEPTED',
      preparationMinutes: 20,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await getJson(test.app, `${PATH}/donmateo-palermo/${code}`)).body.waiting).toBe(true);

    const client = await SseClient.open(`${base}/api/events/order/donmateo-palermo/${code}`);
    expect(client.status).toBe(200);
    expect((await client.event(0)).data).toMatchObject({ code, shipments: [] });
    const requested = await asStaff(test.app, owner, 'POST', `/api/console/orders/${id}/shipment`);
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
    const update = await client.event(1);
    expect((update.data as { shipments: unknown[] }).shipments).toHaveLength(1);
    client.close();

    const res = await getJson(test.app, `${PATH}/donmateo-palermo/${code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ orderCode: code, status: 'LOOKING_FOR_DRIVER', rider: null });
    expect(res.body.waiting).toBeUndefined();
  });
});
