/**
 * Payment attempts' moves through the engine (core's payment-lifecycle.ts), and what an approval sets
 * off (SETTLE_ORDER): an approval for exactly the order's total sends a waiting order to the kitchen;
 * any other approval (another amount, an order expired, cancelled or already paid) never counts and is
 * given back (a refund asked for here, made after commit).
 */
import { checkPaymentTransition, ERROR_CODES, type PaymentStatus, paymentSettlesOrder } from '@comanda/core';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { applyMove, type MoveActor, type MoveContext, recordEvent } from './engine.ts';
import { moveOrder } from './order-moves.ts';
import { type RefundReason, requestRefund } from './refunds.ts';

export interface PaymentMove extends MoveActor {
  paymentId: number;
  orderId: number;
  from: PaymentStatus;
  to: PaymentStatus;
  /** other columns (the provider's reference, the amount it charged, a link) */
  set?: Partial<typeof t.orderPayments.$inferInsert>;
  amount?: number | null;
  reason?: string | null;
}

/** What an approval did to its order. */
export type Settlement =
  | { kind: 'NONE' }
  | { kind: 'ORDER_PAID' }
  /** the approval does not count: it is given back for this reason */
  | { kind: 'REFUNDED'; reason: RefundReason };

/**
 * Moves an attempt; false when it was no longer in `from` (a report raced another). A move the table
 * lacks is the caller's mistake and answers 409/403 like any other lifecycle.
 */
export async function movePayment(
  ctx: MoveContext,
  move: PaymentMove,
): Promise<{ moved: boolean; settlement: Settlement }> {
  const check = checkPaymentTransition(move.actor, move.from, move.to);
  if (!check.ok) throw new AppError(check.code, ERROR_CODES[check.code], check.message);
  const moved = await applyMove(ctx, {
    entity: 'PAYMENT',
    id: move.paymentId,
    orderId: move.orderId,
    from: move.from,
    to: move.to,
    actor: move.actor,
    staffId: move.staffId,
    reason: move.reason,
    amount: move.amount ?? null,
    set: move.set ?? {},
  });
  if (!moved) return { moved: false, settlement: { kind: 'NONE' } };
  ctx.after.orderIds.add(move.orderId);
  const settlement = check.effects.includes('SETTLE_ORDER')
    ? await settleOrder(ctx, move.paymentId, move.orderId)
    : ({ kind: 'NONE' } as const);
  return { moved: true, settlement };
}

/** A new attempt, with its creation in the history. */
export async function createPayment(
  ctx: MoveContext,
  values: Omit<typeof t.orderPayments.$inferInsert, 'createdAt' | 'updatedAt'> & { status: PaymentStatus },
  by: MoveActor,
): Promise<{ id: number; settlement: Settlement }> {
  const [payment] = await ctx.tx
    .insert(t.orderPayments)
    .values({ ...values, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: t.orderPayments.id });
  if (!payment) throw new AppError('INTERNAL', 500, 'No pudimos registrar el pago.');
  await recordEvent(ctx, {
    entity: 'PAYMENT',
    id: payment.id,
    orderId: values.orderId,
    from: null,
    to: values.status,
    actor: by.actor,
    staffId: by.staffId,
    amount: values.amount,
  });
  ctx.after.orderIds.add(values.orderId);
  // a payment the provider reports approved at once settles like a move into PAID
  const settlement =
    values.status === 'PAID'
      ? await settleOrder(ctx, payment.id, values.orderId)
      : ({ kind: 'NONE' } as const);
  return { id: payment.id, settlement };
}

/** SETTLE_ORDER: the order's row locked, the approval pays it or is given back. */
async function settleOrder(ctx: MoveContext, paymentId: number, orderId: number): Promise<Settlement> {
  const [order] = await ctx.tx
    .select({ status: t.orders.status, total: t.orders.total })
    .from(t.orders)
    .where(eq(t.orders.id, orderId))
    .for('update');
  const [payment] = await ctx.tx
    .select({ amount: t.orderPayments.amount, refundedAmount: t.orderPayments.refundedAmount })
    .from(t.orderPayments)
    .where(eq(t.orderPayments.id, paymentId));
  if (!order || !payment) return { kind: 'NONE' };
  const exact = paymentSettlesOrder({ status: 'PAID', ...payment }, order.total);
  if (order.status === 'PAY_NEEDED' && exact) {
    await moveOrder(ctx, {
      orderId,
      to: 'GENERATED',
      actor: 'PAYMENT_PROVIDER',
      expectedStatus: 'PAY_NEEDED',
    });
    return { kind: 'ORDER_PAID' };
  }
  const reason: RefundReason =
    order.status === 'PAY_NEEDED'
      ? 'AMOUNT_MISMATCH'
      : order.status === 'PAYMENT_EXPIRED' || order.status === 'CANCELED'
        ? 'PAID_AFTER_END'
        : 'PAID_TWICE';
  await requestRefund(ctx, { paymentId, orderId, amount: payment.amount - payment.refundedAmount, reason });
  return { kind: 'REFUNDED', reason };
}
