/**
 * A delivery as the diner sees it, the same on the follow-up page and on the tracking page: one status,
 * one rider, one arrival window. While a shop's own rider is on the job the shipment tells the truth
 * (the order is 'ready' at the shop long before it is on its way); the rider's name shows once a rider
 * took the job (the phone and the position only on the way to the diner: shipment-status.ts); and the
 * window is the shipment's estimate when the rider's position gave one, else what the shop promised.
 */
import {
  canShowEta,
  RIDER_IN_PROGRESS_STATUSES,
  type ShipmentStatus,
  trackingStatusBadge,
} from '../logistics/shipment-status.ts';
import { deliveryEstimate, type OrderStatus } from './follow-up.ts';

export interface DinerDeliveryInput {
  order: {
    status: OrderStatus;
    type: string;
    scheduled?: boolean | undefined;
    readyBy: string | null;
    preparationMinutes?: number | null | undefined;
    minDelayInMinutes?: number | null | undefined;
    maxDelayInMinutes?: number | null | undefined;
  };
  /** The order's delivery shipment (not a return's way back), if a rider was asked for. */
  shipment: {
    status: string;
    returnShipment: boolean;
    riderName: string | null;
    minEta: string | null;
    maxEta: string | null;
  } | null;
}

export interface DinerDelivery {
  /** The shipment's status in the tracking page's words, while it moves; null to use the order's. */
  statusLabel: string | null;
  /** The rider who took the job, from acceptance until the delivery. */
  riderName: string | null;
  /** When it should arrive; null when nobody can say (scheduled, not accepted, or done). */
  arrival: { from: Date; to: Date } | null;
}

const ORDER_DONE: readonly OrderStatus[] = ['DELIVERED', 'CANCELED', 'PAYMENT_EXPIRED'];

function instant(iso: string | null): Date | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

export function dinerDelivery({ order, shipment }: DinerDeliveryInput): DinerDelivery {
  const open = !ORDER_DONE.includes(order.status);
  const moving = open && shipment !== null && canShowEta(shipment.status);
  const statusLabel =
    moving && shipment ? trackingStatusBadge(shipment.status, shipment.returnShipment).label : null;
  const riderName =
    moving && shipment && RIDER_IN_PROGRESS_STATUSES.includes(shipment.status as ShipmentStatus)
      ? shipment.riderName
      : null;
  let arrival: DinerDelivery['arrival'] = null;
  if (open && (shipment === null || canShowEta(shipment.status))) {
    const from = instant(shipment?.minEta ?? null);
    const to = instant(shipment?.maxEta ?? null);
    if (from || to) arrival = { from: (from ?? to) as Date, to: (to ?? from) as Date };
    else if (order.status === 'ACCEPTED' || order.status === 'READY') arrival = deliveryEstimate(order);
  }
  return { statusLabel, riderName, arrival };
}
