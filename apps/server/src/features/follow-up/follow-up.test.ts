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

  const report = (body: unknown) =>
    test.app
      .inject({ method: 'PUT', url: '/api/diner/order/error', payload: body as object })
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
    expect(order.total).toBe(payload.price);
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
    expect(res.body.message).toBe('No encontramos este pedido. Revisa el link que recibiste.');
  });

  it('lets a diner report one problem with an order delivered in the last 24 hours', async () => {
    const placed = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }));
    const code = placed.body.data.code as string;

    const early = await report({ code, errorType: 'LATE' });
    expectApiError(early, 409, 'ORDER_ERROR_NOT_ALLOWED');
    expect(early.body.message).toBe(
      'Solo puedes reportar un problema de un pedido entregado en las últimas 24 horas.',
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

    const again = await report({ code, errorType: 'OTHER' });
    expectApiError(again, 409, 'ORDER_ERROR_REPORTED');
    expect(again.body.message).toBe('Ya reportaste un problema con este pedido.');
  });

  it('refuses reports of old orders, without a type, or of unknown codes', async () => {
    // Lucía's demo orders were delivered days ago
    expectApiError(await report({ code: 'DMP9RT3H6N', errorType: 'LATE' }), 409, 'ORDER_ERROR_NOT_ALLOWED');
    const noType = await report({ code: 'DMP9RT3H6N' });
    expectApiError(noType, 400);
    expect(noType.body.message).toBe('Selecciona el tipo de problema para continuar.');
    expectApiError(await report({ code: 'DMP9RT3H6N', errorType: 'SOMETHING' }), 400);
    // an unknown code gets the very answer of an order that may not be reported
    const unknown = await report({ code: 'NOPE2345', errorType: 'LATE' });
    expectApiError(unknown, 409, 'ORDER_ERROR_NOT_ALLOWED');
    expect(unknown.body.message).toBe(
      'Solo puedes reportar un problema de un pedido entregado en las últimas 24 horas.',
    );
    expectApiError(await report({ code: 'DMP9RT3H6N', errorType: 'LATE', extra: 1 }), 400);
    expectApiError(await report('nonsense'), 415);
  });
});
