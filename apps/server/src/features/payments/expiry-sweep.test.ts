import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, orderContext, postOrder } from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import { createClock } from '../../platform/clock.ts';
import { createSandboxProvider } from '../../platform/payments/index.ts';

describe.each(databaseKinds)('the periodic expiry of unpaid orders (%s)', (kind) => {
  let test: TestApp;
  beforeAll(async () => {
    const provider = createSandboxProvider({
      publicUrl: 'http://localhost:3000',
      clock: createClock(TEST_NOW),
    });
    test = await createTestApp(kind, {
      payments: { sandbox: provider, timeLimitMinutes: 15, expirySweepMs: 25 },
    });
  });
  afterAll(() => test.close());

  it('expires an order left unpaid past its time without anyone reading it, and no other', async () => {
    const takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    const place = async () => {
      const res = await postOrder(
        test.app,
        buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CARD', paysWith: null }),
      );
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    const [overdue, fresh] = [await place(), await place()];
    const { db } = test.database;
    await db
      .update(t.orders)
      .set({ orderedAt: new Date(new Date(TEST_NOW).getTime() - 16 * 60_000) })
      .where(eq(t.orders.id, overdue));
    const statusOf = async (id: number) =>
      (await db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, id)))[0]?.status;
    const deadline = Date.now() + 15_000; // the sweep runs every 25 ms; generous for a busy machine
    while ((await statusOf(overdue)) !== 'PAYMENT_EXPIRED' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await statusOf(overdue)).toBe('PAYMENT_EXPIRED');
    expect(await statusOf(fresh)).toBe('PAY_NEEDED');
  });
});
