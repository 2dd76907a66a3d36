/**
 * `POST /api/order/payment`: charges an online-card order's stored total (never an amount from the
 * client) with the card token the diner's browser made. Steps, and what undoes each:
 * 1. an attempt row is claimed under the order's lock (PROCESSING), so two payments of one order never
 *    run at once; 2. the provider charges the token (if the call fails, the attempt goes back to
 *    PENDING and the diner may try again; a charge the provider did make still reports through the
 *    webhook); 3. the answer is recorded once (record-payment.ts) and, if approved, the order goes to the
 *    kitchen.
 */
import {
  MESSAGES,
  type OrderStatus,
  onlinePaymentFlowOf,
  PAYMENT_MESSAGES,
  paymentSettlesOrder,
} from '@comanda/core';
import type { OrderPaymentRequest } from '@comanda/core/contract';
import { and, desc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type AccountProvider,
  InvalidCardTokenError,
  type PaymentGateway,
  type ProviderPayment,
} from '../../platform/payments/index.ts';
import { sha256 } from '../../platform/secrets.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import type { LifecycleDeps } from '../lifecycle/engine.ts';
import { createPayment, movePayment } from '../lifecycle/payment-moves.ts';
import { runLifecycle } from '../lifecycle/run.ts';
import { expireIfOverdue } from './expire-unpaid-orders.ts';
import { type RecordedPayment, recordProviderPayment } from './record-payment.ts';

/** Our call to the provider takes at most this long (its timeout): an attempt PROCESSING longer is stale. */
const CHARGE_IN_FLIGHT_MS = 2 * 60_000;

export const paymentTimeExpired = () =>
  new AppError('PAYMENT_TIME_EXPIRED', 409, MESSAGES.paymentTimeExpired);

export interface PayDeps extends LifecycleDeps {
  gateway: PaymentGateway;
  timeLimitMinutes: number;
}

/** An order with what deciding about its payment needs. */
export async function loadPayableOrder(db: Db, where: { id: number } | { code: string; contactId: number }) {
  const [row] = await db
    .select({ order: t.orders, contact: t.branchContacts, paymentType: t.paymentTypes })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .leftJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orders.paymentTypeId))
    .where(
      'id' in where
        ? eq(t.orders.id, where.id)
        : and(eq(t.orders.code, where.code), eq(t.orders.branchContactId, where.contactId)),
    );
  return row ?? null;
}
export type PayableOrder = NonNullable<Awaited<ReturnType<typeof loadPayableOrder>>>;

/**
 * Whether the order can take an online payment now, and the shop's account that takes it; throws the
 * diner's reason otherwise. An unpaid order past its time is expired on the spot.
 */
export async function assertPayable(deps: PayDeps, found: PayableOrder): Promise<AccountProvider> {
  const { order, contact, paymentType } = found;
  const flow = paymentType ? onlinePaymentFlowOf(paymentType, contact.acceptsOnlinePayment) : null;
  // a shop without an account of its own takes no online payment (its money would have nowhere to go)
  const account = flow ? await deps.gateway.forBranch(contact.branchId) : null;
  if (!account) throw new AppError('ORDER_NOT_PAYABLE', 409, PAYMENT_MESSAGES.notPayableOnline);
  if (order.status === 'PAYMENT_EXPIRED') throw paymentTimeExpired();
  if (await expireIfOverdue(deps, order, deps.timeLimitMinutes)) throw paymentTimeExpired();
  if (order.status !== 'PAY_NEEDED') {
    if (await isPaid(deps.db, order.id, order.total))
      throw new AppError('ORDER_ALREADY_PAID', 409, PAYMENT_MESSAGES.alreadyPaid);
    throw new AppError('ORDER_NOT_PAYABLE', 409, PAYMENT_MESSAGES.notPayableOnline);
  }
  return account;
}

/** An attempt paid the order (an approval for another amount, being given back, does not). */
async function isPaid(db: Db, orderId: number, total: number): Promise<boolean> {
  const rows = await db
    .select({
      status: t.orderPayments.status,
      amount: t.orderPayments.amount,
      refundedAmount: t.orderPayments.refundedAmount,
    })
    .from(t.orderPayments)
    .where(eq(t.orderPayments.orderId, orderId));
  return rows.some((row) => paymentSettlesOrder(row, total));
}

export interface CardPaymentDone {
  payment: ProviderPayment;
  account: AccountProvider;
  recorded: RecordedPayment;
}

