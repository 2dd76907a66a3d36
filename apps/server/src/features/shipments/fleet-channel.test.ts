import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { asRider, registerRider } from '../../../test/riders.ts';
import { SseClient } from '../../../test/sse-client.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

/**
 * The riders' fleet channel: an open shipment list hears of a new job and of every move by itself
 * (issue 24: nothing appeared on an open list for 20 s until 'Actualizar').
 */
describe.each(databaseKinds)("a contact's fleet channel (%s)", (kind) => {
  let test: TestApp;
  let base: string;
  let owner: string;
  let delivery: OrderContext;
  let rider: { id: number; token: string };

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind), sseHeartbeatMs: 100 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
    rider = await registerRider(test.app, delivery.contactId, '+5491160000301', 'Flor Flota', '10.8.0.1');
  });
  afterAll(() => test.close());

  it('tells an open list of a new shipment and of its moves, without anything of the diner', async () => {
    const stream = await SseClient.open(`${base}/api/events/shipments`, {
      authorization: `Bearer ${rider.token}`,
    });
    expect(stream.status).toBe(200);
    expect(await stream.event(0)).toEqual({
      event: 'shipments-open',
      data: { branchContactId: delivery.contactId },
    });

    const placed = await postOrder(
      test.app,
      buildOrder(delivery, {
        dishes: [{ plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], quantity: 1 }],
        payment: 'CASH',
        paysWith: 100000,
        destination: { ...PALERMO_ADDRESS, lat: -34.581 },
        deliveryFee: 1500,
        serviceFee: { userFee: 300, percentageUserFee: 0.02 },
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.data.id as number;
    await asStaff(test.app, owner, 'PUT', `/api/console/orders/${orderId}/status`, { status: 'ACCEPTED' });
    const card = await asStaff(test.app, owner, 'POST', `/api/console/orders/${orderId}/shipment`);
    expect(card.status).toBe(201);
    const shipmentId = card.body.shipment.id as number;

    const isNew = (e: { event: string; data: unknown }) =>
      e.event === 'shipment-change' && (e.data as { shipmentId: number }).shipmentId === shipmentId;
    await stream.until(() => stream.events.some(isNew));
    expect(stream.events.find(isNew)?.data).toEqual({
      shipmentId,
      status: 'LOOKING_FOR_DRIVER',
      riderId: null,
    });

    // stand alone, whatever the demo's waiting shipments (a stack is taken whole)
    await test.database.db
      .update(t.shipments)
      .set({ shipmentStackId: null })
      .where(eq(t.shipments.id, shipmentId));
    const taken = await asRider(test.app, rider.token, 'PUT', `/api/shipments/${shipmentId}`, {
      status: 'ON_ROUTE_TO_PICK_UP',
      id: shipmentId,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await stream.until(() =>
      stream.events.some((e) => isNew(e) && (e.data as { status: string }).status === 'ON_ROUTE_TO_PICK_UP'),
    );
    const moved = stream.events.filter(isNew).at(-1)?.data;
    expect(moved).toEqual({ shipmentId, status: 'ON_ROUTE_TO_PICK_UP', riderId: rider.id });
    stream.close();
  });

  it('is for riders on shift only', async () => {
    const anonymous = await SseClient.open(`${base}/api/events/shipments`);
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });
});
