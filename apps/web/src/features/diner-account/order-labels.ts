/**
 * How a row of 'Mis pedidos' reads: the status in the follow-up page's own words (core's progress
 * labels, so the list and the page never disagree), and the payment line.
 */
import {
  AWAITING_PAYMENT_LABEL,
  followUpProgress,
  groupThousands,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@comanda/core';
import type { DinerOrder, LoyaltyHistoryRow } from '@comanda/core/contract';

/** 'Recibido', 'Confirmado', 'Listo' / 'Listo para retirar', 'Entregado', 'Cancelado'... */
export function dinerOrderStatusLabel(order: { status: OrderStatus; type: string }): string {
  if (order.status === 'PAY_NEEDED') return AWAITING_PAYMENT_LABEL;
  const { nodes } = followUpProgress({ status: order.status, type: order.type, awaitingPayment: false });
  const node =
    order.status === 'DELIVERED'
      ? nodes.at(-1)
      : nodes.find((candidate) => candidate.state === 'current' || candidate.state === 'canceled');
  return node?.label ?? ORDER_STATUS_LABELS[order.status];
}

/** The status chip's tone: done, cancelled or expired, or still moving. */
export function dinerOrderTone(status: OrderStatus): 'done' | 'void' | 'live' {
  if (status === 'DELIVERED') return 'done';
  if (status === 'CANCELED' || status === 'PAYMENT_EXPIRED') return 'void';
  return 'live';
}

/** 'Efectivo', 'Tarjeta online · Pagado'. */
export function dinerOrderPaymentLabel(order: Pick<DinerOrder, 'paymentType' | 'paid'>): string {
  const name = order.paymentType?.showName ?? 'A convenir';
  return order.paid ? `${name} · Pagado` : name;
}

/** The order shipped in a stack with others: the spec's 'Multientrega'. */
export function isMultiDelivery(order: Pick<DinerOrder, 'shipments'>): boolean {
  return order.shipments.some((shipment) => shipment.multiDelivery);
}

/** What a points movement was: its order, or a reward or adjustment when it has none. */
export function historyRowTitle(row: Pick<LoyaltyHistoryRow, 'orderCode' | 'amount'>): string {
  if (row.orderCode) return `Pedido #${row.orderCode}`;
  return row.amount >= 0 ? 'Premio o bonificación' : 'Ajuste';
}

/** '+1.000' or '−500': the sign always shown, thousands grouped. */
export function signedPoints(amount: number): string {
  return `${amount < 0 ? '−' : '+'}${groupThousands(Math.abs(amount))}`;
}
