import { MESSAGES } from '@comanda/core';
import { DINER_ACCOUNT_MESSAGES, type DinerOrdersPage } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DINER_PHONE, dinerCookie } from '../../../test/diners.ts';
import { callApi, expectApiError, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';

const JOAQUIN = '+5491155550202'; // DMP2LV8C5Z: a shipment looking for a rider
const CAMILA = '+5491155550303'; // DMP6WJ4F8S: a shipment in a stack of two
const HOUR_MS = 3_600_000;

describe.each(databaseKinds)('GET /api/orders on %s', (kind) => {
  let test: TestApp;
  let palermo: Awaited<ReturnType<typeof idsOf>>;
  let belgrano: Awaited<ReturnType<typeof idsOf>>;
  let kenzo: Awaited<ReturnType<typeof idsOf>>;
  let lucia: string;

  const ordersPath = (phone: string, contactId: number, offset?: number) =>
    `/api/orders?phone=${encodeURIComponent(phone)}&branchContactId=${contactId}${offset === undefined ? '' : `&offset=${offset}`}`;
  const list = async (cookie: string, phone: string, contactId: number, offset?: number) =>
    callApi(test.app, 'GET', ordersPath(phone, contactId, offset), { headers: { cookie } });

  beforeAll(async () => {
    test = await createTestApp(kind);
    palermo = await idsOf(test.app, 'donmateo-palermo');
    belgrano = await idsOf(test.app, 'donmateo-belgrano');
    kenzo = await idsOf(test.app, 'kenzo-nunez');
    lucia = await dinerCookie(test.database, DEMO_DINER_PHONE);
  });
  afterAll(() => test.close());

  it('answers 401 Inicie sesión without a diner session', async () => {
    const res = await callApi(test.app, 'GET', ordersPath(DEMO_DINER_PHONE, palermo.contactId));
    expectApiError(res, 401, 'UNAUTHORIZED');
    expect(res.body.message).toBe(MESSAGES.loginRequired);
  });

  it("lists the demo diner's own orders, newest first, with the spec's row fields", async () => {
    const res = await list(lucia, DEMO_DINER_PHONE, palermo.contactId);
    expect(res.status).toBe(200);
    const page = res.body as DinerOrdersPage;
    expect(page).toMatchObject({ offset: 0, pageSize: 10, total: 2 });
    expect(page.orders.map((order) => order.code)).toEqual(['DMP9RT3H6N', 'DMP4KQ7X2W']);
    const [takeAway, delivery] = page.orders;
    expect(takeAway).toMatchObject({
      code: 'DMP9RT3H6N',
      orderModeName: 'Take Away',
      type: 'TAKE_AWAY',
      status: 'DELIVERED',
      paid: true,
      isShipment: false,
      returnShipment: false,
      shipments: [],
      address: 'Av. Santa Fe 3253',
      currency: 'ARS',
      branchContact: { alias: 'donmateo-palermo', name: 'Don Mateo Palermo' },
    });
    expect(takeAway?.paymentType?.paymentMethod).toBe('CARD');
    expect(new Date(takeAway?.orderedAt ?? '').getTime()).toBe(new Date(TEST_NOW).getTime() - 72 * HOUR_MS);
    expect(delivery).toMatchObject({ orderModeName: 'Delivery', address: 'Charcas 3641' });
    expect(delivery?.paymentType?.showName).toBe('Efectivo');
    // the items are the choices a reorder needs: plate, size, garnishes, notes
    const pizza = delivery?.items.find((item) => item.name === 'Muzzarella');
    expect(pizza).toMatchObject({ quantity: 1, notes: 'Bien cocida, por favor.', source: 'PLATE' });
    expect(pizza?.sizeId).toEqual(expect.any(Number));
    expect(pizza?.extras.flatMap((group) => group.groupItems)).toHaveLength(2);
    // the total is in currency units, as the follow-up shows it
    const followUp = await callApi(test.app, 'GET', '/api/diner/donmateo-palermo/order/DMP4KQ7X2W');
    expect(delivery?.total).toBe(followUp.body.total);
  });

  it("answers the orders of the contact's whole branch, and none of another branch", async () => {
    const fromBelgrano = await list(lucia, DEMO_DINER_PHONE, belgrano.contactId);
    expect(fromBelgrano.body.orders.map((order: { code: string }) => order.code)).toEqual([
      'DMP9RT3H6N',
      'DMP4KQ7X2W',
    ]);
    const atKenzo = await list(lucia, DEMO_DINER_PHONE, kenzo.contactId);
    expect(atKenzo.status).toBe(200);
    expect(atKenzo.body).toMatchObject({ orders: [], total: 0 });
  });

  it('reads the phone as typed in the contact country', async () => {
    const res = await list(lucia, '11 5555-0101', palermo.contactId);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
  });

  it("never answers another phone's orders: 403 with a session of another phone", async () => {
    const res = await list(lucia, JOAQUIN, palermo.contactId);
    expectApiError(res, 403, 'FORBIDDEN');
    expect(res.body.message).toBe(DINER_ACCOUNT_MESSAGES.notYourPhone);
    expect(JSON.stringify(res.body)).not.toContain('DMP2LV8C5Z');
  });

  it('refuses a malformed query with 400 and an unknown contact with 404', async () => {
    expectApiError(await list(lucia, 'abc', palermo.contactId), 400, 'BAD_REQUEST');
    expectApiError(
      await callApi(test.app, 'GET', `/api/orders?phone=${DEMO_DINER_PHONE}&branchContactId=abc`, {
        headers: { cookie: lucia },
      }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(await list(lucia, DEMO_DINER_PHONE, palermo.contactId, -1), 400, 'BAD_REQUEST');
    expectApiError(await list(lucia, DEMO_DINER_PHONE, 424242), 404);
  });

  it('shows the shipment of a delivery, and a stack of two as Multientrega', async () => {
    const joaquin = await dinerCookie(test.database, JOAQUIN);
    const single = (await list(joaquin, JOAQUIN, palermo.contactId)).body as DinerOrdersPage;
    expect(single.orders.map((order) => order.code)).toEqual(['DMP2LV8C5Z']);
    expect(single.orders[0]).toMatchObject({ isShipment: true, returnShipment: false });
    expect(single.orders[0]?.shipments).toEqual([
      expect.objectContaining({ status: 'LOOKING_FOR_DRIVER', multiDelivery: false, riderName: null }),
    ]);

    const camila = await dinerCookie(test.database, CAMILA);
    const stacked = (await list(camila, CAMILA, palermo.contactId)).body as DinerOrdersPage;
    expect(stacked.orders.map((order) => order.code)).toEqual(['DMP6WJ4F8S']);
    expect(stacked.orders[0]?.shipments).toEqual([
      expect.objectContaining({ multiDelivery: true, shipmentStackId: expect.any(Number) }),
    ]);
  });

  it('marks a return shipment', async () => {
    const { db } = test.database;
    const camila = await dinerCookie(test.database, CAMILA);
    const [order] = await db.select().from(t.orders).where(eq(t.orders.code, 'DMP6WJ4F8S'));
    const [logistics] = await db
      .select()
      .from(t.logisticsOrders)
      .where(eq(t.logisticsOrders.orderId, order?.id as number));
    await db.insert(t.shipments).values({
      logisticsOrderId: logistics?.id as number,
      branchContactId: palermo.contactId,
      status: 'DELIVERED',
      returnShipment: true,
      securityCode: '1111',
    });
    const page = (await list(camila, CAMILA, palermo.contactId)).body as DinerOrdersPage;
    expect(page.orders[0]).toMatchObject({ isShipment: true, returnShipment: true });
    expect(page.orders[0]?.shipments).toHaveLength(2);
  });

  it('pages by 10, newest first, and an offset past the end answers an empty page', async () => {
    const { db } = test.database;
    const [template] = await db.select().from(t.orders).where(eq(t.orders.code, 'DMP9RT3H6N'));
    if (!template) throw new Error('no demo order');
    const { id: _id, code: _code, idempotencyKey: _key, ...copy } = template;
    // 13 newer orders, one an hour, so the demo's two fall to the second page
    for (let n = 1; n <= 13; n += 1) {
      await db.insert(t.orders).values({
        ...copy,
        code: `PAGETEST${String(n).padStart(2, '0')}`,
        orderedAt: new Date(new Date(TEST_NOW).getTime() - n * HOUR_MS),
      });
    }
    const first = (await list(lucia, DEMO_DINER_PHONE, palermo.contactId)).body as DinerOrdersPage;
    expect(first.total).toBe(15);
    expect(first.orders.map((order) => order.code)).toEqual(
      Array.from({ length: 10 }, (_, i) => `PAGETEST${String(i + 1).padStart(2, '0')}`),
    );
    const second = (await list(lucia, DEMO_DINER_PHONE, palermo.contactId, 10)).body as DinerOrdersPage;
    expect(second.offset).toBe(10);
    expect(second.orders.map((order) => order.code)).toEqual([
      'PAGETEST11',
      'PAGETEST12',
      'PAGETEST13',
      'DMP9RT3H6N',
      'DMP4KQ7X2W',
    ]);
    const past = (await list(lucia, DEMO_DINER_PHONE, palermo.contactId, 20)).body as DinerOrdersPage;
    expect(past.orders).toEqual([]);
    // another diner still sees none of them
    const joaquin = await dinerCookie(test.database, JOAQUIN);
    const theirs = (await list(joaquin, JOAQUIN, palermo.contactId)).body as DinerOrdersPage;
    expect(theirs.orders.every((order) => !order.code.startsWith('PAGETEST'))).toBe(true);
  });
});
