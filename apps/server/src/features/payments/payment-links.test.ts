import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import { createClock } from '../../platform/clock.ts';
import { createSandboxProvider } from '../../platform/payments/index.ts';

/** The sandbox with one secret of the test's, as every process of a deployment is configured. */
const sandboxPayments = (now: string) => ({
  sandbox: createSandboxProvider({
    secret: 'payment-links-test-secret',
    publicUrl: 'http://localhost:3000',
    clock: createClock(now),
  }),
  timeLimitMinutes: 15,
});

describe.each(databaseKinds)('orders paid by payment link (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind, { payments: sandboxPayments(TEST_NOW) });
    const { db } = test.database;
    // Don Mateo Palermo's take-away also takes payment links (before anything is read and cached)
    const [contact] = await db
      .select()
      .from(t.branchContacts)
      .where(eq(t.branchContacts.alias, 'donmateo-palermo'));
    const [linkType] = await db
      .insert(t.paymentTypes)
      .values({
        branchContactId: contact?.id as number,
        showName: 'Link de pago',
        paymentMethod: 'PAYMENT_LINK',
        upload: 'API',
        providerName: 'SANDBOX',
        position: 9,
      })
      .returning();
    const modes = await db
      .select()
      .from(t.orderModes)
      .where(eq(t.orderModes.branchContactId, contact?.id as number));
    for (const mode of modes)
      await db
        .insert(t.orderModePaymentTypes)
        .values({ orderModeId: mode.id, paymentTypeId: linkType?.id as number });
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(() => test.close());

  it('creates the link on placement; the answer and the follow-up carry it; paying it sends the order', async () => {
    const placed = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'PAYMENT_LINK', paysWith: null }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { code, paymentUrl } = placed.body.data as { code: string; paymentUrl: string };
    expect(paymentUrl).toMatch(/^http:\/\/localhost:3000\/api\/payments\/sandbox\/checkout\/sbxlnk_/);
    const followUp = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;
    expect(followUp).toMatchObject({ status: 'PAY_NEEDED', paymentInfo: { status: 'PENDING', paymentUrl } });

    const paid = await test.app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(paid.statusCode).toBe(303);
    const after = (await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`)).body;
    expect(after).toMatchObject({ status: 'GENERATED', paymentInfo: { status: 'PAID' } });
  });

  it('shows an expired link as expired, in Spanish', async () => {
    const placed = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'PAYMENT_LINK', paysWith: null }),
    );
    const { paymentUrl } = placed.body.data as { paymentUrl: string };
    // another process later, sharing the sandbox's secret as the processes of one deployment do
    const late = await createTestApp(kind, {
      now: '2026-11-18T15:30:00-03:00',
      payments: sandboxPayments('2026-11-18T15:30:00-03:00'),
    });
    try {
      const page = await late.app.inject({ method: 'GET', url: new URL(paymentUrl).pathname });
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain('Tiempo de pago vencido, vuelva a generar el pedido');
    } finally {
      await late.close();
    }
  });
});
