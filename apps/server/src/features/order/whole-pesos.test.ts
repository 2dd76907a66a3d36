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
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { importBusiness } from '../business-import/import-business.ts';

const week = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map(
  (dayOfWeek) => ({ dayOfWeek, workingHours: [{ startAt: '08:00', endAt: '23:00' }] }),
);

const FEE_25 = { userFee: 0, percentageUserFee: 0.025 };

/** A shop that rounds its computed amounts down: one $49.152 tray, take-away with a 2.5% service fee. */
function roundingDownShop(alias: string, roundingMode: string) {
  return {
    formatVersion: 1,
    branches: [
      {
        alias,
        name: 'Catering Redondo',
        generalConfig: { roundingMode },
        menus: [
          {
            key: 'carta',
            name: 'Carta',
            categories: [
              {
                key: 'bandejas',
                name: 'Bandejas',
                plates: [{ key: 'bandeja', name: 'Bandeja de sándwiches', price: 49152 }],
              },
            ],
          },
        ],
        contacts: [
          {
            alias: `${alias}-centro`,
            name: 'Catering Redondo Centro',
            address: { street: 'Corrientes', number: '1200' },
            location: { lat: -34.6037, lng: -58.3816 },
            timeZone: 'America/Argentina/Buenos_Aires',
            country: 'ar',
            currency: 'ARS',
            workingDays: week,
            paymentTypes: [{ key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' }],
            orderModes: [
              {
                type: 'TAKE_AWAY',
                showName: 'Retiro',
                menu: 'carta',
                paymentTypes: ['efectivo'],
                schedules: { NOW: week, SCHEDULED: week },
                serviceFee: FEE_25,
              },
            ],
          },
        ],
      },
    ],
  };
}

describe.each(databaseKinds)('whole-peso amounts on POST /api/order (%s)', (kind) => {
  let test: TestApp;
  let delivery: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  // the Napolitana costs $10.240 after its 20%: Don Mateo's $300 plus 2% ($204,80) is a $505 fee
  const napolitana = {
    dishes: [{ plate: 'Napolitana' }],
    payment: 'TRANSFER' as const,
    destination: PALERMO_ADDRESS,
    serviceFee: { userFee: 300, percentageUserFee: 0.02 },
    deliveryFee: 1200,
  };

  it('rounds the demo to whole pesos by default (the contact sets no mode)', async () => {
    expect(delivery.rounding).toEqual({ step: 100, mode: 'NEAREST' });
  });

  it('refuses a fee in cents ($504,80) and accepts the whole-peso one ($505)', async () => {
    const cents = buildOrder(delivery, { ...napolitana, rounding: { step: 1, mode: 'NEAREST' } });
    expect(cents.userServiceFee).toBe(504.8);
    const refused = await postOrder(test.app, cents);
    expectApiError(refused, 409, 'PRICE_MISMATCH');
    expect(refused.body.errors).toContainEqual({ field: 'userServiceFee', expected: 505, received: 504.8 });
    expect(refused.body.errors).toContainEqual({ field: 'price', expected: 11945, received: 11944.8 });

    const whole = buildOrder(delivery, napolitana);
    expect(whole.userServiceFee).toBe(505);
    // 10.240 + 505 + delivery 1.200 (transfer)
    expect(whole.price).toBe(11945);
    const accepted = await postOrder(test.app, whole);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.price).toBe(11945);
    const [order] = await test.database.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.id, accepted.body.data.id));
    expect(order).toMatchObject({ userServiceFee: 50500, total: 1194500 });
  });

  it("rounds by the branch's chosen mode, which the contact's answer carries", async () => {
    await importBusiness(test.database.db, roundingDownShop('redondo', 'DOWN'), new Date());
    const contact = await getJson(test.app, '/api/diner/redondo-centro');
    expect(contact.body.info.branch.generalConfig.roundingMode).toBe('DOWN');
    const ctx = await orderContext(test.app, 'redondo-centro', 'Retiro');
    expect(ctx.rounding).toEqual({ step: 100, mode: 'DOWN' });

    // 2.5% of $49.152 is $1.228,80: $1.228 down, $1.229 to the nearest
    const order = { dishes: [{ plate: 'Bandeja de sándwiches' }], serviceFee: FEE_25 };
    const nearest = buildOrder(ctx, { ...order, rounding: { step: 100, mode: 'NEAREST' } });
    expect(nearest.userServiceFee).toBe(1229);
    const refused = await postOrder(test.app, nearest);
    expectApiError(refused, 409, 'PRICE_MISMATCH');
    expect(refused.body.errors).toContainEqual({ field: 'userServiceFee', expected: 1228, received: 1229 });

    const down = buildOrder(ctx, order);
    expect(down.userServiceFee).toBe(1228);
    expect(down.price).toBe(49152 + 1228);
    const accepted = await postOrder(test.app, down);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.price).toBe(50380);
  });

  it('refuses an import with an unknown rounding mode', async () => {
    const error = await importBusiness(
      test.database.db,
      roundingDownShop('torcido', 'SIDEWAYS'),
      new Date(),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400 });
    expect((error as { errors?: string[] }).errors?.[0]).toMatch(/roundingMode/);
  });
});
