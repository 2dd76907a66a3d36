import { ONLINE_PAYMENT_TOO_FAR } from '@comanda/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

/** storefront.md section 9's online-payment allowed hours (decision 021: 48 hours ahead at most). */
describe.each(databaseKinds)('online payment of a scheduled order (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  let days: { date: string; availableHours: string[] }[];

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    days = (await getJson(test.app, `/api/ordermode/schedule/${takeAway.modeId}`)).body.schedulerDaysInfo;
  });
  afterAll(() => test.close());

  /** The Wednesday 15:00 test clock: the day at `index` is that many days ahead. */
  const slotOn = (index: number, hour: string) => `${days[index]?.date}T${hour}:00-03:00`;
  const cardOrder = (scheduledAt: string | null) =>
    buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CARD', paysWith: null, scheduledAt });

  it('takes a card for an order due tomorrow evening', async () => {
    const res = await postOrder(test.app, cardOrder(slotOn(1, '20:00')));
    expect(res.status).toBe(201);
  });

  it('refuses a card for a slot three days ahead, in Spanish, and takes cash for it', async () => {
    const refused = await postOrder(test.app, cardOrder(slotOn(3, '20:00')));
    expectApiError(refused, 409, 'PAYMENT_TYPE_UNAVAILABLE');
    expect(refused.body.message).toBe(ONLINE_PAYMENT_TOO_FAR);

    const cash = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], scheduledAt: slotOn(3, '20:00') }),
    );
    expect(cash.status).toBe(201);
  });
});
