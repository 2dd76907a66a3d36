import { DEMO_CODES } from '@comanda/core/testing';
import { and, eq, sql } from 'drizzle-orm';
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
import { sha256 } from '../../platform/secrets.ts';
import { importBusiness } from '../business-import/import-business.ts';
import { canonicalJson } from './idempotency.ts';

const PUNTOS_MATEO_PHONE = '+5491155550101';
const { PIZZA15 } = DEMO_CODES;

const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const weekOf = (...ranges: Array<[string, string]>) =>
  WEEK.map((dayOfWeek) => ({
    dayOfWeek,
    workingHours: ranges.map(([startAt, endAt]) => ({ startAt, endAt })),
  }));

/**
 * What the demo lacks: scheduled orders at lunch (10:00-14:00) and dinner (18:00-22:00) with a 30-minute
 * lead, orders for now all day, and a pizza whose toppings group is optional but asks 3 to 5 once picked.
 */
const QUINCHO = {
  formatVersion: 1,
  branches: [
    {
      alias: 'quincho',
      name: 'Quincho',
      menus: [
        {
          key: 'carta',
          name: 'Carta',
          categories: [
            {
              key: 'pizzas',
              name: 'Pizzas',
              plates: [
                {
                  key: 'armada',
                  name: 'Pizza armada',
                  price: 9000,
                  garnishGroups: [
                    {
                      name: 'Toppings',
                      minGarnishAmount: 3,
                      maxGarnishAmount: 5,
                      multipleSelection: true,
                      mandatory: false,
                      garnishes: ['Jamón', 'Morrones', 'Aceitunas', 'Huevo', 'Rúcula', 'Anchoas'].map(
                        (name) => ({ name, price: 500 }),
                      ),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      contacts: [
        {
          alias: 'quincho-centro',
          name: 'Quincho Centro',
          address: { street: 'Corrientes', number: '1500' },
          location: { lat: -34.6037, lng: -58.3816 },
          timeZone: 'America/Argentina/Buenos_Aires',
          country: 'ar',
          currency: 'ARS',
          workingDays: weekOf(['08:00', '23:00']),
          paymentTypes: [{ key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' }],
          orderModes: [
            {
              type: 'TAKE_AWAY',
              showName: 'Retiro',
              menu: 'carta',
              paymentTypes: ['efectivo'],
              useSchedule: true,
              scheduleLeadMinutes: 30,
              scheduleSlotMinutes: 30,
              scheduleDaysAhead: 2,
              schedules: {
                NOW: weekOf(['08:00', '23:00']),
                SCHEDULED: weekOf(['10:00', '14:00'], ['18:00', '22:00']),
              },
            },
          ],
        },
      ],
    },
  ],
};

describe.each(databaseKinds)('POST /api/order (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let delivery: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  const deliveryFee = { userFee: 300, percentageUserFee: 0.02 };

  it('places a take-away order priced by core and stores every line, extra and amount', async () => {
    const payload = buildOrder(takeAway, {
      dishes: [
        { plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón', 'Morrones'] },
        { plate: 'Empanada de carne', quantity: 3 },
      ],
      payment: 'CASH',
      paysWith: 30000,
    });
    // 12.000 + 500 + 1.200 + 800 = 14.500; three empanadas at 1.800 with one free = 3.600
    expect(payload.price).toBe(18100);
    const res = await postOrder(test.app, payload);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ price: 18100 });
    expect(res.body.data.code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);

    const { db } = test.database;
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, res.body.data.id));
    expect(order).toMatchObject({
      total: 1810000,
      itemsPrice: 1810000,
      paysWith: 3000000,
      paymentMethod: 'CASH',
      type: 'TAKE_AWAY',
    });
    const items = await db.select().from(t.orderItems).where(eq(t.orderItems.orderId, res.body.data.id));
    expect(items.map((i) => [i.name, i.quantity, i.accPrice])).toEqual([
      ['Muzzarella', 1, 1450000],
      ['Empanada de carne', 3, 360000],
    ]);
    const extras = await db
      .select()
      .from(t.orderItemExtras)
      .where(eq(t.orderItemExtras.orderItemId, items[0]?.id as number));
    expect(extras.map((e) => e.name).sort()).toEqual(['Integral', 'Jamón', 'Morrones']);
    const [payment] = await db
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, res.body.data.id));
    expect(payment).toMatchObject({ status: 'PENDING', amount: 1810000 });
  });

  it('charges delivery by zone and payment method, with the service fee on the order amount', async () => {
    const payload = buildOrder(delivery, {
      dishes: [{ plate: 'Fugazzeta' }],
      payment: 'TRANSFER',
      destination: PALERMO_ADDRESS,
      serviceFee: deliveryFee,
      deliveryFee: 1200,
    });
    // 13.500 + fee 300 + 2% of 13.500 (270) + delivery 1.200 (transfer) = 15.270
    expect(payload.price).toBe(15270);
    const res = await postOrder(test.app, payload);
    expect(res.status).toBe(201);
    expect(res.body.data.price).toBe(15270);
  });

  it('refuses a cash delivery order whose fee is the other payments one', async () => {
    const payload = buildOrder(delivery, {
      dishes: [{ plate: 'Fugazzeta' }],
      payment: 'CASH',
      destination: PALERMO_ADDRESS,
      serviceFee: deliveryFee,
      deliveryFee: 1200,
    });
    const res = await postOrder(test.app, payload);
    expectApiError(res, 409, 'PRICE_MISMATCH');
    expect(res.body.message).toBe(
      'Los precios de tu pedido cambiaron. Revisá el pedido y volvé a confirmarlo.',
    );
    expect(res.body.errors).toContainEqual({ field: 'deliveryFee', expected: 1500, received: 1200 });
  });

  it('refuses a line priced lower than the menu says, and writes nothing', async () => {
    const { db } = test.database;
    const before = (await db.select({ id: t.orders.id }).from(t.orders)).length;
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Napolitana' }] });
    const item = payload.items[0] as (typeof payload.items)[number];
    item.price = 1;
    const res = await postOrder(test.app, payload);
    expectApiError(res, 409, 'PRICE_MISMATCH');
    expect(res.body.errors[0]).toEqual({ field: 'items.0.price', expected: 10240, received: 1 });
    // the diner reads which line changed and its price now (issue 28), not only that prices changed
    expect(res.body.message).toBe(
      'Cambió el precio de Napolitana: ahora $10.240. Revisá el pedido y volvé a confirmarlo.',
    );
    expect((await db.select({ id: t.orders.id }).from(t.orders)).length).toBe(before);
  });

  it('stores the catalogue’s names, whatever names the client sent', async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] });
    (payload.items[0] as { name: string }).name = 'Pizza GRATIS';
    const res = await postOrder(test.app, payload);
    expect(res.status).toBe(201);
    const items = await test.database.db
      .select({ name: t.orderItems.name })
      .from(t.orderItems)
      .where(eq(t.orderItems.orderId, res.body.data.id));
    expect(items).toEqual([{ name: 'Fugazzeta' }]);
  });

  it('refuses a total that does not add up even when every line is right', async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }] });
    payload.price = 100;
    const res = await postOrder(test.app, payload);
    expectApiError(res, 409, 'PRICE_MISMATCH');
    expect(res.body.errors).toContainEqual({ field: 'price', expected: 3500, received: 100 });
  });

  it.each([
    ['no phone', { phone: '' }, 'Debe ingresar su número de teléfono para continuar.'],
    ['no name', { customerName: '  ' }, 'Debe ingresar su nombre para poder realizar el pedido.'],
    ['an invalid phone', { phone: '123' }, 'Debe ingresar un número de teléfono válido para continuar.'],
    ['no cash amount', { paysWith: null }, 'Debe ingresar con cuanto abona para poder realizar el pedido.'],
    [
      'a cash amount below the price',
      { paysWith: 100 },
      'El monto con el cual abonará no puede ser menor al precio del pedido.',
    ],
  ])('answers the spec message for %s', async (_case, change, message) => {
    const payload = { ...buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }), ...change };
    const res = await postOrder(test.app, payload);
    expectApiError(res, 400, 'CHECKOUT_INVALID');
    expect(res.body.message).toBe(message);
  });

  it('checks the delivery address: missing, between streets, outside the zones, minimum order', async () => {
    const base = { payment: 'TRANSFER' as const, serviceFee: deliveryFee, deliveryFee: 1200 };
    const noAddress = buildOrder(delivery, { ...base, dishes: [{ plate: 'Fugazzeta' }] });
    expect((await postOrder(test.app, noAddress)).body.message).toBe(
      'Debe ingresar dirección para poder realizar el pedido.',
    );
    const noBetween = buildOrder(delivery, {
      ...base,
      dishes: [{ plate: 'Fugazzeta' }],
      destination: { ...PALERMO_ADDRESS, betweenStreets: '' },
    });
    expect((await postOrder(test.app, noBetween)).body.message).toBe(
      'Debe ingresar entrecalles para poder realizar el pedido.',
    );
    const far = buildOrder(delivery, {
      ...base,
      dishes: [{ plate: 'Fugazzeta' }],
      destination: { ...PALERMO_ADDRESS, lat: -34.7, lng: -58.6 },
    });
    expect((await postOrder(test.app, far)).body.message).toBe(
      'Tu dirección no se encuentra dentro de la zona de entrega.',
    );
    const small = buildOrder(delivery, {
      ...base,
      dishes: [{ plate: 'Flan casero' }],
      destination: PALERMO_ADDRESS,
    });
    expect((await postOrder(test.app, small)).body.message).toBe(
      'El precio del pedido debe ser mayor a $8.000',
    );
  });

  it('applies a category code and refuses it without an item of that category', async () => {
    const good = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], code: PIZZA15 });
    expect(good.price).toBe(11475);
    const res = await postOrder(test.app, good);
    expect(res.status).toBe(201);
    expect(res.body.data.price).toBe(11475);
    const [entry] = await test.database.db
      .select()
      .from(t.orderDiscounts)
      .where(eq(t.orderDiscounts.orderId, res.body.data.id));
    expect(entry).toMatchObject({ code: 'PIZZA15', amount: 202500 });

    const bad = buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }], code: PIZZA15 });
    const refused = await postOrder(test.app, bad);
    expectApiError(refused, 409, 'DISCOUNT_CODE_INVALID');
    expect(refused.body.message).toBe(
      'Este código requiere un producto de la categoría Pizzas en el pedido.',
    );
  });

  it('refuses an unknown code with the catalogue message', async () => {
    const payload = buildOrder(takeAway, {
      dishes: [{ plate: 'Fugazzeta' }],
      code: { ...PIZZA15, code: 'NOEXISTE' },
    });
    const res = await postOrder(test.app, payload);
    expectApiError(res, 409, 'DISCOUNT_CODE_INVALID');
    expect(res.body.message).toBe('No se encontró ningún descuento con el código ingresado.');
  });

  it('redeems points at placement and keeps 5% of what was paid for products to credit on delivery', async () => {
    const session = { cookie: await dinerCookie(test.database, PUNTOS_MATEO_PHONE) };
    const before = (
      await getJson(
        test.app,
        `/api/orderingcustomer/${encodeURIComponent(PUNTOS_MATEO_PHONE)}?branchId=${takeAway.branchId}`,
        session,
      )
    ).body;
    const payload = buildOrder(takeAway, {
      dishes: [{ plate: 'Fugazzeta' }],
      redeemedPoints: 1000,
      phone: PUNTOS_MATEO_PHONE,
      customerName: 'Lucía Fernández',
    });
    expect(payload.price).toBe(12500);
    // a phone typed at checkout is not proof: without the diner's session the points stay put
    const unsigned = await postOrder(test.app, payload);
    expectApiError(unsigned, 401, 'LOYALTY_SIGN_IN_REQUIRED');
    expect(unsigned.body.message).toBe('Inicie sesión');
    const otherDiner = await postOrder(test.app, payload, {
      cookie: await dinerCookie(test.database, '+5491170008888'),
    });
    expectApiError(otherDiner, 401, 'LOYALTY_SIGN_IN_REQUIRED');
    const res = await postOrder(test.app, payload, session);
    expect(res.status).toBe(201);
    const after = (
      await getJson(
        test.app,
        `/api/orderingcustomer/${encodeURIComponent(PUNTOS_MATEO_PHONE)}?branchId=${takeAway.branchId}`,
        session,
      )
    ).body;
    // -1.000 redeemed now; the 625 earned (5% of 12.500) wait for the delivery (order-lifecycle tests)
    expect(after.loyaltyPointsBalance).toBe(before.loyaltyPointsBalance - 1000);
    const ledger = await test.database.db
      .select()
      .from(t.loyaltyPointsLedger)
      .where(eq(t.loyaltyPointsLedger.orderId, res.body.data.id));
    expect(ledger.map((l) => [l.reason, l.amount, l.postBalance])).toEqual([
      ['REDEEMED', -1000, before.loyaltyPointsBalance - 1000],
    ]);
    const [order] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, res.body.data.id));
    expect(order?.earnedPoints).toBe(625);
  });

  it('refuses points above the balance, the maximum, the 30% cap or below the minimum', async () => {
    const session = { cookie: await dinerCookie(test.database, PUNTOS_MATEO_PHONE) };
    const order = (points: number, plate = 'Fugazzeta', quantity = 1) =>
      buildOrder(takeAway, {
        dishes: [{ plate, quantity }],
        redeemedPoints: points,
        phone: PUNTOS_MATEO_PHONE,
      });
    const below = await postOrder(test.app, order(100), session);
    expect(below.body.message).toBe('Tenés que canjear al menos 500 Puntos Mateo.');
    const aboveCap = await postOrder(test.app, order(4100), session);
    expect(aboveCap.body.message).toBe('Con Puntos Mateo podés pagar hasta el 30% del pedido.');
    const aboveMax = await postOrder(test.app, order(5001, 'Fugazzeta', 2), session);
    expect(aboveMax.body.message).toBe('Podés canjear como máximo 5.000 Puntos Mateo por pedido.');
    const stranger = buildOrder(takeAway, {
      dishes: [{ plate: 'Fugazzeta' }],
      redeemedPoints: 600,
      phone: '+5491170009999',
    });
    const noPoints = await postOrder(test.app, stranger, {
      cookie: await dinerCookie(test.database, '+5491170009999'),
    });
    expectApiError(noPoints, 409, 'LOYALTY_INVALID');
    expect(noPoints.body.message).toBe('No tenés suficientes Puntos Mateo: tu saldo es de 0.');
  });

  it('takes a scheduled order for an offered slot only', async () => {
    const schedule = (await getJson(test.app, `/api/ordermode/schedule/${takeAway.modeId}`)).body as {
      schedulerDaysInfo: { date: string; availableHours: string[] }[];
    };
    const day = schedule.schedulerDaysInfo[1] as { date: string; availableHours: string[] };
    const slot = `${day.date}T${day.availableHours[0]}:00-03:00`;
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], scheduledAt: slot }),
    );
    expect(res.status).toBe(201);
    const [order] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, res.body.data.id));
    expect(order?.scheduled).toBe(true);
    expect(order?.scheduledAt?.toISOString()).toBe(new Date(slot).toISOString());

    for (const bad of [
      `${day.date}T03:00:00-03:00`,
      `${day.date}T${day.availableHours[0]}:07-03:00`,
      'mañana',
    ]) {
      const refused = await postOrder(
        test.app,
        buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], scheduledAt: bad }),
      );
      expectApiError(refused, 400, 'CHECKOUT_INVALID');
      expect(refused.body.message).toBe('Seleccione un horario de programación del pedido');
    }
  });

  it('answers the same order again for a retried idempotency key', async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Tiramisú' }] });
    const headers = { 'idempotency-key': 'test-retry-0001' };
    const first = await postOrder(test.app, payload, headers);
    const again = await postOrder(test.app, payload, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const stored = await test.database.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.idempotencyKey, 'test-retry-0001'));
    expect(stored).toHaveLength(1);
  });

  it('binds an idempotency key to its request: another body under it gets 422 and nothing of the first order', async () => {
    const headers = { 'idempotency-key': 'test-retry-bound-0002' };
    const first = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }),
      headers,
    );
    expect(first.status).toBe(201);
    const other = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Napolitana' }] }),
      headers,
    );
    expectApiError(other, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(JSON.stringify(other.body)).not.toContain(first.body.data.code);
    // the same body, keys in another order, is the same request
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] });
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    const again = await postOrder(test.app, reordered, headers);
    expect(again.status).toBe(200);
    expect(again.body.data.code).toBe(first.body.data.code);
  });

  it('answers 409 while the first request of a key runs, and frees the key of a request that failed', async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] });
    // a first request still running (in this live process) holds the key with its body's hash
    await test.database.db.insert(t.idempotencyKeys).values({
      key: 'test-in-flight-0003',
      requestHash: sha256(canonicalJson(payload)),
      holder: test.app.serverInstance.id,
    });
    const retry = await test.app.inject({
      method: 'POST',
      url: '/api/order',
      payload,
      headers: { 'idempotency-key': 'test-in-flight-0003' },
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('ORDER_IN_FLIGHT');
    // the client is told when to try again
    expect(retry.headers['retry-after']).toBe('2');

    // a refused request places nothing: the corrected retry under the same key is placed
    const headers = { 'idempotency-key': 'test-refused-0004' };
    const refused = await postOrder(test.app, { ...payload, customerName: '' }, headers);
    expectApiError(refused, 400, 'CHECKOUT_INVALID');
    const corrected = await postOrder(test.app, payload, headers);
    expect(corrected.status).toBe(201);
  });

  it('takes over at once the key of a request whose process died (kill -9: its heartbeat stopped)', async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] });
    // a process that beat 10 s ago and no more, and one that never was
    await test.database.db
      .insert(t.serverInstances)
      .values({ id: 'killed-process', heartbeatAt: sql`now() - interval '10 seconds'` });
    for (const [key, holder] of [
      ['test-dead-holder-0005', 'killed-process'],
      ['test-gone-holder-0006', 'never-was'],
    ] as const) {
      await test.database.db
        .insert(t.idempotencyKeys)
        .values({ key, requestHash: sha256(canonicalJson(payload)), holder });
      const retry = await postOrder(test.app, payload, { 'idempotency-key': key });
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    }
  });

  it('refuses an item that is not on the mode’s menu, a missing mandatory garnish and too many units', async () => {
    const ghost = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] });
    (ghost.items[0] as { referenceId: number }).referenceId = 999999;
    expectApiError(await postOrder(test.app, ghost), 409, 'ITEM_UNAVAILABLE');
    const noDough = buildOrder(takeAway, { dishes: [{ plate: 'Muzzarella', size: 'Grande' }] });
    const res = await postOrder(test.app, noDough);
    expectApiError(res, 409, 'GARNISHES_INVALID');
    expect(res.body.message).toBe('Revise que haya agregado la cantidad correcta de guarniciones');
    const many = buildOrder(takeAway, { dishes: [{ plate: 'Tiramisú', quantity: 3 }] });
    const tooMany = await postOrder(test.app, many);
    expect(tooMany.body.message).toBe('Has alcanzado el máximo de unidades (2) para este producto');
  });

  it('answers bad input with a Spanish 400, never a 500', async () => {
    for (const body of [
      {},
      { items: 'x' },
      [],
      'nada',
      { ...buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }), unexpected: 1 },
    ]) {
      const res = await postOrder(test.app, body);
      // a bare string travels as text/plain: 415, still a JSON error in Spanish
      expect([400, 415]).toContain(res.status);
      expect(res.body.message).toMatch(/[a-záéíóú]/);
    }
    // every field's message is Spanish, not zod's English default
    const bare = await postOrder(test.app, { items: [] });
    for (const e of bare.body.errors) expect(e.message).not.toMatch(/Invalid|expected|received/);
    const empty = { ...buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }), items: [] };
    expect((await postOrder(test.app, empty)).body.message).toBe('Tu pedido no tiene productos.');
    const otherContact = {
      ...buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }] }),
      branchContact: { id: 999999 },
    };
    expectApiError(await postOrder(test.app, otherContact), 404);
  });

  it('keeps one code use per order when the code is capped', async () => {
    const { db } = test.database;
    await db
      .update(t.discountCodes)
      .set({ maxUses: 1, usesCount: 0 })
      .where(and(eq(t.discountCodes.code, 'PIZZA15'), eq(t.discountCodes.branchId, takeAway.branchId)));
    const payload = () =>
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], code: PIZZA15, phone: '+5491170004444' });
    const first = await postOrder(test.app, payload());
    const second = await postOrder(test.app, payload());
    expect(first.status).toBe(201);
    expectApiError(second, 409, 'DISCOUNT_CODE_EXHAUSTED');
    expect(second.body.message).toBe('Este código ya alcanzó su límite de usos.');
  });

  describe('at a shop with lunch and dinner slots and an optional group of 3 to 5 toppings', () => {
    let quincho: OrderContext;
    const orderCount = async () => (await test.database.db.select({ id: t.orders.id }).from(t.orders)).length;

    beforeAll(async () => {
      await importBusiness(test.database.db, QUINCHO, new Date());
      quincho = await orderContext(test.app, 'quincho-centro', 'Retiro');
    });

    it('holds back the first slots after each reopening by the lead time, as after now', async () => {
      // Wednesday 15:00, between lunch and dinner
      const schedule = (await getJson(test.app, `/api/ordermode/schedule/${quincho.modeId}`)).body as {
        schedulerDaysInfo: { date: string; availableHours: string[] }[];
      };
      const later = ['18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'];
      expect(schedule.schedulerDaysInfo).toEqual([
        { dayOfWeek: 'WEDNESDAY', date: '2026-11-18', availableHours: later },
        {
          dayOfWeek: 'THURSDAY',
          date: '2026-11-19',
          availableHours: ['10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', ...later],
        },
      ]);

      const before = await orderCount();
      for (const reopening of [
        '2026-11-18T18:00:00-03:00',
        '2026-11-18T18:15:00-03:00',
        '2026-11-19T10:00:00-03:00',
      ]) {
        const refused = await postOrder(
          test.app,
          buildOrder(quincho, { dishes: [{ plate: 'Pizza armada' }], scheduledAt: reopening }),
        );
        expectApiError(refused, 400, 'CHECKOUT_INVALID');
        expect(refused.body.message).toBe('Seleccione un horario de programación del pedido');
      }
      expect(await orderCount()).toBe(before);

      for (const firstSlot of ['2026-11-18T18:30:00-03:00', '2026-11-19T10:30:00-03:00']) {
        const res = await postOrder(
          test.app,
          buildOrder(quincho, { dishes: [{ plate: 'Pizza armada' }], scheduledAt: firstSlot }),
        );
        expect(res.status).toBe(201);
        const [order] = await test.database.db
          .select()
          .from(t.orders)
          .where(eq(t.orders.id, res.body.data.id));
        expect(order?.scheduledAt?.toISOString()).toBe(new Date(firstSlot).toISOString());
      }
    });

    it('refuses 2 toppings of the optional 3-to-5 group, and writes nothing', async () => {
      const before = await orderCount();
      const res = await postOrder(
        test.app,
        buildOrder(quincho, { dishes: [{ plate: 'Pizza armada', garnishes: ['Jamón', 'Morrones'] }] }),
      );
      expectApiError(res, 409, 'GARNISHES_INVALID');
      expect(res.body.message).toBe('Revise que haya agregado la cantidad correcta de guarniciones');
      expect(await orderCount()).toBe(before);
    });

    it('takes the pizza without toppings or with 3 of them', async () => {
      const plain = await postOrder(test.app, buildOrder(quincho, { dishes: [{ plate: 'Pizza armada' }] }));
      expect(plain.status).toBe(201);
      expect(plain.body.data.price).toBe(9000);

      const three = await postOrder(
        test.app,
        buildOrder(quincho, {
          dishes: [{ plate: 'Pizza armada', garnishes: ['Jamón', 'Morrones', 'Aceitunas'] }],
        }),
      );
      expect(three.status).toBe(201);
      expect(three.body.data.price).toBe(10500);
      const [item] = await test.database.db
        .select()
        .from(t.orderItems)
        .where(eq(t.orderItems.orderId, three.body.data.id));
      const extras = await test.database.db
        .select()
        .from(t.orderItemExtras)
        .where(eq(t.orderItemExtras.orderItemId, item?.id as number));
      expect(extras.map((e) => e.name).sort()).toEqual(['Aceitunas', 'Jamón', 'Morrones']);
    });
  });
});
