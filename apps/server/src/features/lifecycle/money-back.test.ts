/**
 * Money goes back (issue: one lifecycle engine): cancelling a paid card order refunds it; an approval
 * after the order expired is refunded; an approval for another amount never counts (refunded) and the
 * diner can still pay; the refund is once whatever repeats, and the follow-up, the card and the history
 * show it. With the built-in sandbox provider (the Mercado Pago adapter has its own tests on a fake).
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import type { SandboxProvider } from '../../platform/payments/index.ts';
import { lifecycleDepsOf } from './engine.ts';
import { retryOpenRefunds } from './refunds.ts';

const APPROVED_CARD = '4509 9535 6623 3704';

describe.each(databaseKinds)('money back (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let owner: string;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind) });
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    sandbox = test.app.deps.payments.gateway.sandbox as SandboxProvider;
  });
  afterAll(() => test.close());

  const db = () => test.database.db;
  let caller = 0;
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    caller += 1;
    const res = await test.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: `10.11.${Math.floor(caller / 250)}.${caller % 250}`,
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };

  async function placeCardOrder() {
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, {
        dishes: [{ plate: 'Fugazzeta' }],
        payment: 'CARD',
        paysWith: null,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const placed = res.body.data as { id: number; code: string };
    const [row] = await db().select().from(t.orders).where(eq(t.orders.id, placed.id));
    return { ...placed, total: row?.total as number };
  }

  async function token() {
    const res = await post('/api/payments/sandbox/tokens', {
      cardNumber: APPROVED_CARD,
      cardName: 'Lucía Fernández',
      cardExpiry: '11/30',
      cardSecurityCode: '123',
      cardDocument: '30123456',
    });
    expect(res.status).toBe(200);
    return res.body as { token: string; paymentMethodId: string };
  }

  const pay = async (order: { id: number; code: string }) => {
    const card = await token();
    return post('/api/order/payment', {
      token: card.token,
      paymentMethodId: card.paymentMethodId,
      dinerOrderId: order.id,
      orderCode: order.code,
      cardName: 'Lucía Fernández',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    });
  };

  /** The provider charged `amount` for the order and tells our webhook (no diner call involved). */
  async function providerReports(code: string, amount: number) {
    const payment = await sandbox.createCardPayment({
      token: (await token()).token,
      paymentMethodId: 'visa',
      amount,
      currency: 'ARS',
      decimals: 2,
      description: 'test',
      externalReference: code,
      idempotencyKey: `k-${code}-${amount}`,
      payer: { name: 'Lucía', email: null, identificationType: 'DNI', identificationNumber: '30123456' },
    });
    const notice = sandbox.notice(payment.referenceId, new Date(TEST_NOW));
    const res = await post(
      `/api/callback/payments/sandbox?${new URLSearchParams(notice.query)}`,
      notice.body,
      notice.headers,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return payment;
  }

  const paymentsOf = (orderId: number) =>
    db()
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, orderId))
      .orderBy(asc(t.orderPayments.id));
  const refundsOf = (orderId: number) =>
    db().select().from(t.paymentRefunds).where(eq(t.paymentRefunds.orderId, orderId));
  const followUp = async (code: string) =>
    (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;
  const cardOf = async (orderId: number) =>
    (
      await asStaff(test.app, owner, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`)
    ).body.orders.find((o: { id: number }) => o.id === orderId);

  it('refunds a paid card order the shop cancels, once, and shows it to the shop and the diner', async () => {
    const placed = await placeCardOrder();
    expect((await pay(placed)).status).toBe(200);
    const before = await cardOf(placed.id);
    expect(before).toMatchObject({ paid: true, refundOnCancel: placed.total / 100 });
    expect(before.payment).toMatchObject({ status: 'PAID', refundedAmount: 0, refundPending: false });

    const cancel = () =>
      asStaff(test.app, owner, 'PUT', `/api/console/orders/${placed.id}/status`, {
        status: 'CANCELED',
        reason: 'Sin stock de un producto',
      });
    const [first, second] = await Promise.all([cancel(), cancel()]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);

    const [payment] = await paymentsOf(placed.id);
    expect(payment).toMatchObject({ status: 'REFUNDED', refundedAmount: placed.total });
    const refunds = await refundsOf(placed.id);
    expect(refunds.map((r) => [r.reason, r.status, r.amount])).toEqual([
      ['ORDER_CANCELED', 'DONE', placed.total],
    ]);
    expect(await cardOf(placed.id)).toMatchObject({
      status: 'CANCELED',
      paid: false,
      refundOnCancel: 0,
      payment: { status: 'REFUNDED', refundedAmount: placed.total / 100, refundPending: false },
    });
    const diner = await followUp(placed.code);
    expect(diner).toMatchObject({ status: 'CANCELED', refund: { amount: placed.total / 100, done: true } });
    expect(diner.paymentInfo.status).toBe('REFUNDED');
    const history = await asStaff(test.app, owner, 'GET', `/api/console/orders/${placed.id}/history`);
    expect(history.body.events.at(-1)).toMatchObject({
      entity: 'PAYMENT',
      label: 'Pago devuelto',
      actor: 'PAYMENT_PROVIDER',
      amount: placed.total / 100,
      reason: 'Pedido cancelado',
    });
    // the sweep finds nothing left to give back
    expect(await retryOpenRefunds(lifecycleDepsOf(test.app))).toBe(0);
  });

  it('refunds an approval that arrives after the order expired', async () => {
    const placed = await placeCardOrder();
    const late = { ...lifecycleDepsOf(test.app), now: new Date(new Date(TEST_NOW).getTime() + 20 * 60_000) };
    const { expireOverdueOrders } = await import('../payments/expire-unpaid-orders.ts');
    expect(await expireOverdueOrders(late, { limitMinutes: 15 })).toContain(placed.id);
    await providerReports(placed.code, placed.total);
    const payments = await paymentsOf(placed.id);
    expect(payments.map((p) => p.status)).toContain('REFUNDED');
    expect((await refundsOf(placed.id)).map((r) => [r.reason, r.status])).toEqual([
      ['PAID_AFTER_END', 'DONE'],
    ]);
    expect(await followUp(placed.code)).toMatchObject({
      status: 'PAYMENT_EXPIRED',
      refund: { amount: placed.total / 100, done: true },
    });
  });

  it('never counts an approval for another amount: it is refunded and the diner can still pay', async () => {
    const placed = await placeCardOrder();
    await providerReports(placed.code, placed.total - 100);
    const [wrong] = await paymentsOf(placed.id);
    expect(wrong).toMatchObject({
      status: 'REFUNDED',
      amount: placed.total - 100,
      refundedAmount: placed.total - 100,
    });
    const diner = await followUp(placed.code);
    expect(diner).toMatchObject({ status: 'PAY_NEEDED', canPayOnline: true });
    expect(await cardOf(placed.id)).toMatchObject({ status: 'PAY_NEEDED', paid: false, refundOnCancel: 0 });
  });

  it('lets the diner pay the right amount after a wrong approval, and the order reaches the kitchen', async () => {
    const placed = await placeCardOrder();
    await providerReports(placed.code, placed.total + 500);
    const paid = await pay(placed);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', order: { status: 'GENERATED' } });
    const statuses = (await paymentsOf(placed.id)).map((p) => [p.status, p.amount]);
    expect(statuses).toContainEqual(['REFUNDED', placed.total + 500]);
    expect(statuses).toContainEqual(['PAID', placed.total]);
    expect(await cardOf(placed.id)).toMatchObject({ status: 'GENERATED', paid: true });
    // a second approval of an order already paid is given back as well
    await providerReports(placed.code, placed.total);
    const refunds = await refundsOf(placed.id);
    expect(refunds.map((r) => r.reason).sort()).toEqual(['AMOUNT_MISMATCH', 'PAID_TWICE']);
  });
});
