/**
 * Rules of online payments that are not moves (those are lifecycle/payment-lifecycle.ts): which orders
 * are paid online, how long they wait, and the diner's texts.
 */
import type { OrderStatus } from '../follow-up/follow-up.ts';

/** How an order's payment type is paid online, if at all. */
export type OnlinePaymentFlow = 'CARD' | 'LINK';

/**
 * A card type with online payment enabled is paid with the card form (token, order, payment); a
 * payment-link type on the provider's hosted page. Either makes the order wait for its payment
 * (PAY_NEEDED), and only where the contact accepts online payments at all.
 */
export function onlinePaymentFlowOf(
  paymentType: { paymentMethod: string; onlinePaymentMethod: string | null },
  contactAcceptsOnlinePayment: boolean,
): OnlinePaymentFlow | null {
  if (!contactAcceptsOnlinePayment) return null;
  if (paymentType.paymentMethod === 'PAYMENT_LINK') return 'LINK';
  if (paymentType.paymentMethod === 'CARD' && paymentType.onlinePaymentMethod === 'ENABLED') return 'CARD';
  return null;
}

/** The status an order is placed in: waiting for its payment, or straight to the kitchen. */
export function initialOrderStatus(flow: OnlinePaymentFlow | null): OrderStatus {
  return flow ? 'PAY_NEEDED' : 'GENERATED';
}

/** Minutes an order may wait for its online payment unless configured (PAYMENT_TIME_LIMIT_MINUTES). */
export const DEFAULT_PAYMENT_TIME_LIMIT_MINUTES = 15;

/** An unpaid order placed `limitMinutes` or more ago may no longer be paid. */
export function isPaymentTimeOver(orderedAt: Date, now: Date, limitMinutes: number): boolean {
  return now.getTime() - orderedAt.getTime() >= limitMinutes * 60_000;
}
