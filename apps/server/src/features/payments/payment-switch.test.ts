import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_COOK, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

/**
 * Issue 24, item 5: after a declined card the diner may pay on delivery instead, where the shop's mode
 * offers it and the price cannot change; the order then reaches the kitchen.
 */
describe.each(databaseKinds)('paying an unpaid online order another way (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let cook: string;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind) });
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    cook = await staffCookie(test.app, DONMATEO_COOK);
  });
  afterAll(() => test.close());

  let caller = 0;
  const put = async (payload: unknown) => {
    caller += 1;
    const res = await test.app.inject({
      method: 'PUT',
      url: '/api/order/payment-type',
      payload: payload as object,
      remoteAddress: `10.12.0.${caller}`,
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  const typeOf = (method: string) => {
    const type = takeAway.mode.paymentTypes.find((p) => p.paymentMethod === method);
    if (!type) throw new Error(`no ${method}`);
    return type.id;
  };
  async function placeCardOrder() {
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CARD', paysWith: null }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; code: string; price: number };
  }
  const orderRow = async (id: number) =>
    (await test.database.db.select().from(t.orders).where(eq(t.orders.id, id)))[0];

  it('sends an unpaid card order to the kitchen as cash on pick-up, once, with an event by the diner', async () => {
    const placed = await placeCardOrder();
    expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');

    // cash needs what the diner pays with, never less than the total
    const noNote = await put({
      dinerOrderId: placed.id,
      orderCode: placed.code,
      paymentTypeId: typeOf('CASH'),
    });
    expectApiError(noNote, 409, 'PAYMENT_TYPE_NOT_SWITCHABLE');
    expect(noNote.body.message).toBe('Debe ingresar con cuanto abona para poder realizar el pedido.');
    const short = await put({
      dinerOrderId: placed.id,
      orderCode: placed.code,
      paymentTypeId: typeOf('CASH'),
      paysWith: 1,
    });
    expect(short.body.message).toBe('El monto con el cual abonará no puede ser menor al precio del pedido.');

    const switched = await put({
      dinerOrderId: placed.id,
      orderCode: placed.code.toLowerCase(),
      paymentTypeId: typeOf('CASH'),
      paysWith: 50_000,
    });
    expect(switched.status, JSON.stringify(switched.body)).toBe(200);
    expect(switched.body).toMatchObject({ status: 'GENERATED', paymentType: { paymentMethod: 'CASH' } });
    const row = await orderRow(placed.id);
    // its method follows the new type (the reports and the history group by it)
    expect(row).toMatchObject({
      status: 'GENERATED',
      paymentMethod: 'CASH',
      paysWith: 5_000_000,
      total: row?.total,
    });
    // the kitchen sees it, with the note to bring change for
    const board = await asStaff(test.app, cook, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`);
    expect(board.body.orders.find((o: { id: number }) => o.id === placed.id)).toMatchObject({
      status: 'GENERATED',
    });
    const events = await test.database.db
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, placed.id), eq(t.statusEvents.entity, 'ORDER')))
      .orderBy(asc(t.statusEvents.id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'PAY_NEEDED',
      toStatus: 'GENERATED',
      actor: 'DINER',
      via: 'PAYMENT_CHANGED',
    });

    // done once: a second switch, or one to another type, is refused
    const again = await put({
      dinerOrderId: placed.id,
      orderCode: placed.code,
      paymentTypeId: typeOf('TRANSFER'),
    });
    expectApiError(again, 409, 'PAYMENT_TYPE_NOT_SWITCHABLE');
    expect(again.body.message).toBe('Este pedido ya no espera su pago.');
  });

  it('refuses an online type, a type the mode does not offer, a wrong code and bad input', async () => {
    const placed = await placeCardOrder();
    const online = await put({
      dinerOrderId: placed.id,
      orderCode: placed.code,
      paymentTypeId: typeOf('CARD'),
    });
    expect(online.body.message).toBe('Elegí un medio que se pague al recibir el pedido.');
    const foreign = await put({ dinerOrderId: placed.id, orderCode: placed.code, paymentTypeId: 999_999 });
    expect(foreign.body.message).toBe('El medio de pago elegido no está disponible para este pedido.');
    expectApiError(
      await put({ dinerOrderId: placed.id, orderCode: 'WRONGCODE', paymentTypeId: typeOf('TRANSFER') }),
      404,
    );
    for (const bad of [
      {},
      { dinerOrderId: placed.id, orderCode: placed.code },
      { dinerOrderId: 'x', orderCode: placed.code, paymentTypeId: 1 },
      { dinerOrderId: placed.id, orderCode: placed.code, paymentTypeId: typeOf('TRANSFER'), extra: 1 },
    ])
      expectApiError(await put(bad), 400);
    expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');
    // a transfer needs no note: the order goes on, and its follow-up offers the account to transfer to
    const transfer = await put({
      dinerOrderId: placed.id,
      orderCode: placed.code,
      paymentTypeId: typeOf('TRANSFER'),
    });
    expect(transfer.status).toBe(200);
    const followUp = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${placed.code}`)).body;
    expect(followUp).toMatchObject({ status: 'GENERATED', paymentType: { paymentMethod: 'TRANSFER' } });
  });

  it('lets one of a card payment and a switch sent at once win, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const placed = await placeCardOrder();
      const token = await test.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/tokens',
        remoteAddress: `10.13.${round}.1`,
        payload: {
          cardNumber: '4509 9535 6623 3704',
          cardName: 'Lucía Fernández',
          cardExpiry: '11/30',
          cardSecurityCode: '123',
          cardDocument: '30123456',
        },
      });
      const { token: cardToken, paymentMethodId } = token.json();
      const [paid, switched] = await Promise.all([
        test.app.inject({
          method: 'POST',
          url: '/api/order/payment',
          remoteAddress: `10.13.${round}.2`,
          payload: {
            token: cardToken,
            paymentMethodId,
            dinerOrderId: placed.id,
            orderCode: placed.code,
            cardName: 'Lucía Fernández',
            identificationType: 'DNI',
            identificationNumber: '30123456',
          },
        }),
        put({ dinerOrderId: placed.id, orderCode: placed.code, paymentTypeId: typeOf('TRANSFER') }),
      ]);
      const winners = [paid.statusCode, switched.status].filter((status) => status === 200);
      expect(winners, `${paid.statusCode} ${paid.body} / ${switched.status}`).toHaveLength(1);
      for (const status of [paid.statusCode, switched.status]) expect(status).toBeLessThan(500);
      const row = await orderRow(placed.id);
      expect(row?.status).toBe('GENERATED');
      // the card charged only when the payment won; otherwise nothing is held for the order
      const payments = await test.database.db
        .select()
        .from(t.orderPayments)
        .where(eq(t.orderPayments.orderId, placed.id));
      const held = payments.filter((p) => p.status === 'PAID');
      expect(held).toHaveLength(paid.statusCode === 200 ? 1 : 0);
      expect(row?.paymentTypeId).toBe(paid.statusCode === 200 ? typeOf('CARD') : typeOf('TRANSFER'));
    }
  });
});
