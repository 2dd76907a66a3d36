/**
 * An order's history as people read it: every move of the order, its shipments and its payments (the
 * engine's status_events rows), each written in Spanish for the console's 'Historial' and the diner's
 * steps. The wording is ours (the spec keeps the events but shows none).
 */
import type { OrderStatus, PaymentStatus } from '../follow-up/follow-up.ts';
import type { ShipmentStatus } from '../logistics/shipment-status.ts';
import { ORDER_STATUS_LABELS, PAYMENT_CHANGED } from './order-lifecycle.ts';
import { UNDELIVERABLE } from './shipment-lifecycle.ts';
import type { StackStatus } from './stack-lifecycle.ts';
import type { LifecycleActor, LifecycleEntity } from './transition-table.ts';

/** Who made a move, as the history names them ('DINER' for an order's placement). */
export type HistoryActor = LifecycleActor | 'DINER';

export interface HistoryEvent {
  /** ISO 8601 */
  at: string;
  entity: LifecycleEntity;
  entityId: number;
  from: string | null;
  to: string;
  /** the move's variant (a shipment 'UNDELIVERABLE') */
  via: string | null;
  /** what happened, in Spanish */
  label: string;
  actor: HistoryActor;
  /** the staff member's or rider's name, when a person moved it */
  actorName: string | null;
  reason: string | null;
  /** money moved by it (a payment or a refund), currency units */
  amount: number | null;
}

const SHIPMENT_LABELS: Record<ShipmentStatus, string> = {
  LOOKING_FOR_DRIVER: 'Se pidió un repartidor',
  ON_ROUTE_TO_PICK_UP: 'El repartidor aceptó el envío',
  IN_STORE: 'El repartidor llegó al local',
  ON_ROUTE_TO_DROP_OFF: 'El repartidor salió hacia el cliente',
  ON_ROUTE_TO_DROP_OFFS: 'El repartidor salió con la multientrega',
  DELIVERED: 'El repartidor entregó el pedido',
  RETURNED: 'El pedido volvió al local',
  DRIVER_CANCELED: 'El envío se canceló',
  STACKING: 'El envío se canceló',
};

const STACK_LABELS: Record<StackStatus, string> = {
  PENDING: 'Se armó una multientrega',
  ON_ROUTE_TO_PICK_UP: 'El repartidor aceptó la multientrega',
  IN_STORE: 'El repartidor llegó al local (multientrega)',
  ON_ROUTE_TO_DROP_OFFS: 'El repartidor salió con la multientrega',
  FINISHED: 'La multientrega terminó',
  DRIVER_CANCELED: 'La multientrega se canceló',
};

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Pago pendiente',
  PROCESSING: 'Pago en proceso',
  PAID: 'Pago aprobado',
  REJECTED: 'Pago rechazado',
  EXPIRED: 'Intento de pago vencido',
  REFUNDED: 'Pago devuelto',
  PARTIALLY_REFUNDED: 'Pago devuelto en parte',
  CHARGED_BACK: 'Contracargo del banco',
};

const ORDER_LABELS: Partial<Record<OrderStatus, string>> = {
  GENERATED: 'Pedido recibido',
  ACCEPTED: 'Pedido aceptado',
  READY: 'Pedido listo',
  DELIVERED: 'Pedido entregado',
  CANCELED: 'Pedido cancelado',
  PAY_NEEDED: 'Pedido realizado, pago pendiente',
  PAYMENT_EXPIRED: 'Venció el tiempo para pagar',
  UNCONFIRMED: 'Pedido sin confirmar',
};

/** What a move means, in a line. */
export function historyLabel(
  entity: LifecycleEntity,
  from: string | null,
  to: string,
  via: string | null = null,
): string {
  if (entity === 'ORDER') {
    if (from === 'PAY_NEEDED' && to === 'GENERATED')
      return via === PAYMENT_CHANGED
        ? 'El cliente paga al recibir: el pedido llegó al local'
        : 'Pago recibido: el pedido llegó al local';
    return ORDER_LABELS[to as OrderStatus] ?? ORDER_STATUS_LABELS[to as OrderStatus] ?? to;
  }
  if (entity === 'SHIPMENT') {
    if (to === 'DELIVERED' && via === UNDELIVERABLE) return 'El repartidor no pudo entregar: vuelve al local';
    return SHIPMENT_LABELS[to as ShipmentStatus] ?? to;
  }
  if (entity === 'STACK') return STACK_LABELS[to as StackStatus] ?? to;
  return PAYMENT_LABELS[to as PaymentStatus] ?? to;
}

/** How the history names who made a move. */
export function historyActorName(actor: HistoryActor, name: string | null): string {
  if (name) return name;
  switch (actor) {
    case 'DINER':
      return 'Cliente';
    case 'STAFF':
      return 'Local';
    case 'RIDER':
      return 'Repartidor';
    case 'PAYMENT_PROVIDER':
      return 'Medio de pago';
    default:
      return 'Sistema';
  }
}

/** A diner's step on the follow-up: an order status reached, and when. */
export interface OrderStep {
  status: OrderStatus;
  label: string;
  at: string;
}

/**
 * The diner's steps: the order's own moves in time order, a status reached twice (it cannot, but an
 * imported history might) shown at its first time.
 */
export function orderSteps(events: readonly { to: string; from: string | null; at: string }[]): OrderStep[] {
  const steps: OrderStep[] = [];
  for (const event of [...events].sort((a, b) => a.at.localeCompare(b.at))) {
    const status = event.to as OrderStatus;
    if (steps.some((step) => step.status === status)) continue;
    steps.push({ status, label: historyLabel('ORDER', event.from, event.to), at: event.at });
  }
  return steps;
}
