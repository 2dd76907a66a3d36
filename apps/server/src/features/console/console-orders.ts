/**
 * The console's order cards (contract/console.ts ConsoleOrder), read for a whole board or for the
 * orders that just changed: one query per part (orders, items, extras, adjustments, payments,
 * shipments) whatever the number of orders.
 */
import {
  canRequestRider,
  cashChange,
  consoleDayTotals,
  fromMinor,
  isMoneyHeld,
  isShipmentInFlight,
  nextOrderStatuses,
  paymentSettlesOrder,
  type ShipmentStatus,
  startOfLocalDay,
} from '@comanda/core';
import type { ConsoleBoard, ConsoleOrder } from '@comanda/core/contract';
import { and, asc, desc, eq, gte, inArray, notInArray, or } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { refundingAmount } from '../lifecycle/refunds.ts';
import { surveyRatingsOf } from '../survey/queries.ts';

type OrderRow = typeof t.orders.$inferSelect;

const FINAL_STATUSES = ['DELIVERED', 'CANCELED', 'PAYMENT_EXPIRED'] as const;

/** The cards of the given orders, all of one branch contact, in the order of `orders`. */
export async function consoleOrdersOf(
  db: Db,
  contact: { id: number; country: string; ownFleet: boolean },
  orders: OrderRow[],
): Promise<ConsoleOrder[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [decimals, items, extras, discounts, surcharges, payments, modes, paymentTypes, shipments, ratings] =
    await Promise.all([
      currencyDecimalsOf(db, contact.country),
      db
        .select()
        .from(t.orderItems)
        .where(inArray(t.orderItems.orderId, ids))
        .orderBy(asc(t.orderItems.position)),
      db
        .select({ extra: t.orderItemExtras, orderId: t.orderItems.orderId })
        .from(t.orderItemExtras)
        .innerJoin(t.orderItems, eq(t.orderItems.id, t.orderItemExtras.orderItemId))
        .where(inArray(t.orderItems.orderId, ids))
        .orderBy(asc(t.orderItemExtras.groupId), asc(t.orderItemExtras.garnishId)),
      db
        .select({ orderId: t.orderDiscounts.orderId, amount: t.orderDiscounts.amount })
        .from(t.orderDiscounts)
        .where(inArray(t.orderDiscounts.orderId, ids)),
      db
        .select({ orderId: t.orderSurcharges.orderId, amount: t.orderSurcharges.amount })
        .from(t.orderSurcharges)
        .where(inArray(t.orderSurcharges.orderId, ids)),
      db
        .select({
          orderId: t.orderPayments.orderId,
          status: t.orderPayments.status,
          amount: t.orderPayments.amount,
          refundedAmount: t.orderPayments.refundedAmount,
          // refunds asked for and not yet confirmed by the provider
          refunding: refundingAmount(),
        })
        .from(t.orderPayments)
        .where(inArray(t.orderPayments.orderId, ids))
        .orderBy(asc(t.orderPayments.id)),
      db
        .select({ id: t.orderModes.id, showName: t.orderModes.showName })
        .from(t.orderModes)
        .where(eq(t.orderModes.branchContactId, contact.id)),
      db
        .select({ id: t.paymentTypes.id, showName: t.paymentTypes.showName })
        .from(t.paymentTypes)
        .where(eq(t.paymentTypes.branchContactId, contact.id)),
      db
        .select({
          orderId: t.logisticsOrders.orderId,
          id: t.shipments.id,
          status: t.shipments.status,
          shipmentStackId: t.shipments.shipmentStackId,
          returnShipment: t.shipments.returnShipment,
          returnReason: t.shipments.returnReason,
          updatedAt: t.shipments.updatedAt,
          riderName: t.riders.name,
          riderPhone: t.riders.phone,
        })
        .from(t.shipments)
        .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
        .leftJoin(t.riders, eq(t.riders.id, t.shipments.riderId))
        .where(inArray(t.logisticsOrders.orderId, ids))
        .orderBy(asc(t.shipments.id)),
      surveyRatingsOf(db, ids),
    ]);

  const money = (minor: number) => fromMinor(minor, decimals);
  const sumBy = (rows: { orderId: number; amount: number }[], orderId: number) =>
    rows.filter((row) => row.orderId === orderId).reduce((sum, row) => sum + row.amount, 0);
  const modeName = new Map(modes.map((mode) => [mode.id, mode.showName]));
  const paymentName = new Map(paymentTypes.map((type) => [type.id, type.showName]));
  // the attempt that took money (the newest such), if any: what the card shows and a cancel gives back
  const moneyPayment = new Map(
    payments
      .filter(
        (payment) =>
          isMoneyHeld(payment.status) || payment.refundedAmount > 0 || payment.status === 'CHARGED_BACK',
      )
      .map((payment) => [payment.orderId, payment]),
  );

  return orders.map((order): ConsoleOrder => {
    const orderShipments = shipments.filter((shipment) => shipment.orderId === order.id);
    const shipment = orderShipments.at(-1) ?? null;
    const destination = order.destination;
    const payment = moneyPayment.get(order.id) ?? null;
    const orderPayments = payments.filter((row) => row.orderId === order.id);
    // what a cancel now gives back: every attempt still holding money, less what is already on its way back
    const refundOnCancel = orderPayments
      .filter((row) => isMoneyHeld(row.status))
      .reduce((sum, row) => sum + Math.max(0, row.amount - row.refundedAmount - row.refunding), 0);
    return {
      id: order.id,
      code: order.code,
      branchContactId: order.branchContactId,
      status: order.status,
      type: order.type,
      orderModeName: modeName.get(order.orderModeId) ?? order.type,
      customerName: order.customerName,
      phone: order.phone,
      tableUid: order.tableUid,
      destination: destination
        ? {
            street: destination.street,
            number: destination.number,
            details: destination.details,
            betweenStreets: destination.betweenStreets,
            city: destination.city,
          }
        : null,
      orderedAt: order.orderedAt.toISOString(),
      source: order.source,
      scheduled: order.scheduled,
      scheduledAt: order.scheduledAt?.toISOString() ?? null,
      acceptedAt: order.acceptedAt?.toISOString() ?? null,
      readyAt: order.readyAt?.toISOString() ?? null,
      finishedAt: order.finishedAt?.toISOString() ?? null,
      preparationMinutes: order.preparationMinutes,
      cancelReason: order.cancelReason,
      problem: order.errorType ? { errorType: order.errorType, errorDetail: order.errorDetail } : null,
      items: items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({
          name: item.name,
          sizeName: item.sizeName,
          quantity: item.quantity,
          notes: item.notes,
          accPrice: money(item.accPrice),
          extras: groupExtras(
            extras.filter((row) => row.extra.orderItemId === item.id).map((row) => row.extra),
          ),
        })),
      notes: order.notes,
      paymentMethod: order.paymentMethod,
      paymentTypeName: order.paymentTypeId === null ? null : (paymentName.get(order.paymentTypeId) ?? null),
      paid: orderPayments.some((row) => paymentSettlesOrder(row, order.total)),
      paysWith: order.paysWith === null ? null : money(order.paysWith),
      change: ((change) => (change === null ? null : money(change)))(
        cashChange(order.paymentMethod, order.paysWith, order.total),
      ),
      itemsPrice: money(order.itemsPrice),
      deliveryFee: money(order.deliveryFee),
      userServiceFee: money(order.userServiceFee),
      discountsTotal: money(sumBy(discounts, order.id)),
      surchargesTotal: money(sumBy(surcharges, order.id)),
      total: money(order.total),
      currency: order.currency,
      shipment: shipment
        ? {
            id: shipment.id,
            status: shipment.status,
            shipmentStackId: shipment.shipmentStackId,
            riderName: shipment.riderName,
            riderPhone: shipment.riderPhone,
            updatedAt: shipment.updatedAt.toISOString(),
            returnShipment: shipment.returnShipment,
            returnReason: shipment.returnReason,
          }
        : null,
      payment: payment
        ? {
            status: payment.status,
            amount: money(payment.amount),
            refundedAmount: money(payment.refundedAmount),
            refundPending: payment.refunding > 0,
          }
        : null,
      refundOnCancel: money(refundOnCancel),
      // a rider on the way delivers it, with the customer's code: the card offers no 'Entregado' then
      nextStatuses: nextOrderStatuses('STAFF', order.status, {
        shipmentInFlight: orderShipments.some((row) =>
          isShipmentInFlight(row.status as ShipmentStatus, row.returnShipment),
        ),
      }),
      canRequestRider: canRequestRider({
        type: order.type,
        status: order.status,
        ownFleet: contact.ownFleet,
        hasDestinationLocation: Boolean(destination?.lat && destination?.lng),
        shipments: orderShipments.map((row) => ({
          status: row.status as ShipmentStatus,
          returnShipment: row.returnShipment,
        })),
      }),
      surveyRating: ratings.get(order.id) ?? null,
    };
  });
}

