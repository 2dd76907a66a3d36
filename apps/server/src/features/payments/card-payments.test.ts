import { MESSAGES, PAYMENT_MESSAGES } from '@comanda/core';
import { DEMO_CODES } from '@comanda/core/testing';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerCookie } from '../../../test/diners.ts';
import { expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_COOK, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import type { SandboxProvider } from '../../platform/payments/index.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { expireOverdueOrders } from './expire-unpaid-orders.ts';

const LUCIA = '+5491155550101';
const CARDS = {
  approved: '4509 9535 6623 3704',
  declined: '4000 0000 0000 0002',
  pending: '4000 0000 0000 3220',
};

describe.each(databaseKinds)('card payments with the sandbox (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let cook: string;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind) });
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    cook = await staffCookie(test.app, DONMATEO_COOK);
    sandbox = test.app.deps.payments.gateway.sandbox as SandboxProvider;
  });
  afterAll(() => test.close());

  const db = () => test.database.db;
  // every call from another address: the payment routes' per-client limits are not what is tested here
  let caller = 0;
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    caller += 1;
    const remoteAddress = `10.9.${Math.floor(caller / 250)}.${caller % 250}`;
    const res = await test.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress,
    });
    return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : null };
  };

  async function placeCardOrder(
    options: { phone?: string; redeemedPoints?: number; code?: typeof DEMO_CODES.FLASH } = {},
  ) {
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, {
        dishes: [{ plate: 'Fugazzeta' }, { plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral'] }],
        payment: 'CARD',
        paysWith: null,
        ...(options.phone ? { phone: options.phone, customerName: 'Lucía Fernández' } : {}),
        ...(options.redeemedPoints ? { redeemedPoints: options.redeemedPoints } : {}),
        ...(options.code ? { code: options.code } : {}),
      }),
      // points are spent by the diner's own verified session
      options.redeemedPoints && options.phone
        ? { cookie: await dinerCookie(test.database, options.phone) }
        : {},
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; code: string; price: number };
  }

  async function tokenOf(cardNumber: string) {
    const res = await post('/api/payments/sandbox/tokens', {
      cardNumber,
      cardName: 'Lucía Fernández',
      cardExpiry: '11/30',
      cardSecurityCode: '123',
      cardDocument: '30123456',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { token: string; paymentMethodId: string; lastFourDigits: string };
  }

  const pay = (order: { id: number; code: string }, token: { token: string; paymentMethodId: string }) =>
    post('/api/order/payment', {
      token: token.token,
      paymentMethodId: token.paymentMethodId,
      dinerOrderId: order.id,
      orderCode: order.code,
      cardName: 'Lucía Fernández',
      identificationType: 'DNI',
      identificationNumber: '30.123.456',
    });

  const orderRow = async (id: number) => (await db().select().from(t.orders).where(eq(t.orders.id, id)))[0];
  const paymentsOf = (orderId: number) =>
    db()
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, orderId))
      .orderBy(asc(t.orderPayments.id));
  const eventsOf = (orderId: number) =>
    db()
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, orderId), eq(t.statusEvents.entity, 'ORDER')))
      .orderBy(asc(t.statusEvents.id));
  const boardCard = async (orderId: number) => {
    const board = await asStaff(test.app, cook, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`);
    expect(board.status).toBe(200);
    return board.body.orders.find((o: { id: number }) => o.id === orderId);
  };
  const followUp = async (code: string) =>
    (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;

  it('places an online-card order waiting for its payment, never on the kitchen’s columns', async () => {
    const placed = await placeCardOrder();
    const row = await orderRow(placed.id);
    expect(row?.status).toBe('PAY_NEEDED');
    expect((await eventsOf(placed.id)).map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 'PAY_NEEDED', 'DINER'],
    ]);
    const card = await boardCard(placed.id);
    expect(card).toMatchObject({ status: 'PAY_NEEDED', paid: false, nextStatuses: ['CANCELED'] });
    // the staff cannot send it to the kitchen by hand either
    const accept = await asStaff(test.app, cook, 'PUT', `/api/console/orders/${placed.id}/status`, {
      status: 'ACCEPTED',
      preparationMinutes: 20,
    });
    expect(accept.status).toBeGreaterThanOrEqual(400);
    expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');
    expect(await followUp(placed.code)).toMatchObject({
      status: 'PAY_NEEDED',
      canPayOnline: true,
      paymentInfo: { status: 'PENDING' },
    });
  });

  it('sends the order to the kitchen once an approved card pays its stored total', async () => {
    const placed = await placeCardOrder();
    const token = await tokenOf(CARDS.approved);
    expect(token).toMatchObject({ paymentMethodId: 'visa', lastFourDigits: '3704' });
    const res = await pay(placed, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'PAID',
      message: PAYMENT_MESSAGES.approved,
      order: { code: placed.code, status: 'GENERATED', canPayOnline: false, paymentInfo: { status: 'PAID' } },
    });
    const payments = await paymentsOf(placed.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      status: 'PAID',
      provider: 'SANDBOX',
      paymentReferenceId: res.body.paymentReferenceId,
      amount: (await orderRow(placed.id))?.total,
    });
    expect((await eventsOf(placed.id)).map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 'PAY_NEEDED', 'DINER'],
      ['PAY_NEEDED', 'GENERATED', 'PAYMENT_PROVIDER'],
    ]);
    expect(await boardCard(placed.id)).toMatchObject({
      status: 'GENERATED',
      paid: true,
      nextStatuses: ['ACCEPTED', 'CANCELED'],
    });
    const again = await pay(placed, await tokenOf(CARDS.approved));
    expectApiError(again, 409, 'ORDER_ALREADY_PAID');
    expect(again.body.message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
  });

  it('keeps a declined order waiting, says why in Spanish, and takes another card after', async () => {
    const placed = await placeCardOrder();
    const declined = await pay(placed, await tokenOf(CARDS.declined));
    expectApiError(declined, 402, 'PAYMENT_REJECTED');
    // one clear message: the decline, not 'try again in a moment' as well
    expect(declined.body.message).toBe(
      'Tu tarjeta fue rechazada. Probá con otra tarjeta u otro medio de pago.',
    );
    expect(declined.body.errors).toEqual([
      { statusDetail: 'cc_rejected_other_reason', message: PAYMENT_MESSAGES.declined },
    ]);
    expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');
    expect(await followUp(placed.code)).toMatchObject({
      canPayOnline: true,
      paymentInfo: { status: 'REJECTED' },
    });
    expect(await boardCard(placed.id)).toMatchObject({ status: 'PAY_NEEDED', nextStatuses: ['CANCELED'] });

    const paid = await pay(placed, await tokenOf(CARDS.approved));
    expect(paid.status).toBe(200);
    expect((await paymentsOf(placed.id)).map((p) => p.status)).toEqual(['REJECTED', 'PAID']);
    expect((await orderRow(placed.id))?.status).toBe('GENERATED');
  });

  it('leaves a pending card processing and the order waiting; the pending card never blocks another', async () => {
    const placed = await placeCardOrder();
    const res = await pay(placed, await tokenOf(CARDS.pending));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'PROCESSING', message: PAYMENT_MESSAGES.pending });
    expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');
    expect(await followUp(placed.code)).toMatchObject({
      canPayOnline: false,
      paymentInfo: { status: 'PROCESSING' },
    });
    // the provider holds the first one pending: the diner pays with another card (if both end approved,
    // the second is refunded by itself)
    const again = await pay(placed, await tokenOf(CARDS.approved));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await orderRow(placed.id))?.status).toBe('GENERATED');
  });

  it('lets one of two payments of the same order sent at once go through', async () => {
    const placed = await placeCardOrder();
    const [a, b] = await Promise.all([
      pay(placed, await tokenOf(CARDS.approved)),
      pay(placed, await tokenOf(CARDS.approved)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await paymentsOf(placed.id)).map((p) => p.status)).toEqual(['PAID']);
    expect((await eventsOf(placed.id)).filter((e) => e.toStatus === 'GENERATED')).toHaveLength(1);
  });

  it('records a payment once when its webhook and its redirect report it, even at the same time', async () => {
    const placed = await placeCardOrder();
    const row = await orderRow(placed.id);
    // the provider charged the card; neither report has arrived yet
    const payment = await sandbox.createCardPayment({
      token: (await tokenOf(CARDS.approved)).token,
      paymentMethodId: 'visa',
      amount: row?.total ?? 0,
      currency: 'ARS',
      decimals: 2,
      description: 'test',
      externalReference: placed.code,
      idempotencyKey: 'k',
      payer: { name: 'Lucía', email: null, identificationType: 'DNI', identificationNumber: '30123456' },
    });
    const webhook = () => {
      const notice = sandbox.notice(payment.referenceId, new Date(TEST_NOW));
      return post(
        `/api/callback/payments/sandbox?${new URLSearchParams(notice.query)}`,
        notice.body,
        notice.headers,
      );
    };
    const redirect = () =>
      post(`/api/callback/transbank/donmateo-palermo/${placed.code}`, { token_ws: payment.referenceId });
    const answers = await Promise.all([webhook(), redirect(), webhook(), redirect()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers[1]?.body).toMatchObject({ code: placed.code, status: 'GENERATED' });
    const payments = await paymentsOf(placed.id);
    expect(payments.map((p) => [p.status, p.paymentReferenceId])).toEqual([['PAID', payment.referenceId]]);
    expect((await eventsOf(placed.id)).filter((e) => e.toStatus === 'GENERATED')).toHaveLength(1);
    // a retried webhook a minute later changes nothing either
    expect((await webhook()).status).toBe(200);
    expect(await paymentsOf(placed.id)).toHaveLength(1);
  });

  it('pays through the hosted page of a payment link, reporting back like a provider', async () => {
    const placed = await placeCardOrder();
    const link = await post('/api/paymenturl', {
      code: placed.code,
      branchContactId: takeAway.contactId,
      amount: placed.price,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    expect(link.body.url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/sandbox\/checkout\//);
    // asked again, the same link; the follow-up carries it
    expect(
      (
        await post('/api/paymenturl', {
          code: placed.code,
          branchContactId: takeAway.contactId,
          amount: placed.price,
        })
      ).body,
    ).toEqual(link.body);
    expect((await followUp(placed.code)).paymentInfo).toMatchObject({
      status: 'PENDING',
      paymentUrl: link.body.url,
    });
    const wrongAmount = await post('/api/paymenturl', {
      code: placed.code,
      branchContactId: takeAway.contactId,
      amount: placed.price - 1,
    });
    expectApiError(wrongAmount, 409, 'PRICE_MISMATCH');

    const path = new URL(link.body.url).pathname;
    const page = await test.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Pagar');
    expect(page.body).toContain('Cancelar');
    expect(page.body).toContain(placed.code);

    const cancel = await test.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/menu/donmateo-palermo/order/${placed.code}`);
    expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');

    const paid = await test.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string, 'http://localhost:3000');
    expect(back.pathname).toBe(`/menu/donmateo-palermo/order/${placed.code}`);
    expect((await orderRow(placed.id))?.status).toBe('GENERATED');
    // the follow-up page then reports the return (token_ws): already recorded, recorded once
    const token = back.searchParams.get('token_ws') as string;
    const returned = await post(`/api/callback/transbank/donmateo-palermo/${placed.code}`, {
      token_ws: token,
    });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'GENERATED', paymentInfo: { status: 'PAID' } });
    expect((await paymentsOf(placed.id)).map((p) => p.status)).toEqual(['PAID']);
  });

  it('expires an unpaid order after its time, giving back its code hold and its points', async () => {
    const balance = async () =>
      (
        await getJson(
          test.app,
          `/api/orderingcustomer/${encodeURIComponent(LUCIA)}?branchId=${takeAway.branchId}`,
          { cookie: await dinerCookie(test.database, LUCIA) },
        )
      ).body.loyaltyPointsBalance as number;
    const cardType = takeAway.mode.paymentTypes.find((p) => p.paymentMethod === 'CARD');
    const hold = await post('/api/codediscounts/validate', {
      code: 'FLASH',
      paymentId: cardType?.id,
      phone: LUCIA,
      orderDate: TEST_NOW,
      branchId: takeAway.branchId,
      branchContactId: takeAway.contactId,
      orderModeId: takeAway.modeId,
    });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    const [flash] = await db().select().from(t.discountCodes).where(eq(t.discountCodes.id, hold.body.id));
    const before = await balance();
    const placed = await placeCardOrder({ phone: LUCIA, redeemedPoints: 600, code: DEMO_CODES.FLASH });
    expect(await balance()).toBe(before - 600);

    // not yet: the sweep leaves it alone within its 15 minutes
    const inTime = new Date(new Date(TEST_NOW).getTime() + 14 * 60_000);
    expect(
      await expireOverdueOrders({ ...lifecycleDepsOf(test.app), now: inTime }, { limitMinutes: 15 }),
    ).not.toContain(placed.id);
    const late = new Date(new Date(TEST_NOW).getTime() + 16 * 60_000);
    expect(
      await expireOverdueOrders({ ...lifecycleDepsOf(test.app), now: late }, { limitMinutes: 15 }),
    ).toContain(placed.id);
    // a second sweep (another process) finds nothing more to do
    expect(
      await expireOverdueOrders({ ...lifecycleDepsOf(test.app), now: late }, { limitMinutes: 15 }),
    ).not.toContain(placed.id);

    expect((await orderRow(placed.id))?.status).toBe('PAYMENT_EXPIRED');
    expect(await balance()).toBe(before);
    const usages = await db()
      .select()
      .from(t.discountCodeUsages)
      .where(and(eq(t.discountCodeUsages.orderId, placed.id)));
    expect(usages.map((u) => u.status)).toEqual(['EXPIRED']);
    const [after] = await db().select().from(t.discountCodes).where(eq(t.discountCodes.id, hold.body.id));
    expect(after?.usesCount).toBe(flash?.usesCount);
    expect((await paymentsOf(placed.id)).map((p) => p.status)).toEqual(['EXPIRED']);
    expect((await eventsOf(placed.id)).at(-1)).toMatchObject({
      fromStatus: 'PAY_NEEDED',
      toStatus: 'PAYMENT_EXPIRED',
      actor: 'SYSTEM',
    });

    const paying = await pay(placed, await tokenOf(CARDS.approved));
    expectApiError(paying, 409, 'PAYMENT_TIME_EXPIRED');
    expect(paying.body.message).toBe('Tiempo de pago vencido, vuelva a generar el pedido');
    expect(await followUp(placed.code)).toMatchObject({ status: 'PAYMENT_EXPIRED', canPayOnline: false });
  });

  it('expires an overdue order as soon as it is read or paid', async () => {
    const read = await placeCardOrder();
    const paid = await placeCardOrder();
    const twentyMinutesAgo = new Date(new Date(TEST_NOW).getTime() - 20 * 60_000);
    for (const id of [read.id, paid.id])
      await db().update(t.orders).set({ orderedAt: twentyMinutesAgo }).where(eq(t.orders.id, id));
    expect(await followUp(read.code)).toMatchObject({ status: 'PAYMENT_EXPIRED' });
    const paying = await pay(paid, await tokenOf(CARDS.approved));
    expectApiError(paying, 409, 'PAYMENT_TIME_EXPIRED');
    expect((await orderRow(paid.id))?.status).toBe('PAYMENT_EXPIRED');
    expect(await paymentsOf(paid.id)).toEqual([expect.objectContaining({ status: 'EXPIRED' })]);
  });

  it('accepts a paid order by itself when its contact accepts orders by itself', async () => {
    await db()
      .update(t.branchContacts)
      .set({ autoAccept: true })
      .where(eq(t.branchContacts.id, takeAway.contactId));
    try {
      const placed = await placeCardOrder();
      expect((await orderRow(placed.id))?.status).toBe('PAY_NEEDED');
      expect((await pay(placed, await tokenOf(CARDS.approved))).status).toBe(200);
      expect((await eventsOf(placed.id)).map((e) => [e.toStatus, e.actor])).toEqual([
        ['PAY_NEEDED', 'DINER'],
        ['GENERATED', 'PAYMENT_PROVIDER'],
        ['ACCEPTED', 'SYSTEM'],
      ]);
    } finally {
      await db()
        .update(t.branchContacts)
        .set({ autoAccept: false })
        .where(eq(t.branchContacts.id, takeAway.contactId));
    }
  });

  it('answers bad input with 400 in Spanish, never 500', async () => {
    const placed = await placeCardOrder();
    const token = await tokenOf(CARDS.approved);
    const body = {
      token: token.token,
      paymentMethodId: 'visa',
      dinerOrderId: placed.id,
      orderCode: placed.code,
      cardName: 'Lucía Fernández',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    };
    for (const bad of [
      { ...body, amount: 1 },
      { ...body, dinerOrderId: 'one' },
      { ...body, orderCode: undefined },
      { ...body, orderCode: 'no!' },
      { ...body, token: '' },
      { ...body, cardName: '' },
      { ...body, identificationNumber: 'abc' },
      { ...body, paymentMethodId: '<script>' },
      {},
      [],
    ]) {
      const res = await post('/api/order/payment', bad);
      expectApiError(res, 400);
    }
    const raw = await test.app.inject({
      method: 'POST',
      url: '/api/order/payment',
      headers: { 'content-type': 'application/json' },
      payload: '{"token":',
    });
    expect(raw.statusCode).toBe(400);
    expect(JSON.parse(raw.body).message).toMatch(/[a-zá-ú]/);

    const forged = await post('/api/order/payment', { ...body, token: `${token.token.slice(0, -3)}xyz` });
    expectApiError(forged, 400, 'CARD_INVALID');
    expect(forged.body.message).toBe(MESSAGES.followUpCardFieldsInvalid);
    // the refused token left the order payable
    expect((await paymentsOf(placed.id)).map((p) => p.status)).toEqual(['PENDING']);
    expectApiError(await post('/api/order/payment', { ...body, dinerOrderId: 99_999_999 }), 404);
    // an order's number without its code proves nothing: a stranger starts no payment of it
    const stranger = await post('/api/order/payment', { ...body, orderCode: 'AAAAAAAAAA' });
    expectApiError(stranger, 404);
    expect((await paymentsOf(placed.id)).map((p) => p.status)).toEqual(['PENDING']);

    const cash = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CASH' }),
    );
    expectApiError(
      await post('/api/order/payment', {
        ...body,
        dinerOrderId: cash.body.data.id,
        orderCode: cash.body.data.code,
      }),
      409,
      'ORDER_NOT_PAYABLE',
    );

    const empty = await post('/api/payments/sandbox/tokens', {
      cardNumber: '',
      cardName: '',
      cardExpiry: '',
      cardSecurityCode: '',
      cardDocument: '',
    });
    expectApiError(empty, 400);
    expect(empty.body.message).toBe('Debe completar correctamente los campos de su tarjeta');
    expect(empty.body.errors).toHaveLength(5);
    expect(empty.body.errors[0]).toEqual({ path: 'cardNumber', message: 'Este campo está incompleto' });
    const wrong = await post('/api/payments/sandbox/tokens', {
      cardNumber: '4509 9535 6623 3705',
      cardName: 'Lucía Fernández',
      cardExpiry: '10/26',
      cardSecurityCode: '123',
      cardDocument: '30123456',
    });
    expectApiError(wrong, 400);
    expect(wrong.body.errors.map((e: { path: string }) => e.path)).toEqual(['cardNumber', 'cardExpiry']);
    expectApiError(await post('/api/payments/sandbox/tokens', { cardNumber: 4509 }), 400);

    for (const url of [
      `/api/callback/transbank/donmateo-palermo/${placed.code}`,
      `/api/callback/transbank/donmateo-palermo/${placed.code}?TBK_TOKEN=x`,
    ]) {
      // an abandoned payment's token is looked up like any other: the provider knows no such payment
      const res = await post(url, { TBK_TOKEN: 'aborted' });
      expectApiError(res, 409, 'BANK_PAYMENT_FAILED');
      expect(res.body.message).toBe(
        'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
      );
    }
    const unknown = await post(`/api/callback/transbank/donmateo-palermo/${placed.code}`, {
      token_ws: 'nope',
    });
    expectApiError(unknown, 409, 'BANK_PAYMENT_FAILED');
    expectApiError(await post('/api/callback/transbank/donmateo-palermo/NOPE2345', { token_ws: 'x' }), 404);
    expectApiError(await post('/api/paymenturl', { code: placed.code }), 400);
    expectApiError(
      await test.app
        .inject({ method: 'GET', url: '/api/payments/sandbox/checkout/sbxlnk_forged.abc' })
        .then((r) => ({
          status: r.statusCode,
          body: { code: 'NOT_FOUND', message: 'Link de pago inválido' },
        })),
      404,
    );
  });

  it('refuses webhooks that are unsigned, badly signed or for another provider', async () => {
    const placed = await placeCardOrder();
    const payment = sandbox.payLink({
      a: 1,
      c: 'ARS',
      x: 2,
      r: placed.code,
      u: 'donmateo-palermo',
      e: 0,
      n: 'n',
    });
    const notice = sandbox.notice(payment.referenceId, new Date(TEST_NOW));
    const query = new URLSearchParams(notice.query);
    const unsigned = await post(`/api/callback/payments/sandbox?${query}`, notice.body);
    expectApiError(unsigned, 401, 'WEBHOOK_SIGNATURE_INVALID');
    const forged = await post(`/api/callback/payments/sandbox?${query}`, notice.body, {
      ...notice.headers,
      'x-signature': notice.headers['x-signature'].replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`),
    });
    expectApiError(forged, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expectApiError(
      await post(`/api/callback/payments/mercadopago?${query}`, notice.body, notice.headers),
      404,
    );
    expect(await paymentsOf(placed.id)).toEqual([
      expect.objectContaining({ status: 'PENDING', paymentReferenceId: null }),
    ]);
  });
});
