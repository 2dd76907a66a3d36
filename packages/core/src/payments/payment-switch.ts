/**
 * A diner whose online payment did not go through (a declined card, a link left unpaid) may pay on
 * delivery instead, where the shop's mode offers it: cash or transfer. The order keeps every amount
 * it was placed with, so the switch is allowed only where the price cannot change: the one thing the
 * payment method prices is the delivery fee (a zone's cash fee and other fee, and a free-delivery
 * code's amount with it), so cash on a delivery needs the same fee as before. A payment the provider
 * is processing blocks the switch (money may be moving); a pending one stays open, and if it is
 * approved later it is given back (the lifecycle's PAID_TWICE refund).
 */
import { type DeliveryZoneRule, deliveryFeeOf } from '../checkout/delivery-zone.ts';
import type { OrderStatus, PaymentStatus } from '../follow-up/follow-up.ts';
import { MESSAGES } from '../messages.ts';
import { PAYMENT_MESSAGES } from './payment-messages.ts';
import { onlinePaymentFlowOf } from './payment-status.ts';

export const PAYMENT_SWITCH_MESSAGES = {
  notWaiting: 'Este pedido ya no espera su pago.',
  online: 'Elegí un medio que se pague al recibir el pedido.',
  priceChanges: 'Con este medio el envío cuesta distinto: pagá en línea o hacé el pedido de nuevo.',
} as const;

export interface PaymentSwitchInput {
  orderStatus: OrderStatus;
  /** the newest payment attempt's status, null without one */
  paymentStatus: PaymentStatus | null;
  /** the payment type asked for, null when the order's mode does not offer it */
  target: { paymentMethod: string; onlinePaymentMethod: string | null } | null;
  contactAcceptsOnlinePayment: boolean;
  delivery: {
    /** the zone serving the order's address today (null: none) */
    zone: DeliveryZoneRule | null;
    /** the fee the order was placed with */
    deliveryFee: number;
    itemsPrice: number;
  } | null;
  total: number;
  /** what the diner pays with, for cash (minor units) */
  paysWith: number | null;
}

/** Why the switch is refused, in the diner's words; null when it may be made. */
export function paymentSwitchProblem(input: PaymentSwitchInput): string | null {
  if (input.orderStatus !== 'PAY_NEEDED') return PAYMENT_SWITCH_MESSAGES.notWaiting;
  if (input.paymentStatus === 'PROCESSING') return PAYMENT_MESSAGES.inProcess;
  if (input.paymentStatus === 'PAID' || input.paymentStatus === 'PARTIALLY_REFUNDED')
    return PAYMENT_MESSAGES.alreadyPaid;
  const target = input.target;
  if (!target) return MESSAGES.paymentTypeUnavailable;
  if (onlinePaymentFlowOf(target, input.contactAcceptsOnlinePayment) !== null)
    return PAYMENT_SWITCH_MESSAGES.online;
  if (target.paymentMethod !== 'CASH') return null;
  const delivery = input.delivery;
  if (delivery) {
    if (!delivery.zone) return PAYMENT_SWITCH_MESSAGES.priceChanges;
    if (!delivery.zone.acceptsCash) return MESSAGES.noCashRidersInZone;
    if (
      deliveryFeeOf(delivery.zone, { isCash: true, itemsPrice: delivery.itemsPrice }) !== delivery.deliveryFee
    )
      return PAYMENT_SWITCH_MESSAGES.priceChanges;
  }
  if (input.paysWith === null) return MESSAGES.paysWithRequired;
  if (input.paysWith < input.total) return MESSAGES.paysWithBelowPrice;
  return null;
}