function groupExtras(
  extras: (typeof t.orderItemExtras.$inferSelect)[],
): ConsoleOrder['items'][number]['extras'] {
  const groups = new Map<string, { groupName: string; groupItems: { name: string; quantity: number }[] }>();
  for (const extra of extras) {
    const group = groups.get(extra.groupName) ?? { groupName: extra.groupName, groupItems: [] };
    group.groupItems.push({ name: extra.name, quantity: extra.quantity });
    groups.set(extra.groupName, group);
  }
  return [...groups.values()];
}

/**
 * The board of one contact: every order of its local day so far, and every order still open whatever
 * its day (a scheduled order of tomorrow, an order left open overnight), newest first.
 */
export async function loadConsoleBoard(
  db: Db,
  contact: typeof t.branchContacts.$inferSelect,
  now: Date,
): Promise<ConsoleBoard> {
  const dayStart = startOfLocalDay(now, contact.timeZone);
  const rows = await db
    .select()
    .from(t.orders)
    .where(
      and(
        eq(t.orders.branchContactId, contact.id),
        or(gte(t.orders.orderedAt, dayStart), notInArray(t.orders.status, [...FINAL_STATUSES])),
      ),
    )
    .orderBy(desc(t.orders.orderedAt))
    .limit(500);
  const orders = await consoleOrdersOf(db, contact, rows);
  const today = rows.filter((row) => row.orderedAt >= dayStart);
  const names = new Map(orders.map((order) => [order.id, order.paymentTypeName]));
  const totals = consoleDayTotals(
    today.map((row) => ({
      status: row.status,
      total: row.total,
      paymentMethod: row.paymentMethod,
      paymentTypeName: names.get(row.id) ?? null,
      orderedAt: row.orderedAt,
      readyAt: row.readyAt,
    })),
  );
  const decimals = await currencyDecimalsOf(db, contact.country);
  return {
    contactId: contact.id,
    orders,
    totals: {
      ...totals,
      revenue: fromMinor(totals.revenue, decimals),
      revenueByPayment: totals.revenueByPayment.map((row) => ({
        ...row,
        total: fromMinor(row.total, decimals),
      })),
    },
    now: now.toISOString(),
  };
}

/** One card, by order id (after a change); null when it is gone. */
export async function loadConsoleOrder(db: Db, orderId: number): Promise<ConsoleOrder | null> {
  const [row] = await db
    .select({ order: t.orders, contact: t.branchContacts })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(eq(t.orders.id, orderId));
  if (!row) return null;
  const [card] = await consoleOrdersOf(db, row.contact, [row.order]);
  return card ?? null;
}
