/**
 * A payment attempt's lifecycle (order_payments.status), in the same table shape as the order's: a
 * provider's report moves the attempt only forward, so a late or repeated report (the redirect after
 * the webhook, a retried webhook) changes nothing. Money goes back from PAID: a refund we asked for
 * (full or partial), or the provider's chargeback.
 */
import type { PaymentStatus } from '../follow-up/follow-up.ts';
import {
  checkTransition,
  isFinal,
  type LifecycleActor,
  type TransitionCheck,
  type TransitionTable,
} from './transition-table.ts';

export type PaymentEffect =
  /** an approved payment pays its order: to the kitchen if it is the order's total, else refunded */
  'SETTLE_ORDER';

const PROVIDER: readonly LifecycleActor[] = ['PAYMENT_PROVIDER'];
const BACK = [
  { to: 'REFUNDED', actors: PROVIDER, effects: [] },
  { to: 'PARTIALLY_REFUNDED', actors: PROVIDER, effects: [] },
  { to: 'CHARGED_BACK', actors: PROVIDER, effects: [] },
] as const;

export const PAYMENT_TRANSITIONS: TransitionTable<PaymentStatus, PaymentEffect> = {
  // PENDING: placed, nothing charged yet (a link may be waiting); SYSTEM claims it for a card charge
  PENDING: [
    { to: 'PROCESSING', actors: ['SYSTEM', 'PAYMENT_PROVIDER'], effects: [] },
    { to: 'PAID', actors: PROVIDER, effects: ['SETTLE_ORDER'] },
    { to: 'REJECTED', actors: PROVIDER, effects: [] },
    { to: 'EXPIRED', actors: ['SYSTEM'], effects: [] },
  ],
  // PROCESSING: the provider has it (or our call to it is in flight); back to PENDING when the call
  // never reached the provider, so the diner can try again
  PROCESSING: [
    { to: 'PAID', actors: PROVIDER, effects: ['SETTLE_ORDER'] },
    { to: 'REJECTED', actors: PROVIDER, effects: [] },
    { to: 'EXPIRED', actors: ['SYSTEM'], effects: [] },
    { to: 'PENDING', actors: ['SYSTEM'], effects: [] },
  ],
  PAID: BACK,
  PARTIALLY_REFUNDED: BACK.filter((move) => move.to !== 'PARTIALLY_REFUNDED'),
  // final: a new try is a new attempt (row)
  REJECTED: [],
  EXPIRED: [],
  REFUNDED: [],
  CHARGED_BACK: [],
};

const PAYMENT_LIFECYCLE_MESSAGES = {
  finished: 'Este pago ya terminó y no puede cambiar de estado.',
  illegal: (from: string, to: string) => `Un pago en estado ${from} no puede pasar a ${to}.`,
  notAllowed: 'No tenés permisos para cambiar este pago.',
};

export function checkPaymentTransition(
  actor: LifecycleActor,
  from: PaymentStatus,
  to: PaymentStatus,
): TransitionCheck<PaymentEffect> {
  return checkTransition(PAYMENT_TRANSITIONS, PAYMENT_LIFECYCLE_MESSAGES, { actor, from, to });
}

/** 'same' when a report repeats what is recorded; true when the table has the move; false otherwise. */
export function checkPaymentMove(from: PaymentStatus, to: PaymentStatus): boolean | 'same' {
  if (from === to) return 'same';
  return PAYMENT_TRANSITIONS[from].some((move) => move.to === to);
}

export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return isFinal(PAYMENT_TRANSITIONS, status);
}

/** Money the diner paid and still has with the shop (a paid attempt, less what went back). */
export function isMoneyHeld(status: PaymentStatus): boolean {
  return status === 'PAID' || status === 'PARTIALLY_REFUNDED';
}

/**
 * An attempt pays its order when approved for exactly the order's total and the money is still held
 * (a part given back leaves the order paid; all of it given back does not): an approval for another
 * amount is refunded and never counts, so the diner can still pay.
 */
export function paymentSettlesOrder(
  payment: { status: PaymentStatus; amount: number },
  orderTotal: number,
): boolean {
  return isMoneyHeld(payment.status) && payment.amount === orderTotal;
}

/** The status a refund of `amount` leaves an attempt of `paid` (of which `alreadyRefunded` went back) in. */
export function statusAfterRefund(paid: number, alreadyRefunded: number, amount: number): PaymentStatus {
  return alreadyRefunded + amount >= paid ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}
