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

/** Texts for a card the provider did not approve, by its reason (Mercado Pago's status_detail). */
export const CARD_DECLINE_MESSAGES: Record<string, string> = {
  cc_rejected_insufficient_amount: 'Tu tarjeta no tiene fondos suficientes.',
  cc_rejected_bad_filled_security_code: 'Revisá el código de seguridad de tu tarjeta.',
  cc_rejected_bad_filled_date: 'Revisá la fecha de vencimiento de tu tarjeta.',
  cc_rejected_bad_filled_card_number: 'Debe completar correctamente los campos de su tarjeta',
  cc_rejected_bad_filled_other: 'Debe completar correctamente los campos de su tarjeta',
  cc_rejected_call_for_authorize: 'Tenés que autorizar el pago con el banco emisor de tu tarjeta.',
  cc_rejected_card_disabled: 'Tu tarjeta no está habilitada. Comunicate con el banco emisor.',
  cc_rejected_duplicated_payment:
    'Ya hiciste un pago por este monto. Si necesitás volver a pagar, usá otra tarjeta.',
  cc_rejected_high_risk: 'Tu pago fue rechazado. Probá con otra tarjeta u otro medio de pago.',
};

export const PAYMENT_MESSAGES = {
  declined: 'Tu tarjeta fue rechazada. Probá con otra tarjeta u otro medio de pago.',
  pending: 'Tu pago está en proceso. Te avisaremos cuando se acredite.',
  approved: '¡Pago aprobado! Tu pedido ya fue enviado al local.',
  alreadyPaid: 'Este pedido ya está pago.',
  inProcess: 'Tu pago anterior todavía está en proceso. Esperá unos minutos antes de volver a intentarlo.',
  notPayableOnline: 'Este pedido no se paga en línea.',
  amountMismatch: 'El monto a pagar no coincide con el del pedido.',
  refundOnCancel: (amount: string) => `Se le devolverán ${amount} al cliente en su medio de pago.`,
  refunded: (amount: string) => `Te devolvimos ${amount} a tu medio de pago.`,
  refundPending: (amount: string) => `Estamos devolviendo ${amount} a tu medio de pago.`,
  chargedBack: 'El pago fue desconocido ante el banco emisor (contracargo).',
} as const;

export function cardDeclineMessage(statusDetail: string | null | undefined): string {
  return (statusDetail && CARD_DECLINE_MESSAGES[statusDetail]) || PAYMENT_MESSAGES.declined;
}
