/**
 * Records what a provider reports of a payment, once: the order's row is locked while its payments
 * are looked at, and (provider, payment_reference_id) is unique, so the redirect, the webhook, a
 * retried webhook or all of them at once leave one row and move the order once. Every status write is
 * the lifecycle engine's: an approval settles the order there (payment-moves.ts: to the kitchen when it
 * is the order's total, else refunded), and a refund or chargeback the provider reports moves the row on.
 */
import { checkPaymentMove, type OrderStatus, type PaymentStatus } from '@comanda/core';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { ProviderName, ProviderPayment } from '../../platform/payments/index.ts';
import type { LifecycleDeps, MoveContext } from '../lifecycle/engine.ts';
import { createPayment, movePayment, type Settlement } from '../lifecycle/payment-moves.ts';
import type { RefundReason } from '../lifecycle/refunds.ts';
import { runLifecycle } from '../lifecycle/run.ts';

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
  /** an approval that does not count (another amount, a late one): it is being given back, for this reason */
  refunded: RefundReason | null;
}

export async function recordProviderPayment(
  deps: LifecycleDeps,
  provider: ProviderName,
  payment: ProviderPayment,
  options: ReportOptions = {},
): Promise<RecordedPayment | null> {
  return runLifecycle(deps, async (ctx) => {
    const order = await lockOrder(ctx, options.orderId ?? null, payment.externalReference);
    if (!order) return null;
    // a shop's account reports only its own orders: another shop's order code proves nothing here
    if (options.account && order.branchId !== options.account.branchId) return null;
    const { status, changed, settlement } = await recordReport(ctx, order.id, provider, payment, options);
    const [after] = await ctx.tx
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.id, order.id));
    return {
      orderId: order.id,
      orderCode: order.code,
      branchContactId: order.branchContactId,
      status,
      changed,
      orderPaid: settlement.kind === 'ORDER_PAID',
      orderStatus: after?.status ?? order.status,
      refunded: settlement.kind === 'REFUNDED' ? settlement.reason : null,
    };
  });
}

export interface ReportOptions {
  /** the order, when the caller knows it (a return to its own page, our own charge) */
  orderId?: number;
  /** our attempt that asked for this payment */
  attemptId?: number;
  /** the shop's account that took the payment: recorded with it, and only for that shop's orders */
  account?: { id: number; branchId: number };
}

const NONE: Settlement = { kind: 'NONE' };

async function recordReport(
  ctx: MoveContext,
  orderId: number,
  provider: ProviderName,
  payment: ProviderPayment,
  options: ReportOptions,
): Promise<{ status: PaymentStatus; changed: boolean; settlement: Settlement }> {
  const { tx } = ctx;
  const by = { actor: 'PAYMENT_PROVIDER' as const };
  const [existing] = await tx
    .select()
    .from(t.orderPayments)
    .where(
      and(
        eq(t.orderPayments.provider, provider),
        eq(t.orderPayments.paymentReferenceId, payment.referenceId),
      ),
    );
  if (existing) {
    const move = checkPaymentMove(existing.status, payment.status);
    const refundedAmount = Math.max(existing.refundedAmount, payment.refundedAmount);
    if (move === true) {
      const done = await movePayment(ctx, {
        ...by,
        paymentId: existing.id,
        orderId,
        from: existing.status,
        to: payment.status,
        amount:
          payment.refundedAmount > existing.refundedAmount
            ? payment.refundedAmount - existing.refundedAmount
            : payment.amount,
        set: { refundedAmount },
      });
      return {
        status: done.moved ? payment.status : existing.status,
        changed: done.moved,
        settlement: done.settlement,
      };
    }
    // a further partial refund keeps its status; only the amount given back moves
    if (move === 'same' && refundedAmount !== existing.refundedAmount) {
      await tx.update(t.orderPayments).set({ refundedAmount }).where(eq(t.orderPayments.id, existing.id));
      ctx.after.orderIds.add(orderId);
      return { status: existing.status, changed: true, settlement: NONE };
    }
    return { status: existing.status, changed: false, settlement: NONE };
  }

  // the attempt that asked for it, or the order's open attempt (placement's, a link's) takes it
  const [open] = await tx
    .select({ id: t.orderPayments.id, status: t.orderPayments.status })
    .from(t.orderPayments)
    .where(
      and(
        eq(t.orderPayments.orderId, orderId),
        isNull(t.orderPayments.paymentReferenceId),
        inArray(t.orderPayments.status, ['PENDING', 'PROCESSING']),
        ...(options.attemptId ? [eq(t.orderPayments.id, options.attemptId)] : []),
      ),
    )
    .orderBy(desc(t.orderPayments.id))
    .limit(1);
  const reference = {
    provider,
    ...(options.account ? { paymentAccountId: options.account.id } : {}),
    paymentReferenceId: payment.referenceId,
    amount: payment.amount,
    refundedAmount: payment.refundedAmount,
  };
  const move = open ? checkPaymentMove(open.status, payment.status) : false;
  if (open && move === 'same') {
    await tx.update(t.orderPayments).set(reference).where(eq(t.orderPayments.id, open.id));
    return { status: open.status, changed: true, settlement: NONE };
  }
  if (open && move === true) {
    const done = await movePayment(ctx, {
      ...by,
      paymentId: open.id,
      orderId,
      from: open.status,
      to: payment.status,
      amount: payment.amount,
      set: reference,
    });
    if (done.moved) return { status: payment.status, changed: true, settlement: done.settlement };
  }
  const created = await createPayment(
    ctx,
    { orderId, status: payment.status, paymentUpload: 'API', ...reference },
    by,
  );
  return { status: payment.status, changed: true, settlement: created.settlement };
}

/** The order a payment is for, row locked: by id when the caller knows it, else by its code. */
async function lockOrder(ctx: MoveContext, orderId: number | null, code: string | null) {
  if (orderId === null && !code) return null;
  const [order] = await ctx.tx
    .select({
      id: t.orders.id,
      code: t.orders.code,
      status: t.orders.status,
      total: t.orders.total,
      branchContactId: t.orders.branchContactId,
      branchId: t.branchContacts.branchId,
    })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(orderId !== null ? eq(t.orders.id, orderId) : eq(t.orders.code, code as string))
    .for('update', { of: t.orders });
  if (!order) return null;
  // a payment names its order itself: one made for another order is never recorded on this one
  if (code && order.code !== code) return null;
  return order;
}
