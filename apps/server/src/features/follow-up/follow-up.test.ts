import { DEMO_CODES } from '@comanda/core/testing';
import { eq } from 'drizzle-orm';
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
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const LUCIA = '+5491155550101';

describe.each(databaseKinds)('order follow-up (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let delivery: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  // the spec's order details update; reports are limited to 10 a minute per address: each test below
  // reports from its own
  const report = (body: unknown, remoteAddress = '127.0.0.1') =>
    test.app
      .inject({ method: 'POST', url: '/api/diner/order/details', payload: body as object, remoteAddress })
      .then((res) => ({ status: res.statusCode, body: res.json() }));

  it('answers a placed delivery order with every line, extra and amount the diner was charged', async () => {
    const payload = buildOrder(delivery, {
      dishes: [
        { plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], notes: 'Bien cocida' },
        { plate: 'Empanada de carne', quantity: 3 },
      ],
      payment: 'CASH',
      paysWith: 30000,
      destination: PALERMO_ADDRESS,
      deliveryFee: 1500,
      serviceFee: { userFee: 300, percentageUserFee: 0.02 },
    });
    const placed = await postOrder(test.app, payload);
    expect(placed.status).toBe(201);
    const code = placed.body.data.code as string;

    const res = await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const order = res.body;
    expect(order).toMatchObject({
      code,
      status: 'GENERATED',
      type: 'DELIVERY',
      orderModeName: 'Delivery',
      customerName: payload.customerName,
      scheduled: false,
      currency: 'ARS',
      paymentType: { paymentMethod: 'CASH' },
      paysWith: 30000,
      deliveryFee: 1500,
      total: payload.price,
      destination: { street: 'Av. Santa Fe', number: '3100', betweenStreets: 'Agüero y Bulnes' },
      branchContact: { alias: 'donmateo-palermo', name: 'Don Mateo Palermo', address: 'Av. Santa Fe 3253' },
      dinerOrderDetails: { errorType: null },
      loyaltyInfo: { programName: 'Puntos Mateo', redeemedPoints: 0, redeemedAmount: 0 },
      paymentInfo: { status: 'PENDING' },
      inProgress: true,
      canReportError: false,
      canPayOnline: false,
      shipments: [],
    });
    expect(order.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Muzzarella', 1],
      ['Empanada de carne', 3],
    ]);
    expect(order.items[0]).toMatchObject({ sizeName: 'Grande', notes: 'Bien cocida' });
    expect(
      order.items[0].extras.flatMap((g: { groupItems: { name: string }[] }) =>
        g.groupItems.map((i) => i.name),
      ),
    ).toEqual(['Integral', 'Jamón']);
    // the parts add up to the total the server verified
    const sum =
      order.itemsPrice +
      order.surcharges.reduce((s: number, x: { amount: number }) => s + x.amount, 0) -
      order.discounts.reduce((s: number, x: { amount: number }) => s + x.amount, 0) -
      order.loyaltyInfo.redeemedAmount +
      order.deliveryFee +
      order.userServiceFee;
    expect(sum).toBeCloseTo(order.total, 2);
    expect(order.userServiceFee).toBeGreaterThan(0);
  });

  it('shows the code discount and the points a customer redeemed, and none earned before delivery', async () => {
    const payload = buildOrder(takeAway, {
      dishes: [{ plate: 'Fugazzeta' }, { plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral'] }],
      code: DEMO_CODES.PIZZA15,
      redeemedPoints: 600,
      phone: LUCIA,
      customerName: 'Lucía Fernández',
    });
    const placed = await postOrder(test.app, payload, { cookie: await dinerCookie(test.database, LUCIA) });
    expect(placed.status).toBe(201);
    const order = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${placed.body.data.code}`))
      .body;
    expect(order.discounts).toEqual([expect.objectContaining({ name: expect.stringContaining('PIZZA15') })]);
    expect(order.loyaltyInfo).toMatchObject({ redeemedPoints: 600, redeemedAmount: 600 });
    expect(order.loyaltyInfo.earnedPoints).toBe(0);
    // what the loyalty-info modal tells: the points it will add on delivery, and that the shop takes part
    expect(order.loyaltyInfo.pendingPoints).toBeGreaterThan(0);
    expect(order.loyaltyInfo.programActive).toBe(true);
    expect(order.total).toBe(payload.price);
  });

  it('tells a delivered order its earned points and nothing more to come', async () => {
    const order = (await getJson(test.app, '/api/diner/donmateo-palermo/order/DMP9RT3H6N')).body;
    expect(order.loyaltyInfo).toMatchObject({ earnedPoints: 1065, pendingPoints: 0, programActive: true });
  });

  it('finds an order by the contact id too, and the demo shipment with its delivery code', async () => {
    const byId = await getJson(test.app, `/api/diner/${delivery.contactId}/order/DMP2LV8C5Z`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      code: 'DMP2LV8C5Z',
      status: 'ACCEPTED',
      shipmentSecurityCode: '5821',
      shipments: [
        {
          status: 'LOOKING_FOR_DRIVER',
          riderInfo: null,
          trackingUrl: '/logistics/tracking/order/donmateo-palermo/DMP2LV8C5Z',
        },
      ],
    });
    expect(byId.body.logisticsOrderId).toEqual(expect.any(Number));
    // codes are read case-insensitively, as diners may type them
    expect((await getJson(test.app, '/api/diner/donmateo-palermo/order/dmp2lv8c5z')).status).toBe(200);
  });

  it('answers 404 in Spanish for unknown codes, other contacts and malformed input', async () => {
    for (const url of [
      '/api/diner/donmateo-palermo/order/NOPE2345',
      '/api/diner/donmateo-belgrano/order/DMP2LV8C5Z',
      '/api/diner/donmateo-palermo/order/%3Cscript%3E',
      '/api/diner/no-such-shop/order/DMP2LV8C5Z',
      '/api/diner/99999999999999999999/order/DMP2LV8C5Z',
    ]) {
      const res = await getJson(test.app, url);
      expectApiError(res, 404);
    }
    const res = await getJson(test.app, '/api/diner/donmateo-palermo/order/NOPE2345');
    expect(res.body.message).toBe('No encontramos este pedido. Revisá el link que recibiste.');
  });

  it('lets a diner report one problem with an order delivered in the last 24 hours', async () => {
    const placed = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }));
    const code = placed.body.data.code as string;

    const early = await report({ code, errorType: 'LATE' });
    expectApiError(early, 409, 'ORDER_ERROR_NOT_ALLOWED');
    expect(early.body.message).toBe(
      'Solo podés reportar un problema de un pedido entregado en las últimas 24 horas.',
    );

    await test.database.db.update(t.orders).set({ status: 'DELIVERED' }).where(eq(t.orders.code, code));
    const before = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;
    expect(before.canReportError).toBe(true);

    // two reports at once: one is stored, the other told it was already reported
    const [a, b] = await Promise.all([
      report({ code, errorType: 'MISSING_ITEMS' }),
      report({ code, errorType: 'WRONG_ITEMS' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    expect(winner.body).toMatchObject({ code, canReportError: false });
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.code, code));
    expect(row?.errorType).toBe(winner.body.dinerOrderDetails.errorType);

    const again = await report({ code, errorType: 'OTHER', errorDetail: 'Y otra cosa' });
    expectApiError(again, 409, 'ORDER_ERROR_REPORTED');
    expect(again.body.message).toBe('Ya reportaste un problema con este pedido.');
  });

  it('refuses reports of old orders, without a type, or of unknown codes', async () => {
    // Lucía's demo orders were delivered days ago
    expectApiError(await report({ code: 'DMP9RT3H6N', errorType: 'LATE' }), 409, 'ORDER_ERROR_NOT_ALLOWED');
    const noType = await report({ code: 'DMP9RT3H6N' });
    expectApiError(noType, 400);
    expect(noType.body.message).toBe('Seleccioná el tipo de problema para continuar.');
    expectApiError(await report({ code: 'DMP9RT3H6N', errorType: 'SOMETHING' }), 400);
    // an unknown code gets the very answer of an order that may not be reported
    const unknown = await report({ code: 'NOPE2345', errorType: 'LATE' });
    expectApiError(unknown, 409, 'ORDER_ERROR_NOT_ALLOWED');
    expect(unknown.body.message).toBe(
      'Solo podés reportar un problema de un pedido entregado en las últimas 24 horas.',
    );
    expectApiError(await report({ code: 'DMP9RT3H6N', errorType: 'LATE', extra: 1 }), 400);
    expectApiError(await report('nonsense'), 415);
  });

  const reportFrom = (body: unknown, remoteAddress: string) => report(body, remoteAddress);

  /** A new order of the mode, delivered just now: a problem can be reported of it. */
  async function deliveredOrder(ctx: OrderContext, destination?: typeof PALERMO_ADDRESS): Promise<string> {
    const placed = await postOrder(
      test.app,
      buildOrder(ctx, {
        dishes: [{ plate: 'Fugazzeta' }],
        ...(destination
          ? { destination, deliveryFee: 1500, serviceFee: { userFee: 300, percentageUserFee: 0.02 } }
          : {}),
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const code = placed.body.data.code as string;
    await test.database.db.update(t.orders).set({ status: 'DELIVERED' }).where(eq(t.orders.code, code));
    return code;
  }

  it('offers each mode its own problems: no late arrival for a take-away, no slow pick-up for a delivery', async () => {
    const report = (body: unknown) => reportFrom(body, '10.0.17.1');
    const pickUp = await deliveredOrder(takeAway);
    const late = await report({ code: pickUp, errorType: 'LATE' });
    expectApiError(late, 400, 'BAD_REQUEST');
    expect(late.body.message).toBe('Ese problema no corresponde a este pedido. Elegí otro.');
    expectApiError(await report({ code: pickUp, errorType: 'BAD_CONDITION' }), 400);
    const delayed = await report({ code: pickUp, errorType: 'DELAYED' });
    expect(delayed.status).toBe(200);
    expect(delayed.body.dinerOrderDetails).toEqual({ errorType: 'DELAYED', errorDetail: null });

    const trip = await deliveredOrder(delivery, PALERMO_ADDRESS);
    expectApiError(await report({ code: trip, errorType: 'DELAYED' }), 400);
    const arrivedLate = await report({ code: trip, errorType: 'LATE', errorDetail: 'ignored' });
    expect(arrivedLate.status).toBe(200);
    // only 'Otro problema' keeps the diner's words
    expect(arrivedLate.body.dinerOrderDetails).toEqual({ errorType: 'LATE', errorDetail: null });
  });

  it("stores the diner's words with 'Otro problema' and shows them on the staff's card", async () => {
    const report = (body: unknown) => reportFrom(body, '10.0.17.2');
    const code = await deliveredOrder(takeAway);
    const missing = await report({ code, errorType: 'OTHER' });
    expectApiError(missing, 400, 'BAD_REQUEST');
    expect(missing.body.message).toBe('Contanos qué pasó para continuar.');
    const blank = await report({ code, errorType: 'OTHER', errorDetail: '   ' });
    expectApiError(blank, 400);
    expect(blank.body.message).toBe('Contanos qué pasó para continuar.');
    const long = await report({ code, errorType: 'OTHER', errorDetail: 'x'.repeat(301) });
    expectApiError(long, 400);
    expect(long.body.message).toBe('Contanos qué pasó en 300 caracteres como máximo.');
    expectApiError(await report({ code, errorType: 'OTHER', errorDetail: 42 }), 400);
    // an unknown code is still told nothing more, whatever the detail
    expectApiError(
      await report({ code: 'NOPE2345', errorType: 'OTHER', errorDetail: 'Vino frío' }),
      409,
      'ORDER_ERROR_NOT_ALLOWED',
    );

    const words = `  La pizza vino sin cortar${' '.repeat(5)}`;
    const saved = await report({ code, errorType: 'OTHER', errorDetail: words });
    expect(saved.status).toBe(200);
    expect(saved.body.dinerOrderDetails).toEqual({
      errorType: 'OTHER',
      errorDetail: 'La pizza vino sin cortar',
    });
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.code, code));
    expect(row?.errorDetail).toBe('La pizza vino sin cortar');
    const again = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;
    expect(again.dinerOrderDetails.errorDetail).toBe('La pizza vino sin cortar');

    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const board = await asStaff(test.app, owner, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`);
    expect(board.status).toBe(200);
    const orders = (board.body.orders ?? board.body) as { code: string; problem?: unknown }[];
    expect(orders.find((order) => order.code === code)?.problem).toEqual({
      errorType: 'OTHER',
      errorDetail: 'La pizza vino sin cortar',
    });
  });

  it('takes the same update at its earlier path, PUT /api/diner/order/error', async () => {
    const code = await deliveredOrder(takeAway);
    const res = await test.app.inject({
      method: 'PUT',
      url: '/api/diner/order/error',
      payload: { code, errorType: 'WRONG_ITEMS' },
      remoteAddress: '10.0.17.4',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().dinerOrderDetails).toEqual({ errorType: 'WRONG_ITEMS', errorDetail: null });
    // and the spec's path then says it was reported already
    expectApiError(await reportFrom({ code, errorType: 'LATE' }, '10.0.17.4'), 409, 'ORDER_ERROR_REPORTED');
  });

  it("gives each line the plate's maximum of units (the spec's Item.maxQuantity)", async () => {
    const placed = await postOrder(
      test.app,
      buildOrder(takeAway, {
        dishes: [
          { plate: 'Tiramisú', quantity: 2 },
          { plate: 'Empanada de carne', quantity: 3 },
          { plate: 'Fugazzeta' },
        ],
      }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${placed.body.data.code}`))
      .body;
    expect(
      order.items.map((i: { name: string; maxQuantity: number | null }) => [i.name, i.maxQuantity]),
    ).toEqual([
      ['Tiramisú', 2],
      ['Empanada de carne', 24],
      ['Fugazzeta', null],
    ]);
  });

  describe("the order's shipment as anyone with the code sees it", () => {
    const code = 'DMP2LV8C5Z';
    async function shipmentOf() {
      const [row] = await test.database.db
        .select({ shipment: t.shipments })
        .from(t.shipments)
        .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
        .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
        .where(eq(t.orders.code, code));
      if (!row) throw new Error('the demo shipment is missing');
      return row.shipment;
    }
    async function withShipment(set: Partial<typeof t.shipments.$inferInsert>, check: () => Promise<void>) {
      const before = await shipmentOf();
      const [rider] = await test.database.db
        .select({ id: t.riders.id })
        .from(t.riders)
        .where(eq(t.riders.phone, '+5491160000001'));
      const eta = { minEta: new Date('2026-11-18T18:20:00Z'), maxEta: new Date('2026-11-18T18:40:00Z') };
      await test.database.db
        .update(t.shipments)
        .set({ riderId: rider?.id ?? null, ...eta, ...set })
        .where(eq(t.shipments.id, before.id));
      try {
        await check();
      } finally {
        await test.database.db
          .update(t.shipments)
          .set({
            status: before.status,
            riderId: before.riderId,
            minEta: before.minEta,
            maxEta: before.maxEta,
          })
          .where(eq(t.shipments.id, before.id));
      }
    }
    const followUp = async () => (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;

    it('names the rider only while the order is on its way to the diner', async () => {
      for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE'] as const)
        await withShipment({ status }, async () => {
          expect((await followUp()).shipments[0].riderInfo, status).toBeNull();
        });
      await withShipment({ status: 'ON_ROUTE_TO_DROP_OFF' }, async () => {
        expect((await followUp()).shipments[0].riderInfo).toMatchObject({ name: 'Martín Gómez' });
      });
    });

    it('gives a STACKING shipment (a cancelled-type status) no delivery code and no ETA', async () => {
      await withShipment({ status: 'ON_ROUTE_TO_DROP_OFF' }, async () => {
        const order = await followUp();
        expect(order.shipmentSecurityCode).toBe('5821');
        expect(order.shipments[0]).toMatchObject({
          minEta: '2026-11-18T18:20:00.000Z',
          maxEta: '2026-11-18T18:40:00.000Z',
        });
      });
      for (const status of ['STACKING', 'DRIVER_CANCELED'] as const)
        await withShipment({ status }, async () => {
          const order = await followUp();
          expect(order.shipmentSecurityCode, status).toBeNull();
          expect(order.shipments[0], status).toMatchObject({
            status,
            minEta: null,
            maxEta: null,
            riderInfo: null,
          });
        });
    });
  });

  it('accepts a detail of exactly 300 characters', async () => {
    const report = (body: unknown) => reportFrom(body, '10.0.17.3');
    const code = await deliveredOrder(takeAway);
    const full = await report({ code, errorType: 'OTHER', errorDetail: 'y'.repeat(300) });
    expect(full.status).toBe(200);
    expect(full.body.dinerOrderDetails.errorDetail).toHaveLength(300);
  });
});
