import { DEMO_CODES } from '@comanda/core/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerCookie } from '../../../test/diners.ts';
import { getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

/**
 * Concurrency claims of DESIGN.md, with truly concurrent requests (PostgreSQL runs them on separate
 * connections; PGlite, one connection, serialises them and must give the same answers).
 */
describe.each(databaseKinds)('POST /api/order under concurrent requests (%s)', (kind) => {
  let test: TestApp;
  let takeAway: OrderContext;
  const lucia = '+5491155550101';

  beforeAll(async () => {
    test = await createTestApp(kind);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(() => test.close());

  it('never spends the same points twice: 50 clients redeeming 500 of 2.400 points', async () => {
    const balanceUrl = `/api/orderingcustomer/${encodeURIComponent(lucia)}?branchId=${takeAway.branchId}`;
    const session = { cookie: await dinerCookie(test.database, lucia) };
    const before = (await getJson(test.app, balanceUrl, session)).body.loyaltyPointsBalance as number;
    expect(before).toBe(2400);
    // Flan casero at 3.500: 500 points pay $500 (within the 30% cap of 1.050 points); the points an order
    // earns wait for its delivery, so the balance allows 4 orders (2.400, 1.900, 1.400, 900), never a 5th (400 < 500)
    const payload = buildOrder(takeAway, {
      dishes: [{ plate: 'Flan casero' }],
      redeemedPoints: 500,
      phone: lucia,
    });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postOrder(test.app, payload, session)),
    );
    const accepted = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted).toBe(4);
    expect(refused).toHaveLength(46);
    for (const r of refused)
      expect(r.body.message).toBe('No tenés suficientes Puntos Mateo: tu saldo es de 400.');

    const after = (await getJson(test.app, balanceUrl, session)).body.loyaltyPointsBalance as number;
    expect(after).toBe(400);
    // the ledger adds up to the balance, and no movement left it negative
    const { db } = test.database;
    const [customer] = await db
      .select({ id: t.customers.id })
      .from(t.customers)
      .where(eq(t.customers.phone, lucia));
    const moves = await db
      .select()
      .from(t.loyaltyPointsLedger)
      .where(
        and(
          eq(t.loyaltyPointsLedger.customerId, customer?.id as number),
          eq(t.loyaltyPointsLedger.branchId, takeAway.branchId),
        ),
      );
    expect(moves.reduce((sum, m) => sum + m.amount, 0)).toBe(after);
    expect(Math.min(...moves.map((m) => m.postBalance))).toBeGreaterThanOrEqual(0);
  });

  it('never uses a capped code more often than its cap: 20 clients, 5 uses', async () => {
    const { db } = test.database;
    await db
      .update(t.discountCodes)
      .set({ maxUses: 5, usesCount: 0 })
      .where(and(eq(t.discountCodes.code, 'PIZZA15'), eq(t.discountCodes.branchId, takeAway.branchId)));
    const pizza15 = DEMO_CODES.PIZZA15;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postOrder(
          test.app,
          buildOrder(takeAway, {
            dishes: [{ plate: 'Fugazzeta' }],
            code: pizza15,
            phone: `+54911710000${String(i).padStart(2, '0')}`,
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.body.code === 'DISCOUNT_CODE_EXHAUSTED')).toHaveLength(15);
    const [row] = await db
      .select({ uses: t.discountCodes.usesCount })
      .from(t.discountCodes)
      .where(and(eq(t.discountCodes.code, 'PIZZA15'), eq(t.discountCodes.branchId, takeAway.branchId)));
    expect(row?.uses).toBe(5);
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.orderDiscounts)
      .where(eq(t.orderDiscounts.code, 'PIZZA15'));
    expect(used?.n).toBe(5);
  });

  it('places one order for many concurrent retries of one idempotency key', async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }], phone: '+5491171234567' });
    const headers = { 'idempotency-key': 'concurrent-retry-42' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postOrder(test.app, payload, headers)),
    );
    // one places it; the others get it back, or 409 while it is still being placed (never a second order)
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => [200, 201, 409].includes(a.status))).toBe(true);
    for (const a of answers.filter((a) => a.status === 409)) expect(a.body.code).toBe('ORDER_IN_FLIGHT');
    const codes = new Set(answers.filter((a) => a.status !== 409).map((a) => a.body?.data?.code));
    expect(codes.size).toBe(1);
    const stored = await test.database.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.idempotencyKey, 'concurrent-retry-42'));
    expect(stored).toHaveLength(1);
  });
});
