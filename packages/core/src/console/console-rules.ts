/**
 * The order console's rules (the business's face; the spec sends orders to it without describing it):
 * what a card offers and the day's figures. Amounts in minor units, as everywhere in core.
 */
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import type { OrderStatus } from '../follow-up/follow-up.ts';
import { isOpenShipment } from '../lifecycle/shipment-lifecycle.ts';
import type { ShipmentStatus } from '../logistics/shipment-status.ts';

/**
 * 'Pedir repartidor' applies to a delivery order of a contact with its own riders, once the kitchen has
 * it (accepted or ready), with a place on the map, and with no shipment still alive.
 */
export function canRequestRider(order: {
  type: string;
  status: OrderStatus;
  ownFleet: boolean;
  hasDestinationLocation: boolean;
  shipments: readonly { status: ShipmentStatus; returnShipment: boolean }[];
}): boolean {
  return (
    order.type === 'DELIVERY' &&
    order.ownFleet &&
    order.hasDestinationLocation &&
    (order.status === 'ACCEPTED' || order.status === 'READY') &&
    !order.shipments.some((shipment) => isOpenShipment(shipment.status, shipment.returnShipment))
  );
}

export interface TotalsInput {
  status: OrderStatus;
  total: number;
  paymentMethod: string;
  paymentTypeName: string | null;
  orderedAt: Date;
  readyAt: Date | null;
}

export interface ConsoleDayTotals {
  orders: number;
  delivered: number;
  canceled: number;
  revenue: number;
  revenueByPayment: { paymentMethod: string; showName: string; total: number }[];
  averagePreparationMinutes: number | null;
}

/**
 * Whether the kitchen may print an order's 'Comanda' and 'Ticket': not while its online payment is
 * still due (or never came), nor once cancelled. An unpaid order is not cooked.
 */
export function canPrintForKitchen(status: OrderStatus): boolean {
  return status !== 'PAY_NEEDED' && status !== 'PAYMENT_EXPIRED' && status !== 'CANCELED';
}

/** Orders that sold nothing: cancelled, never paid, never confirmed. */
export const NOT_SOLD_STATUSES: readonly OrderStatus[] = [
  'CANCELED',
  'PAYMENT_EXPIRED',
  'PAY_NEEDED',
  'UNCONFIRMED',
];

/**
 * The day's figures of the board: orders the kitchen got, revenue of the ones not cancelled (nor unpaid),
 * by payment type, and the average minutes from received to ready.
 */
export function consoleDayTotals(orders: readonly TotalsInput[]): ConsoleDayTotals {
  const sold = orders.filter((order) => !NOT_SOLD_STATUSES.includes(order.status));
  const byPayment = new Map<string, { paymentMethod: string; showName: string; total: number }>();
  for (const order of sold) {
    const showName = order.paymentTypeName ?? order.paymentMethod;
    const key = `${order.paymentMethod}\u0000${showName}`;
    const entry = byPayment.get(key) ?? { paymentMethod: order.paymentMethod, showName, total: 0 };
    entry.total += order.total;
    byPayment.set(key, entry);
  }
  const prepared = sold.filter((order) => order.readyAt !== null);
  const minutes = prepared.map(
    (order) => ((order.readyAt as Date).getTime() - order.orderedAt.getTime()) / 60_000,
  );
  return {
    orders: orders.filter((order) => order.status !== 'PAY_NEEDED' && order.status !== 'PAYMENT_EXPIRED')
      .length,
    delivered: orders.filter((order) => order.status === 'DELIVERED').length,
    canceled: orders.filter((order) => order.status === 'CANCELED').length,
    revenue: sold.reduce((sum, order) => sum + order.total, 0),
    revenueByPayment: [...byPayment.values()].sort((a, b) => b.total - a.total),
    averagePreparationMinutes:
      minutes.length === 0 ? null : Math.round(minutes.reduce((sum, m) => sum + m, 0) / minutes.length),
  };
}

/** Midnight of `now`'s day in the contact's time zone: the board's "today". */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  return new Date(startOfDay(new TZDate(now.getTime(), timeZone)).getTime());
}
