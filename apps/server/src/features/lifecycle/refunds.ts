/**
 * Money going back to the diner. A refund is decided inside a lifecycle transaction (an order cancelled,
 * an approval that does not count) as a `payment_refunds` row, unique per payment and reason, so a
 * decision met twice gives back once. The provider is asked after commit, with the row's idempotency key;
 * a provider that cannot be reached is asked again by the sweep with the same key (it refunds once). The
 * provider's answer moves the payment PAID -> REFUNDED or PARTIALLY_REFUNDED through the engine.
 */
import { type PaymentStatus, statusAfterRefund } from '@comanda/core';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { RefundRefusedError } from '../../platform/payments/index.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { AfterCommit, applyMove, type LifecycleDeps, type MoveContext } from './engine.ts';
import { publishAfterCommit } from './publish.ts';

/** Why money goes back; one refund per payment and reason. */
export type RefundReason =
  /** the order was cancelled after it was paid */
  | 'ORDER_CANCELED'
  /** approved after the order had expired or been cancelled */
  | 'PAID_AFTER_END'
  /** approved for an amount other than the order's total */
  | 'AMOUNT_MISMATCH'
  /** a second approval for an order already paid */
  | 'PAID_TWICE';

export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  ORDER_CANCELED: 'Pedido cancelado',
  PAID_AFTER_END: 'Pago aprobado después de vencido o cancelado el pedido',
  AMOUNT_MISMATCH: 'El monto pagado no coincide con el total del pedido',
  PAID_TWICE: 'El pedido ya estaba pago',
};

const OPEN_REFUND: ('REQUESTED' | 'PENDING')[] = ['REQUESTED', 'PENDING'];

/**
 * A column for a select from order_payments: minor units asked back and not yet confirmed by the
 * provider. (The payment's id is written out: drizzle leaves a lone table's columns unqualified, which
 * inside this subquery would name the refund's own id.)
 */
export const refundingAmount = () =>
  sql<number>`coalesce((select sum(r.amount) from ${t.paymentRefunds} r
    where r.payment_id = "order_payments"."id" and r.status in ('REQUESTED', 'PENDING')), 0)`.mapWith(Number);