export async function payOrderByCard(deps: PayDeps, body: OrderPaymentRequest): Promise<CardPaymentDone> {
  const { db } = deps;
  const found = await loadPayableOrder(db, { id: body.dinerOrderId });
  // the number and the code must name the same order: a guessed number proves nothing (and the answer
  // does not tell which of the two was wrong)
  if (!found || found.order.code !== body.orderCode) throw notFound('No encontramos este pedido.');
  const account = await assertPayable(deps, found);
  const { provider } = account;
  // Webpay takes the card on its own page: such an order is paid through its link, never a token
  if (provider.cardEntry !== 'TOKEN')
    throw new AppError('ORDER_NOT_PAYABLE', 409, PAYMENT_MESSAGES.notPayableOnline);
  const { order, contact } = found;
  const attemptId = await claimAttempt(deps, order.id, order.total, provider.name, account.accountId);

  let payment: ProviderPayment;
  try {
    payment = await provider.createCardPayment({
      token: body.token,
      paymentMethodId: body.paymentMethodId,
      amount: order.total,
      currency: order.currency,
      decimals: await currencyDecimalsOf(db, contact.country),
      description: `Pedido ${order.code} - ${contact.name}`,
      externalReference: order.code,
      idempotencyKey: sha256(`${order.id}:${body.token}`),
      payer: {
        name: body.cardName.trim(),
        email: order.customerEmail,
        identificationType: body.identificationType.toUpperCase(),
        identificationNumber: body.identificationNumber.replace(/\D/g, ''),
      },
    });
  } catch (error) {
    await releaseAttempt(deps, order.id, attemptId);
    if (error instanceof InvalidCardTokenError)
      throw new AppError('CARD_INVALID', 400, MESSAGES.followUpCardFieldsInvalid);
    throw Object.assign(new AppError('PAYMENT_PROVIDER_FAILED', 502, MESSAGES.cardPaymentFailed), {
      cause: error,
    });
  }
  const recorded = await recordProviderPayment(deps, provider.name, payment, {
    orderId: order.id,
    attemptId,
    account: { id: account.accountId, branchId: contact.branchId },
  });
  if (!recorded) {
    // the provider charged a payment for another order with this order's request: nothing to record
    await releaseAttempt(deps, order.id, attemptId);
    throw new AppError('PAYMENT_PROVIDER_FAILED', 502, MESSAGES.cardPaymentFailed);
  }
  return { payment, recorded, account };
}

/** The order's attempt for this payment, PROCESSING, under the order's lock. */
async function claimAttempt(
  deps: LifecycleDeps,
  orderId: number,
  total: number,
  provider: string,
  paymentAccountId: number,
): Promise<number> {
  return runLifecycle(deps, async (ctx) => {
    const { tx } = ctx;
    const [order] = await tx
      .select({ status: t.orders.status })
      .from(t.orders)
      .where(eq(t.orders.id, orderId))
      .for('update');
    if ((order?.status as OrderStatus | undefined) !== 'PAY_NEEDED')
      throw new AppError('ORDER_NOT_PAYABLE', 409, PAYMENT_MESSAGES.notPayableOnline);
    const attempts = await tx
      .select({
        id: t.orderPayments.id,
        status: t.orderPayments.status,
        amount: t.orderPayments.amount,
        refundedAmount: t.orderPayments.refundedAmount,
        reference: t.orderPayments.paymentReferenceId,
        updatedAt: t.orderPayments.updatedAt,
      })
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, orderId))
      .orderBy(desc(t.orderPayments.id));
    if (attempts.some((attempt) => paymentSettlesOrder(attempt, total)))
      throw new AppError('ORDER_ALREADY_PAID', 409, PAYMENT_MESSAGES.alreadyPaid);
    const latest = attempts[0];
    // a charge of ours still in flight (a double tap) waits; one the provider holds pending never blocks
    // the diner: if both end approved, the second is refunded (payment-moves.ts, PAID_TWICE)
    const inFlightSince = new Date(deps.now.getTime() - CHARGE_IN_FLIGHT_MS);
    if (latest?.status === 'PROCESSING' && latest.reference === null && latest.updatedAt > inFlightSince)
      throw new AppError('PAYMENT_IN_PROCESS', 409, PAYMENT_MESSAGES.inProcess).retryAfter(5);
    if (latest && latest.status === 'PENDING' && latest.reference === null) {
      await movePayment(ctx, {
        paymentId: latest.id,
        orderId,
        from: 'PENDING',
        to: 'PROCESSING',
        actor: 'SYSTEM',
        set: { provider, paymentAccountId, paymentUpload: 'API' },
      });
      return latest.id;
    }
    const created = await createPayment(
      ctx,
      { orderId, status: 'PROCESSING', amount: total, paymentUpload: 'API', provider, paymentAccountId },
      { actor: 'SYSTEM' },
    );
    return created.id;
  });
}

/** The call never reached a decision: the attempt is open again (unless a report already filled it). */
async function releaseAttempt(deps: LifecycleDeps, orderId: number, attemptId: number): Promise<void> {
  await runLifecycle(deps, async (ctx) => {
    const [attempt] = await ctx.tx
      .select({ status: t.orderPayments.status, reference: t.orderPayments.paymentReferenceId })
      .from(t.orderPayments)
      .where(eq(t.orderPayments.id, attemptId));
    if (attempt?.status !== 'PROCESSING' || attempt.reference !== null) return;
    await movePayment(ctx, {
      paymentId: attemptId,
      orderId,
      from: 'PROCESSING',
      to: 'PENDING',
      actor: 'SYSTEM',
    });
  });
}
