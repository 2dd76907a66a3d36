/**
 * Order and shipment agree (issue: one lifecycle engine): while a rider carries an order only the rider
 * finishes it; a rider who cannot deliver brings it back ('No pude entregar', then 'Regreso al local');
 * every move of the order, its shipment and its stack is in the order's 'Historial'.
 */
import { ORDER_LIFECYCLE_MESSAGES, SHIPMENT_LIFECYCLE_MESSAGES } from '@comanda/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerCookie } from '../../../test/diners.ts';
import { expectApiError, getJson } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { asRider, registerRider } from '../../../test/riders.ts';
import { asStaff, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const LUCIA = '+5491155550101';

describe.each(databaseKinds)('order and shipment in one lifecycle (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let delivery: OrderContext;
  let rider: { id: number; token: string };
  let seq = 0;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind) });
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
    rider = await registerRider(test.app, delivery.contactId, '+5491160000301', 'Rita Rider', '10.7.3.1');
  });
  afterAll(() => test.close());

  const db = () => test.database.db;
  const move = (shipmentId: number, status: string, extra: object = {}) =>
    asRider(test.app, rider.token, 'PUT', `/api/shipments/${shipmentId}`, {
      status,
      id: shipmentId,
      ...extra,
    });
  const staffMove = (orderId: number, body: object) =>
    asStaff(test.app, owner, 'PUT', `/api/console/orders/${orderId}/status`, body);
  const balance = async () =>
    (
      await getJson(
        test.app,
        `/api/orderingcustomer/${encodeURIComponent(LUCIA)}?branchId=${delivery.branchId}`,
        { cookie: await dinerCookie(test.database, LUCIA) },
      )
    ).body.loyaltyPointsBalance as number;

  /** A delivery order, accepted and ready, its rider on the way to the customer. */
  async function onTheWay() {
    seq += 1;
    const res = await postOrder(
      test.app,
      buildOrder(delivery, {
        dishes: [{ plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], quantity: 2 }],
        payment: 'CASH',
        paysWith: 100000,
        destination: { ...PALERMO_ADDRESS, lat: -34.571 - seq * 0.0003 },
        deliveryFee: 1500,
        serviceFee: { userFee: 300, percentageUserFee: 0.02 },
        phone: LUCIA,
        customerName: 'Lucía Fernández',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = res.body.data.id as number;
    const code = res.body.data.code as string;
    expect((await staffMove(orderId, { status: 'ACCEPTED' })).status).toBe(200);
    const card = await asStaff(test.app, owner, 'POST', `/api/console/orders/${orderId}/shipment`);
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const shipmentId = card.body.shipment.id as number;
    // alone, whatever the demo's waiting shipments: a stack is another test
    await db().update(t.shipments).set({ shipmentStackId: null }).where(eq(t.shipments.id, shipmentId));
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF'])
      expect((await move(shipmentId, status)).status).toBe(200);
    const [shipment] = await db().select().from(t.shipments).where(eq(t.shipments.id, shipmentId));
    return { orderId, code, shipmentId, securityCode: shipment?.securityCode as string };
  }

  const cardOf = async (orderId: number) =>
    (
      await asStaff(test.app, owner, 'GET', `/api/console/contacts/${delivery.contactId}/orders`)
    ).body.orders.find((o: { id: number }) => o.id === orderId);

  it('refuses the staff marking delivered an order its rider is still carrying (409), credits nothing', async () => {
    const before = await balance();
    const { orderId, shipmentId, securityCode } = await onTheWay();
    const card = await cardOf(orderId);
    expect(card).toMatchObject({ status: 'READY', nextStatuses: ['CANCELED'] });
    const refused = await staffMove(orderId, { status: 'DELIVERED', expectedStatus: 'READY' });
    expectApiError(refused, 409, 'TRANSITION_NOT_ALLOWED');
    expect(refused.body.message).toBe(ORDER_LIFECYCLE_MESSAGES.riderHasIt);
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(order?.status).toBe('READY');
    expect(await balance()).toBe(before);
    // the rider delivers with the code: the order follows, points once
    expect((await move(shipmentId, 'DELIVERED', { securityCode })).status).toBe(200);
    const [delivered] = await db().select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(delivered?.status).toBe('DELIVERED');
    expect(await balance()).toBeGreaterThan(before);
  });

  it('cancels the shipment with the order, and the rider hears of it through the engine’s event row', async () => {
    const { orderId, shipmentId } = await onTheWay();
    const res = await staffMove(orderId, { status: 'CANCELED', reason: 'El cliente pidió cancelar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [shipment] = await db().select().from(t.shipments).where(eq(t.shipments.id, shipmentId));
    expect(shipment?.status).toBe('DRIVER_CANCELED');
    const events = await db()
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.entity, 'SHIPMENT'), eq(t.statusEvents.entityId, shipmentId)))
      .orderBy(asc(t.statusEvents.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 'LOOKING_FOR_DRIVER', 'STAFF'],
      ['LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_PICK_UP', 'RIDER'],
      ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'RIDER'],
      ['IN_STORE', 'ON_ROUTE_TO_DROP_OFF', 'RIDER'],
      ['ON_ROUTE_TO_DROP_OFF', 'DRIVER_CANCELED', 'SYSTEM'],
    ]);
    expect(events.at(-1)?.reason).toBe('El cliente pidió cancelar');
  });

  it('lets a rider who cannot deliver bring the order back, with the reason on the console and the follow-up', async () => {
    const before = await balance();
    const { orderId, code, shipmentId } = await onTheWay();
    const noReason = await move(shipmentId, 'DELIVERED', { undeliverableReason: ' ' });
    expectApiError(noReason, 400);
    expect(noReason.body.message).toBe(SHIPMENT_LIFECYCLE_MESSAGES.returnReasonRequired);

    const failed = await move(shipmentId, 'DELIVERED', { undeliverableReason: 'El cliente no estaba' });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body).toMatchObject({
      status: 'DELIVERED',
      returnShipment: true,
      returnReason: 'El cliente no estaba',
      sliderLabel: 'Regreso al local',
      nextStatus: 'RETURNED',
      canReportUndeliverable: false,
    });
    // the order did not reach the diner: not delivered, no points, and the staff cannot say otherwise yet
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(order?.status).toBe('READY');
    expect(await balance()).toBe(before);
    expectApiError(await staffMove(orderId, { status: 'DELIVERED' }), 409, 'TRANSITION_NOT_ALLOWED');
    expect(await cardOf(orderId)).toMatchObject({
      shipment: { status: 'DELIVERED', returnShipment: true, returnReason: 'El cliente no estaba' },
      canRequestRider: false,
    });
    const followUp = await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`);
    expect(followUp.body.shipments[0]).toMatchObject({
      returnShipment: true,
      returnReason: 'El cliente no estaba',
    });
    expect(followUp.body.shipmentSecurityCode).toBeNull();
    // the rider is still busy with it: no other job meanwhile
    expect((await asRider(test.app, rider.token, 'GET', '/api/shipments/rider')).body.shipment?.id).toBe(
      shipmentId,
    );

    const back = await move(shipmentId, 'RETURNED');
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ status: 'RETURNED', nextStatus: null });
    // the shop decides now: another rider, a pick-up, or cancel
    expect(await cardOf(orderId)).toMatchObject({
      shipment: { status: 'RETURNED', returnReason: 'El cliente no estaba' },
      canRequestRider: true,
      nextStatuses: ['DELIVERED', 'CANCELED'],
    });
    const tracking = await getJson(test.app, `/api/logisticsorder/tracking/donmateo-palermo/${code}`);
    expect(tracking.body.securityCode ?? null).toBeNull();
  });

  it('answers a made-up move or reason with a 4xx in Spanish, never 500', async () => {
    const { shipmentId } = await onTheWay();
    expectApiError(await move(shipmentId, 'RETURNED'), 409);
    expectApiError(await move(shipmentId, 'DELIVERED', { undeliverableReason: 'x'.repeat(201) }), 400);
    expectApiError(await move(shipmentId, 'DELIVERED', { undeliverableReason: 42 }), 400);
    expectApiError(await move(shipmentId, 'STACKING'), 409);
    // the rider gives it up, free for the next test
    expect((await move(shipmentId, 'DRIVER_CANCELED')).status).toBe(200);
  });

  it('shows every move of the order and its shipment in the console history, to the order’s own shop only', async () => {
    const { orderId, shipmentId } = await onTheWay();
    await move(shipmentId, 'DELIVERED', { undeliverableReason: 'La dirección es incorrecta' });
    const history = await asStaff(test.app, owner, 'GET', `/api/console/orders/${orderId}/history`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const lines = history.body.events.map((e: { entity: string; label: string; actor: string }) => [
      e.entity,
      e.label,
      e.actor,
    ]);
    expect(lines).toEqual([
      ['ORDER', 'Pedido recibido', 'DINER'],
      ['PAYMENT', 'Pago pendiente', 'DINER'],
      ['ORDER', 'Pedido aceptado', 'STAFF'],
      ['SHIPMENT', 'Se pidió un repartidor', 'STAFF'],
      ['SHIPMENT', 'El repartidor aceptó el envío', 'RIDER'],
      ['SHIPMENT', 'El repartidor llegó al local', 'RIDER'],
      ['SHIPMENT', 'El repartidor salió hacia el cliente', 'RIDER'],
      ['ORDER', 'Pedido listo', 'RIDER'],
      ['SHIPMENT', 'El repartidor no pudo entregar: vuelve al local', 'RIDER'],
    ]);
    const failed = history.body.events.at(-1);
    expect(failed).toMatchObject({
      actorName: 'Rita Rider',
      reason: 'La dirección es incorrecta',
      via: 'UNDELIVERABLE',
    });
    // the staff member who accepted it, by name
    expect(history.body.events[2].actorName).toEqual(expect.any(String));
    expect((await move(shipmentId, 'RETURNED')).status).toBe(200);

    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    expectApiError(await asStaff(test.app, kenzo, 'GET', `/api/console/orders/${orderId}/history`), 403);
    expectApiError(await getJson(test.app, `/api/console/orders/${orderId}/history`), 401);
    expectApiError(await asStaff(test.app, owner, 'GET', '/api/console/orders/999999/history'), 404);
    expectApiError(await asStaff(test.app, owner, 'GET', '/api/console/orders/abc/history'), 400);
  });

  it('gives the diner the order’s steps with their times', async () => {
    const { code } = await onTheWay();
    const followUp = await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`);
    expect(followUp.body.steps.map((s: { status: string; label: string }) => [s.status, s.label])).toEqual([
      ['GENERATED', 'Pedido recibido'],
      ['ACCEPTED', 'Pedido aceptado'],
      ['READY', 'Pedido listo'],
    ]);
    for (const step of followUp.body.steps) expect(Number.isNaN(Date.parse(step.at))).toBe(false);
  });
});