export async function requestRefund(
  ctx: MoveContext,
  refund: { paymentId: number; orderId: number; amount: number; reason: RefundReason },
): Promise<number | null> {
  if (refund.amount <= 0) return null;
  const [row] = await ctx.tx
    .insert(t.paymentRefunds)
    .values({
      paymentId: refund.paymentId,
      orderId: refund.orderId,
      amount: refund.amount,
      reason: refund.reason,
      idempotencyKey: `refund-${refund.paymentId}-${refund.reason}`,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .onConflictDoNothing()
    .returning({ id: t.paymentRefunds.id });
  if (!row) return null;
  ctx.after.refundIds.add(row.id);
  ctx.after.orderIds.add(refund.orderId);
  return row.id;
}

/** REFUND_PAYMENTS: every attempt of the order still holding money gives it back. */
export async function refundHeldPayments(
  ctx: MoveContext,
  orderId: number,
  reason: RefundReason,
): Promise<void> {
  const held = await ctx.tx
    .select({
      id: t.orderPayments.id,
      amount: t.orderPayments.amount,
      refundedAmount: t.orderPayments.refundedAmount,
      asked: refundingAmount(),
    })
    .from(t.orderPayments)
    .where(
      and(
        eq(t.orderPayments.orderId, orderId),
        inArray(t.orderPayments.status, ['PAID', 'PARTIALLY_REFUNDED']),
      ),
    );
  for (const payment of held)
    await requestRefund(ctx, {
      paymentId: payment.id,
      orderId,
      amount: payment.amount - payment.refundedAmount - payment.asked,
      reason,
    });
}

export async function makeRefunds(deps: LifecycleDeps, after: AfterCommit): Promise<void> {
  for (const refundId of after.refundIds) await makeRefund(deps, refundId);
}

/** Asks the provider for one refund and records its answer. */
export async function makeRefund(deps: LifecycleDeps, refundId: number): Promise<void> {
  const { db, gateway, log } = deps;
  if (!gateway) return;
  const [row] = await db
    .select({
      refund: t.paymentRefunds,
      payment: t.orderPayments,
      order: t.orders,
      country: t.branchContacts.country,
    })
    .from(t.paymentRefunds)
    .innerJoin(t.orderPayments, eq(t.orderPayments.id, t.paymentRefunds.paymentId))
    .innerJoin(t.orders, eq(t.orders.id, t.paymentRefunds.orderId))
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(eq(t.paymentRefunds.id, refundId));
  if (!row || !OPEN_REFUND.includes(row.refund.status as 'REQUESTED')) return;
  const { refund, payment } = row;
  const now = deps.now;
  const note = (values: Partial<typeof t.paymentRefunds.$inferInsert>) =>
    db
      .update(t.paymentRefunds)
      .set({ ...values, updatedAt: now })
      .where(eq(t.paymentRefunds.id, refund.id));
  // the account that took the payment gives it back, even if the shop has connected another since
  const provider = await gateway.forPayment(payment);
  if (!provider || !payment.paymentReferenceId || payment.provider !== provider.name) {
    await note({ status: 'FAILED', lastError: 'the payment has no reference with a provider of ours' });
    log.error({ refundId, orderId: refund.orderId }, 'a refund cannot be made here: settle it by hand');
    return;
  }
  await note({ attempts: refund.attempts + 1 });
  let answer: Awaited<ReturnType<typeof provider.refundPayment>>;
  try {
    answer = await provider.refundPayment({
      referenceId: payment.paymentReferenceId,
      amount: refund.amount,
      paymentAmount: payment.amount,
      currency: row.order.currency,
      decimals: await currencyDecimalsOf(db, row.country),
      idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await note({ status: 'FAILED', lastError: error.message });
      log.error({ err: error, refundId, orderId: refund.orderId }, 'the provider refused a refund');
      const after = new AfterCommit();
      after.orderIds.add(refund.orderId);
      await publishAfterCommit(deps, after);
    } else {
      await note({ lastError: String(error) });
      log.warn({ err: error, refundId }, 'a refund could not reach the provider; the sweep retries it');
    }
    return;
  }
  if (answer.status === 'PENDING') {
    await note({ status: 'PENDING', providerRefundId: answer.refundId });
    return;
  }
  await recordRefundDone(deps, refund.id, answer.refundId);
}

/** The provider gave the money back: the refund is done and the payment moves. */
async function recordRefundDone(
  deps: LifecycleDeps,
  refundId: number,
  providerRefundId: string,
): Promise<void> {
  const after = new AfterCommit();
  await deps.db.transaction(async (tx) => {
    const ctx: MoveContext = { tx, now: deps.now, after };
    const [refund] = await tx
      .update(t.paymentRefunds)
      .set({ status: 'DONE', providerRefundId, updatedAt: deps.now })
      .where(and(eq(t.paymentRefunds.id, refundId), inArray(t.paymentRefunds.status, OPEN_REFUND)))
      .returning();
    if (!refund) return;
    const [payment] = await tx
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.id, refund.paymentId))
      .for('update');
    if (!payment) return;
    const refunded = Math.min(payment.amount, payment.refundedAmount + refund.amount);
    const to: PaymentStatus = statusAfterRefund(payment.amount, payment.refundedAmount, refund.amount);
    if (payment.status === to || !['PAID', 'PARTIALLY_REFUNDED'].includes(payment.status)) {
      // a second partial refund, or the provider's notice got here first: only the amount moves
      await tx
        .update(t.orderPayments)
        .set({ refundedAmount: refunded })
        .where(eq(t.orderPayments.id, payment.id));
    } else {
      await applyMove(ctx, {
        entity: 'PAYMENT',
        id: payment.id,
        orderId: payment.orderId,
        from: payment.status,
        to,
        actor: 'PAYMENT_PROVIDER',
        reason: REFUND_REASON_LABELS[refund.reason as RefundReason] ?? refund.reason,
        amount: refund.amount,
        set: { refundedAmount: refunded },
      });
    }
    after.orderIds.add(payment.orderId);
  });
  await publishAfterCommit(deps, after);
}

/** The sweep: refunds still open a while after their last try are asked again (same key). */
export async function retryOpenRefunds(
  deps: LifecycleDeps,
  options: { batch?: number } = {},
): Promise<number> {
  const before = new Date(deps.now.getTime() - 30_000);
  const due = await deps.db
    .select({ id: t.paymentRefunds.id })
    .from(t.paymentRefunds)
    .where(and(inArray(t.paymentRefunds.status, OPEN_REFUND), lt(t.paymentRefunds.updatedAt, before)))
    .orderBy(asc(t.paymentRefunds.updatedAt))
    .limit(options.batch ?? 20);
  for (const { id } of due) await makeRefund(deps, id);
  return due.length;
}
