/**
 * A delivery as the diner sees it, the same on the follow-up page and on the tracking page: one status,
 * one rider, one arrival window. While a shop's own rider is on the job the shipment tells the truth
 * (the order is 'ready' at the shop long before it is on its way); the rider is named only while the
 * order is on its way to the diner (the spec: "a customer sees shipment details only while on route to
 * drop-off", as the phone and the position: shipment-status.ts); and the window is the shipment's
 * estimate when the rider's position gave one, else what the shop promised. A cancelled-type shipment
 * (DRIVER_CANCELED, STACKING) gives no window.
 */
import { canShowEta, canShowRiderPosition, trackingStatusBadge } from '../logistics/shipment-status.ts';
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
  /** The rider bringing the order, only while on the way to the diner. */
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
  const riderName = moving && shipment && canShowRiderPosition(shipment.status) ? shipment.riderName : null;
  let arrival: DinerDelivery['arrival'] = null;
  if (open && (shipment === null || canShowEta(shipment.status))) {
    const from = instant(shipment?.minEta ?? null);
    const to = instant(shipment?.maxEta ?? null);
    if (from || to) arrival = { from: (from ?? to) as Date, to: (to ?? from) as Date };
    else if (order.status === 'ACCEPTED' || order.status === 'READY') arrival = deliveryEstimate(order);
  }
  return { statusLabel, riderName, arrival };
}

/**
 * The shipment the diner follows among an order's shipments (oldest first): the newest one that is not
 * a return's way back. A shipment given up (or ended as STACKING) is followed by the one the shop asked
 * for next, never the other way round.
 */
export function deliveryShipmentOf<T extends { id: number; returnShipment: boolean }>(
  shipments: readonly T[],
): T | null {
  let newest: T | null = null;
  for (const shipment of shipments)
    if (!shipment.returnShipment && (newest === null || shipment.id > newest.id)) newest = shipment;
  return newest;
}
