/**
 * Records what a provider reports of a payment, once: the order's row is locked while its payments
 * are looked at, and (provider, payment_reference_id) is unique, so the redirect, the webhook, a
 * retried webhook or all of them at once leave one row and move the order once. A payment the provider
 * approved moves its order PAY_NEEDED -> GENERATED (actor PAYMENT_PROVIDER), in the same transaction.
 */
import { checkPaymentMove, type OrderStatus, type PaymentStatus } from '@comanda/core';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { ProviderName, ProviderPayment } from '../../platform/payments/index.ts';
import { changeOrderStatusIn } from '../order-lifecycle/change-order-status.ts';

export interface RecordedPayment {
  orderId: number;
  orderCode: string;
  branchContactId: number;
  /** the payment's status as recorded (the first report's, when a later one could not move it) */
  status: PaymentStatus;
  /** whether this report wrote anything */
  changed: boolean;
  /** the order went to the kitchen with this report */
  orderPaid: boolean;
  /** the order's status after the report */
  orderStatus: OrderStatus;
  /** an approved payment whose amount is not the order's total (the order is not moved) */
  amountMismatch: boolean;
}

export async function recordProviderPayment(
  db: Db,
  provider: ProviderName,
  payment: ProviderPayment,
  options: { now: Date; orderId?: number; attemptId?: number },
): Promise<RecordedPayment | null> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, options.orderId ?? null, payment.externalReference);
    if (!order) return null;
    const { now } = options;
    let status: PaymentStatus = payment.status;
    let changed = false;

    const [existing] = await tx
      .select({ id: t.orderPayments.id, status: t.orderPayments.status })
      .from(t.orderPayments)
      .where(
        and(
          eq(t.orderPayments.provider, provider),
          eq(t.orderPayments.paymentReferenceId, payment.referenceId),
        ),
      );
    if (existing) {
      const move = checkPaymentMove(existing.status, payment.status);
      if (move === true) {
        await tx
          .update(t.orderPayments)
          .set({ status: payment.status, updatedAt: now })
          .where(and(eq(t.orderPayments.id, existing.id), eq(t.orderPayments.status, existing.status)));
        changed = true;
      } else {
        status = existing.status;
      }
    } else {
      // the attempt that asked for it, or the order's open attempt (placement's, a link's) takes it
      const [open] = await tx
        .select({ id: t.orderPayments.id, status: t.orderPayments.status })
        .from(t.orderPayments)
        .where(
          and(
            eq(t.orderPayments.orderId, order.id),
            isNull(t.orderPayments.paymentReferenceId),
            inArray(t.orderPayments.status, ['PENDING', 'PROCESSING']),
            ...(options.attemptId ? [eq(t.orderPayments.id, options.attemptId)] : []),
          ),
        )
        .orderBy(desc(t.orderPayments.id))
        .limit(1);
      if (open && checkPaymentMove(open.status, payment.status) !== false) {
        await tx
          .update(t.orderPayments)
          .set({
            status: payment.status,
            provider,
            paymentReferenceId: payment.referenceId,
            amount: payment.amount,
            updatedAt: now,
          })
          .where(eq(t.orderPayments.id, open.id));
      } else {
        await tx.insert(t.orderPayments).values({
          orderId: order.id,
          status: payment.status,
          amount: payment.amount,
          paymentUpload: 'API',
          provider,
          paymentReferenceId: payment.referenceId,
          createdAt: now,
          updatedAt: now,
        });
      }
      changed = true;
    }

    let orderStatus: OrderStatus = order.status;
    let orderPaid = false;
    const amountMismatch = status === 'PAID' && payment.amount !== order.total;
    if (status === 'PAID' && order.status === 'PAY_NEEDED' && !amountMismatch) {
      await changeOrderStatusIn(tx, {
        orderId: order.id,
        to: 'GENERATED',
        actor: 'PAYMENT_PROVIDER',
        expectedStatus: 'PAY_NEEDED',
        now,
      });
      orderStatus = 'GENERATED';
      orderPaid = true;
    }
    return {
      orderId: order.id,
      orderCode: order.code,
      branchContactId: order.branchContactId,
      status,
      changed,
      orderPaid,
      orderStatus,
      amountMismatch,
    };
  });
}

/** The order a payment is for, row locked: by id when the caller knows it, else by its code. */
async function lockOrder(tx: Tx, orderId: number | null, code: string | null) {
  if (orderId === null && !code) return null;
  const [order] = await tx
    .select({
      id: t.orders.id,
      code: t.orders.code,
      status: t.orders.status,
      total: t.orders.total,
      branchContactId: t.orders.branchContactId,
    })
    .from(t.orders)
    .where(orderId !== null ? eq(t.orders.id, orderId) : eq(t.orders.code, code as string))
    .for('update');
  if (!order) return null;
  // a payment names its order itself: one made for another order is never recorded on this one
  if (code && order.code !== code) return null;
  return order;
}
