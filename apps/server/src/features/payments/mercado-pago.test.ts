import { asc, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts';
import { expectApiError } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import {
  createMercadoPagoProvider,
  defaultMercadoPagoPlatform,
  type PaymentProvider,
  signWebhook,
} from '../../platform/payments/index.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { retryOpenRefunds } from '../lifecycle/refunds.ts';

const SECRET = 'mp-webhook-secret';

describe.each(databaseKinds)('card payments through Mercado Pago on a fake API (%s)', (kind) => {
  let fake: FakeMercadoPago;
  let test: TestApp;
  let provider: PaymentProvider;
  let takeAway: OrderContext;
  let accountId: number;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    provider = createMercadoPagoProvider({
      accessToken: 'TEST-access-token',
      webhookSecret: SECRET,
      baseUrl: fake.baseUrl,
      publicUrl: 'http://localhost:3000',
    });
    // real accounts only: no sandbox here, and Don Mateo's owner connects the shop's own account
    test = await createTestApp(kind, {
      payments: {
        sandbox: null,
        mercadoPago: {
          ...defaultMercadoPagoPlatform(),
          baseUrl: fake.baseUrl,
          webhookSecret: 'platform-secret',
        },
      },
    });
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const connected = await asStaff(test.app, owner, 'PUT', '/api/console/payments/account/mercadopago', {
      accessToken: 'TEST-access-token',
      publicKey: 'TEST-public-key-0001',
      webhookSecret: SECRET,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const [account] = await test.database.db
      .select()
      .from(t.paymentAccounts)
      .where(isNull(t.paymentAccounts.disconnectedAt))
      .orderBy(desc(t.paymentAccounts.id))
      .limit(1);
    accountId = account?.id as number;
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  let caller = 0;
  const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) => {
    caller += 1;
    const res = await test.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: `10.8.0.${caller}`,
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };
  const placeCardOrder = async () => {
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CARD', paysWith: null }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; code: string; price: number };
  };
  const pay = (order: { id: number; code: string }, token: string) =>
    post('/api/order/payment', {
      token,
      paymentMethodId: 'visa',
      dinerOrderId: order.id,
      orderCode: order.code,
      cardName: 'Lucía Fernández',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    });
  const notify = (paymentId: string, secret = SECRET, account: number | null = accountId) => {
    const ts = String(test.app.deps.clock().getTime());
    return post(
      `/api/callback/payments/mercadopago?data.id=${paymentId}&type=payment${account === null ? '' : `&account=${account}`}`,
      { action: 'payment.updated', type: 'payment', data: { id: paymentId } },
      { 'x-signature': signWebhook(secret, paymentId, 'req-42', ts), 'x-request-id': 'req-42' },
    );
  };
  /** The order's total charged on Mercado Pago's own site (a link paid there): no call of ours made it. */
  const chargedOnSite = async (placed: { id: number; code: string }, key: string) => {
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, placed.id));
    return provider.createCardPayment({
      token: 'tok-approved',
      paymentMethodId: 'visa',
      amount: row?.total ?? 0,
      currency: 'ARS',
      decimals: 2,
      description: key,
      externalReference: placed.code,
      idempotencyKey: `${key}-${placed.code}`,
      payer: { name: 'Lucía', email: null, identificationType: 'DNI', identificationNumber: '1' },
    });
  };
  const rows = (orderId: number) =>
    test.database.db
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, orderId))
      .orderBy(asc(t.orderPayments.id));
  const statusOf = async (orderId: number) =>
    (await test.database.db.select().from(t.orders).where(eq(t.orders.id, orderId)))[0]?.status;

  it('charges the order’s stored total with the card token, then a signed webhook changes nothing more', async () => {
    const placed = await placeCardOrder();
    const res = await pay(placed, 'tok-approved');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'PAID', order: { status: 'GENERATED' } });
    const charge = fake.requests.findLast((r) => r.path === '/v1/payments');
    expect(charge?.body).toMatchObject({ transaction_amount: placed.price, external_reference: placed.code });
    expect(await notify(res.body.paymentReferenceId)).toMatchObject({ status: 200 });
    expect((await rows(placed.id)).map((r) => [r.status, r.provider, r.paymentReferenceId])).toEqual([
      ['PAID', 'MERCADO_PAGO', res.body.paymentReferenceId],
    ]);
  });

  it('records a payment the webhook reports first (a payment link paid on Mercado Pago’s site)', async () => {
    const placed = await placeCardOrder();
    const link = await post('/api/paymenturl', {
      code: placed.code,
      branchContactId: takeAway.contactId,
      amount: placed.price,
    });
    expect(link.status).toBe(200);
    expect(link.body.url).toContain(link.body.token);
    const payment = await chargedOnSite(placed, 'link');
    const [first, second] = await Promise.all([notify(payment.referenceId), notify(payment.referenceId)]);
    expect([first?.status, second?.status]).toEqual([200, 200]);
    expect(await statusOf(placed.id)).toBe('GENERATED');
    expect((await rows(placed.id)).map((r) => r.status)).toEqual(['PAID']);
    expect((await rows(placed.id))[0]?.paymentUrl).toBe(link.body.url);
  });

  it('refunds a cancelled paid order through Mercado Pago once, retrying with the same key when it was away', async () => {
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const placed = await placeCardOrder();
    const paid = await pay(placed, 'tok-approved');
    expect(paid.status).toBe(200);
    // Mercado Pago is away when the shop cancels: the order is cancelled, the refund waits
    const away = fake.failNext('/refunds', 503);
    const cancel = await asStaff(test.app, owner, 'PUT', `/api/console/orders/${placed.id}/status`, {
      status: 'CANCELED',
      reason: 'El local está por cerrar',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(away.used).toBe(true);
    expect(cancel.body).toMatchObject({
      status: 'CANCELED',
      payment: { status: 'PAID', refundPending: true },
    });
    const [refund] = await test.database.db
      .select()
      .from(t.paymentRefunds)
      .where(eq(t.paymentRefunds.orderId, placed.id));
    expect(refund).toMatchObject({ status: 'REQUESTED', attempts: 1 });
    // the sweep asks again, with the same idempotency key, a minute later
    const later = { ...lifecycleDepsOf(test.app), now: new Date(test.app.deps.clock().getTime() + 60_000) };
    expect(await retryOpenRefunds(later)).toBe(1);
    const asked = fake.requests.filter(
      (r) => r.path === `/v1/payments/${paid.body.paymentReferenceId}/refunds`,
    );
    expect(asked).toHaveLength(2);
    expect(new Set(asked.map((r) => r.headers['x-idempotency-key'])).size).toBe(1);
    expect(asked[1]?.body).toEqual({});
    expect((await rows(placed.id)).map((r) => [r.status, r.refundedAmount])).toEqual([
      ['REFUNDED', placed.price * 100],
    ]);
    // Mercado Pago's own 'refunded' notice afterwards changes nothing more
    expect((await notify(paid.body.paymentReferenceId)).status).toBe(200);
    expect((await rows(placed.id)).map((r) => r.status)).toEqual(['REFUNDED']);
  });

  it('records the refunds and chargebacks Mercado Pago notifies (made on its site or by the bank)', async () => {
    const placed = await placeCardOrder();
    const paid = await pay(placed, 'tok-approved');
    const id = paid.body.paymentReferenceId as string;
    // a partial refund made on Mercado Pago's site
    await provider.refundPayment({
      referenceId: id,
      amount: 100_00,
      paymentAmount: placed.price * 100,
      currency: 'ARS',
      decimals: 2,
      idempotencyKey: 'site-refund',
    });
    expect((await notify(id)).status).toBe(200);
    expect((await rows(placed.id)).map((r) => [r.status, r.refundedAmount])).toEqual([
      ['PARTIALLY_REFUNDED', 100_00],
    ]);
    fake.chargeBack(id);
    expect((await notify(id)).status).toBe(200);
    expect((await rows(placed.id)).map((r) => r.status)).toEqual(['CHARGED_BACK']);
    const events = await test.database.db
      .select()
      .from(t.statusEvents)
      .where(eq(t.statusEvents.entity, 'PAYMENT'))
      .orderBy(asc(t.statusEvents.id));
    const mine = events
      .filter((e) => e.orderId === placed.id)
      .map((e) => [e.fromStatus, e.toStatus, e.actor]);
    expect(mine.slice(-2)).toEqual([
      ['PAID', 'PARTIALLY_REFUNDED', 'PAYMENT_PROVIDER'],
      ['PARTIALLY_REFUNDED', 'CHARGED_BACK', 'PAYMENT_PROVIDER'],
    ]);
  });

  it('refuses a genuine notification replayed more than 5 minutes later (401), and records nothing', async () => {
    const placed = await placeCardOrder();
    const payment = await chargedOnSite(placed, 'replay');
    const ts = String(test.app.deps.clock().getTime() - 6 * 60_000);
    const replay = await post(
      `/api/callback/payments/mercadopago?data.id=${payment.referenceId}&type=payment&account=${accountId}`,
      { action: 'payment.updated', type: 'payment', data: { id: payment.referenceId } },
      { 'x-signature': signWebhook(SECRET, payment.referenceId, 'req-7', ts), 'x-request-id': 'req-7' },
    );
    expectApiError(replay, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect(await statusOf(placed.id)).toBe('PAY_NEEDED');
  });

  it('refuses a badly signed webhook with 401 and records nothing', async () => {
    const placed = await placeCardOrder();
    const res = await notify('1000', 'not-the-secret');
    expectApiError(res, 401, 'WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await post(
      `/api/callback/payments/mercadopago?data.id=1000&type=payment&account=${accountId}`,
      {},
    );
    expectApiError(unsigned, 401, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await rows(placed.id)).map((r) => r.status)).toEqual(['PENDING']);
  });

  it('tells a declined card’s reason and a refused token in Spanish', async () => {
    const placed = await placeCardOrder();
    const declined = await pay(placed, 'tok-rejected');
    expectApiError(declined, 402, 'PAYMENT_REJECTED');
    expect(declined.body.message).toBe('Tu tarjeta no tiene fondos suficientes.');
    expect(declined.body.errors[0].message).toBe('Tu tarjeta no tiene fondos suficientes.');
    const used = await pay(placed, 'tok-used');
    expectApiError(used, 400, 'CARD_INVALID');
    expect(used.body.message).toBe('Debe completar correctamente los campos de su tarjeta');
    expect(await statusOf(placed.id)).toBe('PAY_NEEDED');
    expect((await rows(placed.id)).map((r) => r.status)).toEqual(['REJECTED', 'PENDING']);
  });

  it('charges with the shop’s own credentials and names its account in the notification URL', async () => {
    const placed = await placeCardOrder();
    const res = await pay(placed, 'tok-approved');
    expect(res.status).toBe(200);
    const charge = fake.requests.findLast((r) => r.path === '/v1/payments');
    expect(charge?.headers.authorization).toBe('Bearer TEST-access-token');
    expect(charge?.body).toMatchObject({
      notification_url: `http://localhost:3000/api/callback/payments/mercadopago?account=${accountId}`,
    });
    // a pasted account is not the platform's marketplace application: no fee rides on it
    expect(charge?.body?.application_fee).toBeUndefined();
  });

  it('takes no notification that names no account or an unknown one', async () => {
    const placed = await placeCardOrder();
    const payment = await chargedOnSite(placed, 'nobody');
    expect((await notify(payment.referenceId, SECRET, null)).status).toBe(404);
    expect((await notify(payment.referenceId, SECRET, 99_999)).status).toBe(404);
    expect(await statusOf(placed.id)).toBe('PAY_NEEDED');
  });

  it('offers no sandbox pages when Mercado Pago is the provider', async () => {
    expect((await post('/api/payments/sandbox/tokens', {})).status).toBe(404);
    expect((await post('/api/callback/payments/sandbox', {})).status).toBe(404);
  });
});
