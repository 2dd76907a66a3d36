import { DEMO_CODES } from '@comanda/core/testing';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerCookie } from '../../../test/diners.ts';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';

/**
 * Discount codes (storefront.md sections 4, 5, 7 and 9, DEMO-DATA.md) and delivery zones of Don Mateo
 * Palermo, through HTTP: POST /api/codediscounts/validate, the limited-usage hold of 180000 ms as
 * POST /api/order spends it, and GET /api/branch/{contactId}/deliveryzones/fee.
 */

const LUCIA = '+5491155550101';
const HOLD_MS = 180_000;
const NOW_MS = new Date(TEST_NOW).getTime();

const { BIENVENIDA, ENVIOGRATIS, MIN20K, FLASH } = DEMO_CODES;

const DELIVERY_SERVICE_FEE = { userFee: 300, percentageUserFee: 0.02 };

/**
 * The validate call is rate limited to 30 a minute per address; each call here comes from its own
 * address so the file can make more than 30 without meeting the limit.
 */
let caller = 0;
async function validate(app: FastifyInstance, body: unknown) {
  caller += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/codediscounts/validate',
    payload: body as object,
    remoteAddress: `10.0.${Math.floor(caller / 250)}.${(caller % 250) + 1}`,
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

describe.each(databaseKinds)('discount codes and delivery zones (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let delivery: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  const paymentId = (ctx: OrderContext, method: 'CASH' | 'CARD' | 'TRANSFER') => {
    const found = ctx.mode.paymentTypes.find((p) => p.paymentMethod === method);
    if (!found) throw new Error(`no payment ${method}`);
    return found.id;
  };
  /** The body the storefront sends for the take-away checkout, paying cash. */
  const body = (code: string, phone: string, changes: Record<string, unknown> = {}) => ({
    code,
    paymentId: paymentId(takeAway, 'CASH'),
    phone,
    orderDate: TEST_NOW,
    branchId: takeAway.branchId,
    branchContactId: takeAway.contactId,
    orderModeId: takeAway.modeId,
    ...changes,
  });

  const codeRow = async (code: string) => {
    const [row] = await test.database.db
      .select()
      .from(t.discountCodes)
      .where(and(eq(t.discountCodes.code, code), eq(t.discountCodes.branchId, takeAway.branchId)));
    if (!row) throw new Error(`no code ${code}`);
    return row;
  };
  const holdsOf = async (code: string, phone: string) => {
    const { id } = await codeRow(code);
    return test.database.db
      .select()
      .from(t.discountCodeUsages)
      .where(and(eq(t.discountCodeUsages.discountCodeId, id), eq(t.discountCodeUsages.phone, phone)))
      .orderBy(t.discountCodeUsages.id);
  };

  describe('POST /api/codediscounts/validate', () => {
    it('answers the info of a first-time code for a phone with no orders', async () => {
      const res = await validate(test.app, body('BIENVENIDA', '+5491170001001'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: (await codeRow('BIENVENIDA')).id,
        code: 'BIENVENIDA',
        type: 'PERCENT',
        value: 0.1,
        minimumOrderAmount: null,
        plate: null,
        maximumDiscount: null,
        category: null,
        firstTimeOnly: true,
        freeDelivery: false,
        limitedUsage: false,
        expiresAt: null,
      });
    });

    it('refuses a first-time code to Lucía, who has ordered before, in any phone format', async () => {
      for (const phone of [LUCIA, '+54 9 11 5555-0101']) {
        const res = await validate(test.app, body('BIENVENIDA', phone));
        expectApiError(res, 409, 'DISCOUNT_CODE_INVALID');
        expect(res.body.message).toBe('Este código es válido solo para tu primer pedido.');
      }
    });

    it('answers 404 with the catalogue message for an unknown code', async () => {
      const res = await validate(test.app, body('NOEXISTE', '+5491170001002'));
      expectApiError(res, 404, 'DISCOUNT_CODE_NOT_FOUND');
      expect(res.body.message).toBe('No se encontró ningún descuento con el código ingresado.');
    });

    it('finds a code written in lower case or with spaces around it', async () => {
      for (const code of ['pizza15', '  Pizza15 ']) {
        const res = await validate(test.app, body(code, '+5491170001003'));
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          code: 'PIZZA15',
          type: 'PERCENT',
          value: 0.15,
          category: 'Pizzas',
          firstTimeOnly: false,
          freeDelivery: false,
          limitedUsage: false,
          expiresAt: null,
        });
      }
    });

    it('answers amounts of a fixed code in currency units, and a free-delivery code as such', async () => {
      const min20k = await validate(test.app, body('MIN20K', '+5491170001004'));
      expect(min20k.status).toBe(200);
      expect(min20k.body).toMatchObject({
        code: 'MIN20K',
        type: 'FIXED',
        value: 2000,
        minimumOrderAmount: 20000,
        maximumDiscount: null,
      });
      const free = await validate(test.app, body('ENVIOGRATIS', '+5491170001004'));
      expect(free.status).toBe(200);
      expect(free.body).toMatchObject({ code: 'ENVIOGRATIS', type: 'FREE_DELIVERY', freeDelivery: true });
    });

    it('asks for a payment method first when there is none', async () => {
      for (const changes of [{ paymentId: undefined }, { paymentId: null }]) {
        const res = await validate(test.app, body('PIZZA15', '+5491170001005', changes));
        expectApiError(res, 400);
        expect(res.body.message).toBe('Asegurese de haber elegido un medio de pago primero');
      }
    });

    it('asks for the diner’s data when the phone is missing or not a phone', async () => {
      for (const phone of ['123', '', 'abcdefghij', '+54911'.padEnd(41, '1')]) {
        const res = await validate(test.app, body('PIZZA15', phone));
        expectApiError(res, 400);
        expect(res.body.message).toBe(
          'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
        );
      }
      const noPhone = body('PIZZA15', '');
      delete (noPhone as Partial<typeof noPhone>).phone;
      const res = await validate(test.app, noPhone);
      expectApiError(res, 400);
      expect(res.body.message).toBe(
        'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
      );
    });

    it('refuses a payment type of another order mode or another branch contact', async () => {
      // Mostrador takes cash and card, not transfer
      const counter = await orderContext(test.app, 'donmateo-palermo', 'Mostrador');
      const transfer = paymentId(takeAway, 'TRANSFER');
      expect(counter.mode.paymentTypes.map((p) => p.id)).not.toContain(transfer);
      const otherMode = await validate(
        test.app,
        body('PIZZA15', '+5491170001006', { orderModeId: counter.modeId, paymentId: transfer }),
      );
      expectApiError(otherMode, 400);
      expect(otherMode.body.message).toBe('El medio de pago elegido no está disponible para este pedido.');

      const belgrano = await orderContext(test.app, 'donmateo-belgrano', 'Take Away');
      const otherContact = await validate(
        test.app,
        body('PIZZA15', '+5491170001006', { paymentId: paymentId(belgrano, 'CASH') }),
      );
      expectApiError(otherContact, 400);
      expect(otherContact.body.message).toBe('El medio de pago elegido no está disponible para este pedido.');
    });

    it('answers 404 when the contact, mode and branch do not belong together', async () => {
      const aurora = await idsOf(test.app, 'aurora-centro');
      const wrongBranch = await validate(
        test.app,
        body('PIZZA15', '+5491170001007', { branchId: aurora.branchId }),
      );
      expectApiError(wrongBranch, 404);
      const unknownMode = await validate(
        test.app,
        body('PIZZA15', '+5491170001007', { orderModeId: 999999 }),
      );
      expectApiError(unknownMode, 404);
    });

    const NO_CODE = 'No se encontró ningún descuento con el código ingresado.';
    const NO_DATA =
      'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.';
    const BAD = 'La solicitud no es válida.';
    const without = (key: string) => (good: Record<string, unknown>) => {
      const { [key]: _dropped, ...rest } = good;
      return rest;
    };
    it.each<[string, (good: Record<string, unknown>) => unknown, string]>([
      ['an unknown key', (good) => ({ ...good, unexpected: true }), BAD],
      ['a code that is a number', (good) => ({ ...good, code: 123 }), NO_CODE],
      ['an empty code', (good) => ({ ...good, code: '  ' }), NO_CODE],
      ['a code of 61 characters', (good) => ({ ...good, code: 'X'.repeat(61) }), NO_CODE],
      ['no code', without('code'), NO_CODE],
      ['a phone that is a number', (good) => ({ ...good, phone: 5491170001008 }), NO_DATA],
      ['a branch id that is a word', (good) => ({ ...good, branchId: 'donmateo' }), 'El local no es válido.'],
      ['no branch id', without('branchId'), 'El local no es válido.'],
      ['a null contact id', (good) => ({ ...good, branchContactId: null }), 'El local no es válido.'],
      ['an order mode id of 0', (good) => ({ ...good, orderModeId: 0 }), 'El modo de pedido no es válido.'],
      ['no order mode id', without('orderModeId'), 'El modo de pedido no es válido.'],
      ['an empty object', () => ({}), NO_CODE],
      ['an array', () => [], BAD],
      ['an array holding the body', (good) => [good], BAD],
    ])('answers %s with a Spanish 400', async (_case, change, message) => {
      const res = await validate(test.app, change(body('PIZZA15', '+5491170001008')));
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message).toBe(message);
    });

    it('answers a body that is not JSON, or not an object, with a JSON 400', async () => {
      for (const payload of ['{"code": ', 'null', '"FLASH"', '12']) {
        caller += 1;
        const res = await test.app.inject({
          method: 'POST',
          url: '/api/codediscounts/validate',
          headers: { 'content-type': 'application/json' },
          payload,
          remoteAddress: `10.1.0.${caller % 250}`,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST', message: BAD });
      }
    });

    // BUG (contract): paymentId and orderDate carry no Spanish message in CodeValidationBodySchema, so
    // these 400s answer zod's English defaults ('Invalid input: expected number, received string').
    it.each<[string, string, unknown]>([
      ['a paymentId that is a word', 'paymentId', 'uno'],
      ['a negative paymentId', 'paymentId', -1],
      ['a fractional paymentId', 'paymentId', 1.5],
      ['an orderDate that is a number', 'orderDate', 20261118],
    ])('answers %s with a 400 in Spanish, not zod’s English default', async (_case, key, value) => {
      const res = await validate(test.app, { ...body('PIZZA15', '+5491170001008'), [key]: value });
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message).not.toMatch(/Invalid|expected|received|Too (small|big)/);
    });

    it('limits one address to 30 validations a minute, with a Spanish 429', async () => {
      const fromOne = () =>
        test.app.inject({
          method: 'POST',
          url: '/api/codediscounts/validate',
          payload: body('PIZZA15', '+5491170001011'),
          remoteAddress: '10.200.0.1',
        });
      for (let i = 0; i < 30; i += 1) expect((await fromOne()).statusCode).toBe(200);
      const limited = await fromOne();
      expect(limited.statusCode).toBe(429);
      expect(JSON.parse(limited.body)).toEqual({
        code: 'RATE_LIMITED',
        message: 'Demasiadas solicitudes. Volvé a intentar en unos minutos.',
      });
    });

    it('refuses a capped code that reached its limit of uses', async () => {
      const { db } = test.database;
      const flash = await codeRow('FLASH');
      expect(flash.maxUses).toBe(100);
      await db.update(t.discountCodes).set({ usesCount: 100 }).where(eq(t.discountCodes.id, flash.id));
      try {
        const phone = '+5491170001009';
        const res = await validate(test.app, body('FLASH', phone));
        expectApiError(res, 409, 'DISCOUNT_CODE_EXHAUSTED');
        expect(res.body.message).toBe('Este código ya alcanzó su límite de usos.');
        // no hold is taken for a code that cannot be used
        expect(await holdsOf('FLASH', phone)).toEqual([]);
      } finally {
        await db
          .update(t.discountCodes)
          .set({ usesCount: flash.usesCount })
          .where(eq(t.discountCodes.id, flash.id));
      }
    });

    it('holds a limited-usage code for exactly 180000 ms after the app’s clock', async () => {
      const phone = '+5491170001010';
      const res = await validate(test.app, body('FLASH', phone));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        code: 'FLASH',
        type: 'PERCENT',
        value: 0.25,
        limitedUsage: true,
        firstTimeOnly: false,
        freeDelivery: false,
      });
      expect(res.body.expiresAt).toBe('2026-11-18T18:03:00.000Z');
      expect(new Date(res.body.expiresAt).getTime() - NOW_MS).toBe(HOLD_MS);
      const holds = await holdsOf('FLASH', phone);
      expect(holds).toHaveLength(1);
      expect(holds[0]?.status).toBe('RESERVED');
      expect(holds[0]?.expiresAt?.getTime()).toBe(NOW_MS + HOLD_MS);
    });
  });

  describe('a limited-usage code through POST /api/order', () => {
    const flashOrder = (phone: string) =>
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], code: FLASH, phone });

    it('spends the hold of the validate call once: USED, one more use, then expired', async () => {
      const { db } = test.database;
      const phone = '+5491170002001';
      const before = (await codeRow('FLASH')).usesCount;
      // the diner types the phone with spaces; the order carries it as stored
      expect((await validate(test.app, body('FLASH', '+54 9 11 7000-2001'))).status).toBe(200);

      const payload = flashOrder(phone);
      // 13.500 less 25%
      expect(payload.price).toBe(10125);
      const placed = await postOrder(test.app, payload);
      expect(placed.status).toBe(201);
      expect(placed.body.data.price).toBe(10125);

      const holds = await holdsOf('FLASH', phone);
      expect(holds.map((h) => h.status)).toEqual(['USED']);
      // the spent hold names the order it paid for
      expect(holds.map((h) => h.orderId)).toEqual([placed.body.data.id]);
      expect((await codeRow('FLASH')).usesCount).toBe(before + 1);
      const [entry] = await db
        .select()
        .from(t.orderDiscounts)
        .where(eq(t.orderDiscounts.orderId, placed.body.data.id));
      expect(entry).toMatchObject({ code: 'FLASH', type: 'PERCENT', amount: 337500 });

      // a second order without applying the code again finds no hold
      const again = await postOrder(test.app, flashOrder(phone));
      expectApiError(again, 409, 'DISCOUNT_CODE_EXPIRED');
      expect(again.body.message).toBe('Tiempo de aplicacion del descuento vencido');
      expect((await codeRow('FLASH')).usesCount).toBe(before + 1);
    });

    it('refuses an order with the code when it was never applied', async () => {
      const res = await postOrder(test.app, flashOrder('+5491170002002'));
      expectApiError(res, 409, 'DISCOUNT_CODE_EXPIRED');
      expect(res.body.message).toBe('Tiempo de aplicacion del descuento vencido');
    });

    it('refuses a hold whose 180 s are over, and takes one that has a millisecond left', async () => {
      const { db } = test.database;
      const phone = '+5491170002003';
      expect((await validate(test.app, body('FLASH', phone))).status).toBe(200);
      const [hold] = await holdsOf('FLASH', phone);
      if (!hold) throw new Error('no hold');

      // applied 180000 ms before the app's clock: over exactly now
      await db
        .update(t.discountCodeUsages)
        .set({ expiresAt: new Date(NOW_MS) })
        .where(eq(t.discountCodeUsages.id, hold.id));
      const atLimit = await postOrder(test.app, flashOrder(phone));
      expectApiError(atLimit, 409, 'DISCOUNT_CODE_EXPIRED');
      expect(atLimit.body.message).toBe('Tiempo de aplicacion del descuento vencido');

      await db
        .update(t.discountCodeUsages)
        .set({ expiresAt: new Date(NOW_MS - 60_000) })
        .where(eq(t.discountCodeUsages.id, hold.id));
      const past = await postOrder(test.app, flashOrder(phone));
      expectApiError(past, 409, 'DISCOUNT_CODE_EXPIRED');
      expect((await holdsOf('FLASH', phone)).map((h) => h.status)).toEqual(['RESERVED']);

      await db
        .update(t.discountCodeUsages)
        .set({ expiresAt: new Date(NOW_MS + 1) })
        .where(eq(t.discountCodeUsages.id, hold.id));
      expect((await postOrder(test.app, flashOrder(phone))).status).toBe(201);
    });

    it('refuses a hold inserted with a past expiry, and one held by another phone', async () => {
      const { db } = test.database;
      const flash = await codeRow('FLASH');
      const phone = '+5491170002004';
      await db.insert(t.discountCodeUsages).values({
        discountCodeId: flash.id,
        phone,
        status: 'RESERVED',
        expiresAt: new Date(NOW_MS - 1),
        createdAt: new Date(NOW_MS - HOLD_MS - 1),
      });
      const expired = await postOrder(test.app, flashOrder(phone));
      expectApiError(expired, 409, 'DISCOUNT_CODE_EXPIRED');
      expect(expired.body.message).toBe('Tiempo de aplicacion del descuento vencido');

      expect((await validate(test.app, body('FLASH', '+5491170002005'))).status).toBe(200);
      const stranger = await postOrder(test.app, flashOrder('+5491170002006'));
      expectApiError(stranger, 409, 'DISCOUNT_CODE_EXPIRED');
    });

    it('keeps one hold per phone: applying again expires the earlier one', async () => {
      const phone = '+5491170002007';
      const first = await validate(test.app, body('FLASH', phone));
      const second = await validate(test.app, body('FLASH', phone));
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      const holds = await holdsOf('FLASH', phone);
      expect(holds.map((h) => h.status)).toEqual(['EXPIRED', 'RESERVED']);

      // the order spends the live hold only
      expect((await postOrder(test.app, flashOrder(phone))).status).toBe(201);
      expect((await holdsOf('FLASH', phone)).map((h) => h.status)).toEqual(['EXPIRED', 'USED']);
    });

    it('keeps one hold per phone when the code is applied from several tabs at once', async () => {
      const phone = '+5491170002010';
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => validate(test.app, body('FLASH', phone))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const holds = await holdsOf('FLASH', phone);
      expect(holds).toHaveLength(8);
      expect(holds.filter((h) => h.status === 'RESERVED')).toHaveLength(1);
    });

    it('leaves the hold and the count untouched when the order is refused inside its transaction', async () => {
      const phone = '+5491170002008';
      const before = (await codeRow('FLASH')).usesCount;
      expect((await validate(test.app, body('FLASH', phone))).status).toBe(200);
      // 600 points pass every limit but the balance (zero), which is checked after the code is spent
      const refused = await postOrder(
        test.app,
        buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], code: FLASH, phone, redeemedPoints: 600 }),
        { cookie: await dinerCookie(test.database, phone) },
      );
      expectApiError(refused, 409, 'LOYALTY_INVALID');
      expect((await holdsOf('FLASH', phone)).map((h) => h.status)).toEqual(['RESERVED']);
      expect((await codeRow('FLASH')).usesCount).toBe(before);
      expect((await postOrder(test.app, flashOrder(phone))).status).toBe(201);
    });

    it('refuses the first-time code on a phone’s second order', async () => {
      const phone = '+5491170002009';
      const order = () => buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], code: BIENVENIDA, phone });
      expect((await validate(test.app, body('BIENVENIDA', phone))).status).toBe(200);
      const first = await postOrder(test.app, order());
      expect(first.status).toBe(201);
      expect(first.body.data.price).toBe(12150);
      const second = await postOrder(test.app, order());
      expectApiError(second, 409, 'DISCOUNT_CODE_INVALID');
      expect(second.body.message).toBe('Este código es válido solo para tu primer pedido.');
      const now = await validate(test.app, body('BIENVENIDA', phone));
      expectApiError(now, 409, 'DISCOUNT_CODE_INVALID');
    });
  });

  describe('free-delivery and minimum-order codes on POST /api/order', () => {
    it('takes off the 1.200 transfer fee of the Palermo zone and stores a FREE_DELIVERY entry', async () => {
      const payload = buildOrder(delivery, {
        dishes: [{ plate: 'Fugazzeta' }],
        payment: 'TRANSFER',
        destination: PALERMO_ADDRESS,
        serviceFee: DELIVERY_SERVICE_FEE,
        deliveryFee: 1200,
        code: ENVIOGRATIS,
        phone: '+5491170003001',
      });
      const entry = payload.discounts?.[0];
      expect(entry).toMatchObject({ code: 'ENVIOGRATIS', type: 'FREE_DELIVERY', amount: 1200 });
      expect(payload.deliveryFee).toBe(1200);
      // 13.500 + 300 + 2% of 13.500 (270); the 1.200 fee is shown and cancelled by the code
      expect(payload.price).toBe(14070);

      const res = await postOrder(test.app, payload);
      expect(res.status).toBe(201);
      expect(res.body.data.price).toBe(14070);
      const { db } = test.database;
      const [order] = await db.select().from(t.orders).where(eq(t.orders.id, res.body.data.id));
      expect(order).toMatchObject({
        itemsPrice: 1_350_000,
        deliveryFee: 120_000,
        userServiceFee: 57_000,
        total: 1_407_000,
      });
      const discounts = await db
        .select()
        .from(t.orderDiscounts)
        .where(eq(t.orderDiscounts.orderId, res.body.data.id));
      expect(discounts).toHaveLength(1);
      expect(discounts[0]).toMatchObject({
        code: 'ENVIOGRATIS',
        type: 'FREE_DELIVERY',
        amount: 120_000,
        discountReferenceId: (await codeRow('ENVIOGRATIS')).id,
      });
    });

    it('takes off the 1.500 cash fee when paying cash', async () => {
      const payload = buildOrder(delivery, {
        dishes: [{ plate: 'Fugazzeta' }],
        payment: 'CASH',
        destination: PALERMO_ADDRESS,
        serviceFee: DELIVERY_SERVICE_FEE,
        deliveryFee: 1500,
        code: ENVIOGRATIS,
        phone: '+5491170003002',
      });
      expect(payload.discounts?.[0]?.amount).toBe(1500);
      const res = await postOrder(test.app, payload);
      expect(res.status).toBe(201);
      expect(res.body.data.price).toBe(14070);
    });

    it('refuses free delivery on an order that already has it (30.000 or more in products)', async () => {
      const payload = buildOrder(delivery, {
        dishes: [{ plate: 'Fugazzeta', quantity: 3 }],
        payment: 'TRANSFER',
        destination: PALERMO_ADDRESS,
        serviceFee: DELIVERY_SERVICE_FEE,
        deliveryFee: 0,
        code: ENVIOGRATIS,
        phone: '+5491170003003',
      });
      const res = await postOrder(test.app, payload);
      expectApiError(res, 409, 'DISCOUNT_CODE_INVALID');
      expect(res.body.message).toBe('Tu pedido ya tiene envío gratis.');
    });

    it('refuses free delivery on a take-away order', async () => {
      const payload = buildOrder(takeAway, {
        dishes: [{ plate: 'Fugazzeta' }],
        code: ENVIOGRATIS,
        phone: '+5491170003004',
      });
      const res = await postOrder(test.app, payload);
      expectApiError(res, 409, 'DISCOUNT_CODE_INVALID');
      expect(res.body.message).toBe('Este código de envío gratis solo aplica a pedidos con envío.');
    });

    it('refuses MIN20K below $20.000 in products, written without decimals, and applies it above', async () => {
      const below = buildOrder(takeAway, {
        dishes: [{ plate: 'Fugazzeta' }],
        code: MIN20K,
        phone: '+5491170003005',
      });
      const refused = await postOrder(test.app, below);
      expectApiError(refused, 409, 'DISCOUNT_CODE_INVALID');
      expect(refused.body.message).toBe('Este código requiere un pedido mínimo de $20.000 en productos.');

      const above = buildOrder(takeAway, {
        dishes: [{ plate: 'Fugazzeta', quantity: 2 }],
        code: MIN20K,
        phone: '+5491170003005',
      });
      // 27.000 less 2.000
      expect(above.price).toBe(25000);
      const res = await postOrder(test.app, above);
      expect(res.status).toBe(201);
      expect(res.body.data.price).toBe(25000);
    });
  });

  describe('GET /api/branch/{contactId}/deliveryzones/fee', () => {
    const feeOf = (contactId: number | string, query: string) =>
      getJson(test.app, `/api/branch/${contactId}/deliveryzones/fee?${query}`);

    it('answers the Palermo zone with both fees, the minimum and the free-delivery threshold', async () => {
      const res = await feeOf(
        delivery.contactId,
        `lat=${PALERMO_ADDRESS.lat}&lng=${PALERMO_ADDRESS.lng}&fullAddress=${encodeURIComponent('Av. Santa Fe 3100, CABA')}&city=CABA&phone=${encodeURIComponent(LUCIA)}`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        inArea: true,
        providersFailed: false,
        ownLogistic: true,
        zoneName: 'Palermo',
        deliveryFee: 1200,
        cashFee: 1500,
        acceptsCash: true,
        minimumOrderPrice: 8000,
        freeDeliveryFrom: 30000,
        totalTiers: [],
      });
      // the contact's own corner is inside Palermo too (the inner zone wins over the ring around it)
      const corner = await feeOf(delivery.contactId, 'lat=-34.5880&lng=-58.4110');
      expect(corner.body).toMatchObject({ inArea: true, zoneName: 'Palermo' });
    });

    it('answers the Alrededores ring with its own fees', async () => {
      // about 3 km west of the contact: outside Palermo (west edge -58.433), inside the ring (-58.466)
      const res = await feeOf(delivery.contactId, 'lat=-34.588&lng=-58.445');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        inArea: true,
        zoneName: 'Alrededores',
        deliveryFee: 2200,
        cashFee: 2500,
        minimumOrderPrice: 8000,
        freeDeliveryFrom: 30000,
      });
    });

    it('answers out of area with nulls for a point outside both zones', async () => {
      for (const query of ['lat=-34.7&lng=-58.6', 'lat=-31.4167&lng=-64.1833', 'lat=0&lng=0']) {
        const res = await feeOf(delivery.contactId, query);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          inArea: false,
          providersFailed: false,
          ownLogistic: true,
          zoneName: null,
          deliveryFee: null,
          cashFee: null,
          acceptsCash: false,
          minimumOrderPrice: null,
          freeDeliveryFrom: null,
          totalTiers: [],
        });
      }
    });

    it('reads the zones of the contact in the path, not of its branch', async () => {
      const belgrano = await idsOf(test.app, 'donmateo-belgrano');
      const palermoPoint = await feeOf(
        belgrano.contactId,
        `lat=${PALERMO_ADDRESS.lat}&lng=${PALERMO_ADDRESS.lng}`,
      );
      expect(palermoPoint.body).toMatchObject({ inArea: false, ownLogistic: false });
      const belgranoPoint = await feeOf(belgrano.contactId, 'lat=-34.5606&lng=-58.456');
      expect(belgranoPoint.body).toMatchObject({ inArea: true, zoneName: 'Belgrano', deliveryFee: 1200 });
    });

    it('answers out of area for a contact without delivery', async () => {
      const aurora = await idsOf(test.app, 'aurora-centro');
      const res = await feeOf(aurora.contactId, 'lat=-31.4167&lng=-64.1833');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ inArea: false, zoneName: null, deliveryFee: null, cashFee: null });
    });

    it.each([
      ['no coordinates', ''],
      ['no lat', 'lng=-58.4105'],
      ['no lng', 'lat=-34.5865'],
      ['a lat that is not a number', 'lat=abc&lng=-58.4105'],
      ['a lng that is NaN', 'lat=-34.5865&lng=NaN'],
      ['a lat above 90', 'lat=91&lng=-58.4105'],
      ['a lat below -90', 'lat=-90.5&lng=-58.4105'],
      ['a lng above 180', 'lat=-34.5865&lng=181'],
      ['a lng below -180', 'lat=-34.5865&lng=-180.01'],
      ['an infinite lat', 'lat=Infinity&lng=-58.4105'],
      ['a repeated lat', 'lat=-34.5&lat=-34.6&lng=-58.4105'],
    ])('answers a Spanish 400 for %s', async (_case, query) => {
      const res = await feeOf(delivery.contactId, query);
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message).toBe('La ubicación no es válida.');
    });

    // BUG (contract): DeliveryFeeQuerySchema uses z.coerce.number, and Number('') and Number(' ') are 0,
    // so an empty coordinate is read as 0 (a point in the Gulf of Guinea): 200 out of area, not a 400.
    it.each([
      ['an empty lat', 'lat=&lng=-58.4105'],
      ['an empty lng', 'lat=-34.5865&lng='],
      ['a blank lat', 'lat=%20&lng=-58.4105'],
    ])('answers a Spanish 400 for %s, not a point at 0', async (_case, query) => {
      const res = await feeOf(delivery.contactId, query);
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message).toBe('La ubicación no es válida.');
    });

    it('answers 404 for an unknown contact and 400 for an id that is not one', async () => {
      const unknown = await feeOf(999999, 'lat=-34.5865&lng=-58.4105');
      expectApiError(unknown, 404);
      expect(unknown.body.message).toBe('No encontramos este local.');
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await feeOf(id, 'lat=-34.5865&lng=-58.4105');
        expectApiError(res, 400);
        expect(res.body.message).toBe('El identificador no es válido.');
      }
    });
  });
});
