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
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { changeOrderStatusIn } from '../order-lifecycle/change-order-status.ts';

/** A call to the provider still in flight is left alone this long before its order may expire. */
const IN_FLIGHT_GRACE_MS = 2 * 60_000;
export const EXPIRY_BATCH = 50;

/** Expires one unpaid order; false when it was paid, cancelled or expired meanwhile. */
export async function expireUnpaidOrder(db: Db, orderId: number, now: Date): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await changeOrderStatusIn(tx, {
        orderId,
        to: 'PAYMENT_EXPIRED',
        actor: 'SYSTEM',
        expectedStatus: 'PAY_NEEDED',
        now,
      });
      // open attempts end with the order; one the provider already holds (a reference) stays as it is,
      // so a late approval is still recorded (and refunded by the shop)
      await tx
        .update(t.orderPayments)
        .set({ status: 'EXPIRED', updatedAt: now })
        .where(
          and(
            eq(t.orderPayments.orderId, orderId),
            isNull(t.orderPayments.paymentReferenceId),
            inArray(t.orderPayments.status, ['PENDING', 'PROCESSING']),
          ),
        );
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
}

/** Expires the order now if it is unpaid and past its time (reading or paying it). */
export async function expireIfOverdue(
  db: Db,
  order: { id: number; status: OrderStatus; orderedAt: Date },
  now: Date,
  limitMinutes: number,
): Promise<boolean> {
  if (order.status !== 'PAY_NEEDED' || !isPaymentTimeOver(order.orderedAt, now, limitMinutes)) return false;
  return expireUnpaidOrder(db, order.id, now);
}

/** One sweep: up to `batch` overdue unpaid orders, oldest first. Answers the ids it expired. */
export async function expireOverdueOrders(
  db: Db,
  options: { now: Date; limitMinutes: number; batch?: number },
): Promise<number[]> {
  const { now } = options;
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
  for (const { id } of due) if (await expireUnpaidOrder(db, id, now)) expired.push(id);
  return expired;
}
