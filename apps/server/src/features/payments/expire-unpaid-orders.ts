/**
 * Online-payment orders wait PAYMENT_TIME_LIMIT_MINUTES for their payment, then expire
 * (PAY_NEEDED -> PAYMENT_EXPIRED by SYSTEM), which gives back the code hold and the points they took
 * (the lifecycle's effects). A periodic sweep in every server process does it in bounded batches, and
 * reading or paying such an order does it at once; the conditional update makes every one of them safe
 * to run at the same time as the others.
 */
import { isPaymentTimeOver, type OrderStatus } from '@comanda/core';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { LifecycleDeps } from '../lifecycle/engine.ts';
import { moveOrder } from '../lifecycle/order-moves.ts';
import { movePayment } from '../lifecycle/payment-moves.ts';
import { runLifecycle } from '../lifecycle/run.ts';

/** A call to the provider still in flight is left alone this long before its order may expire. */
const IN_FLIGHT_GRACE_MS = 2 * 60_000;
export const EXPIRY_BATCH = 50;

/** Expires one unpaid order; false when it was paid, cancelled or expired meanwhile. */
export async function expireUnpaidOrder(deps: LifecycleDeps, orderId: number): Promise<boolean> {
  try {
    await runLifecycle(deps, async (ctx) => {
      await moveOrder(ctx, { orderId, to: 'PAYMENT_EXPIRED', actor: 'SYSTEM', expectedStatus: 'PAY_NEEDED' });
      // open attempts end with the order; one the provider already holds (a reference) stays as it is,
      // so a late approval is still recorded (and refunded: payment-moves.ts)
      const open = await ctx.tx
        .select({ id: t.orderPayments.id, status: t.orderPayments.status })
        .from(t.orderPayments)
        .where(
          and(
            eq(t.orderPayments.orderId, orderId),
            isNull(t.orderPayments.paymentReferenceId),
            inArray(t.orderPayments.status, ['PENDING', 'PROCESSING']),
          ),
        );
      for (const attempt of open)
        await movePayment(ctx, {
          paymentId: attempt.id,
          orderId,
          from: attempt.status,
          to: 'EXPIRED',
          actor: 'SYSTEM',
        });
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
}

/** Expires the order now if it is unpaid and past its time (reading or paying it). */
export async function expireIfOverdue(
  deps: LifecycleDeps,
  order: { id: number; status: OrderStatus; orderedAt: Date },
  limitMinutes: number,
): Promise<boolean> {
  if (order.status !== 'PAY_NEEDED' || !isPaymentTimeOver(order.orderedAt, deps.now, limitMinutes))
    return false;
  return expireUnpaidOrder(deps, order.id);
}

/** One sweep: up to `batch` overdue unpaid orders, oldest first. Answers the ids it expired. */
export async function expireOverdueOrders(
  deps: LifecycleDeps,
  options: { limitMinutes: number; batch?: number },
): Promise<number[]> {
  const { db, now } = deps;
  const deadline = new Date(now.getTime() - options.limitMinutes * 60_000);
  const inFlightSince = new Date(now.getTime() - IN_FLIGHT_GRACE_MS);
  const due = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.status, 'PAY_NEEDED'),
        lte(t.orders.orderedAt, deadline),
        sql`not exists (select 1 from ${t.orderPayments} p where p.order_id = ${t.orders.id}
          and p.status = 'PROCESSING' and p.payment_reference_id is null
          and p.updated_at > ${inFlightSince.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(t.orders.orderedAt))
    .limit(options.batch ?? EXPIRY_BATCH);
  const expired: number[] = [];
  for (const { id } of due) if (await expireUnpaidOrder(deps, id)) expired.push(id);
  return expired;
}
