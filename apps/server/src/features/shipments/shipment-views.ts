/**
 * Shipments and stacks as a rider sees them (contract/rider.ts): what the list and the detail show,
 * with core's rules deciding the lost auction, the details, the recipient and the slider.
 */
import {
  canSeeRecipient,
  canShowShipmentDetails,
  checkShipmentTransition,
  firstName,
  fromMinor,
  hasLostAuction,
  isStackFinished,
  nextShipmentStatus,
  orderReference,
  routeLetter,
  type ShipmentStatus,
  sliderLabel,
  sortStackShipments,
  UNDELIVERABLE,
} from '@comanda/core';
import type { RiderShipment, RiderShipmentStack, RouteStop } from '@comanda/core/contract';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';

export async function loadShipmentRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      shipment: t.shipments,
      logisticsOrderId: t.logisticsOrders.id,
      order: {
        id: t.orders.id,
        code: t.orders.code,
        customerName: t.orders.customerName,
        phone: t.orders.phone,
        destination: t.orders.destination,
        paymentMethod: t.orders.paymentMethod,
        total: t.orders.total,
        paysWith: t.orders.paysWith,
        currency: t.orders.currency,
      },
      contact: {
        id: t.branchContacts.id,
        alias: t.branchContacts.alias,
        name: t.branchContacts.name,
        street: t.branchContacts.street,
        number: t.branchContacts.number,
        lat: t.branchContacts.lat,
        lng: t.branchContacts.lng,
        country: t.branchContacts.country,
      },
      riderName: t.riders.name,
      itemCount: sql<number>`(select coalesce(sum(quantity), 0)::int from order_items where order_id = ${t.orders.id})`,
    })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.shipments.branchContactId))
    .leftJoin(t.riders, eq(t.riders.id, t.shipments.riderId))
    .where(where)
    .orderBy(asc(t.shipments.createdAt), asc(t.shipments.id));
}

export type ShipmentRow = Awaited<ReturnType<typeof loadShipmentRows>>[number];

const addressOf = (destination: { street: string; number?: string } | null) =>
  destination ? [destination.street, destination.number].filter(Boolean).join(' ') : '';

function shopStop(row: ShipmentRow): RouteStop {
  return {
    shipmentId: null,
    letter: 'A',
    kind: 'PICK_UP',
    label: row.contact.name,
    address: `${row.contact.street} ${row.contact.number}`,
    details: null,
    lat: row.contact.lat,
    lng: row.contact.lng,
  };
}

function dropOffStop(row: ShipmentRow, index: number, showRecipient: boolean): RouteStop {
  const destination = row.order.destination;
  return {
    shipmentId: row.shipment.id,
    letter: routeLetter(index),
    kind: 'DROP_OFF',
    label: showRecipient ? firstName(row.order.customerName) : `Pedido ${orderReference(row.order.code)}`,
    address: addressOf(destination),
    details: [destination?.details, destination?.betweenStreets].filter(Boolean).join(' · ') || null,
    lat: destination?.lat ?? null,
    lng: destination?.lng ?? null,
  };
}

export function toRiderShipment(
  row: ShipmentRow,
  riderId: number,
  decimals: number,
  options: { stacked?: boolean; dropOffIndex?: number } = {},
): RiderShipment {
  const { shipment, order } = row;
  const status = shipment.status as ShipmentStatus;
  const view = { status, riderId: shipment.riderId };
  const showRecipient = canSeeRecipient(view, riderId);
  const stacked = options.stacked ?? shipment.shipmentStackId !== null;
  const next = hasLostAuction(view, riderId)
    ? null
    : nextShipmentStatus(status, { returnShipment: shipment.returnShipment, stacked });
  const cashOnDelivery = order.paymentMethod === 'CASH';
  return {
    id: shipment.id,
    status,
    shipmentStackId: shipment.shipmentStackId,
    createdAt: shipment.createdAt.toISOString(),
    updatedAt: shipment.updatedAt.toISOString(),
    returnShipment: shipment.returnShipment,
    returnReason: shipment.returnReason,
    stackingOrder: shipment.stackingOrder,
    riderInfo:
      shipment.riderId === null
        ? null
        : { id: shipment.riderId, riderId: shipment.riderId, name: row.riderName ?? '' },
    logisticsOrder: {
      id: row.logisticsOrderId,
      orderId: order.id,
      orderRef: orderReference(order.code),
      branchContact: {
        id: row.contact.id,
        alias: row.contact.alias,
        name: row.contact.name,
        address: `${row.contact.street} ${row.contact.number}`,
        lat: row.contact.lat,
        lng: row.contact.lng,
      },
      destination: order.destination
        ? {
            address: addressOf(order.destination),
            details: order.destination.details ?? null,
            lat: order.destination.lat ?? null,
            lng: order.destination.lng ?? null,
          }
        : null,
      recipient: showRecipient ? { name: firstName(order.customerName), phone: order.phone } : null,
      amountToCollect: cashOnDelivery ? fromMinor(order.total, decimals) : 0,
      paysWith: cashOnDelivery && order.paysWith !== null ? fromMinor(order.paysWith, decimals) : null,
      currency: order.currency,
      itemCount: Number(row.itemCount),
    },
    lostAuction: hasLostAuction(view, riderId),
    canShowDetails: canShowShipmentDetails(view, riderId),
    nextStatus: next,
    sliderLabel: next ? sliderLabel(status, shipment.returnShipment) : null,
    canCancel:
      shipment.riderId === riderId &&
      checkShipmentTransition('RIDER', status, 'DRIVER_CANCELED', { returnShipment: shipment.returnShipment })
        .ok,
    canReportUndeliverable:
      shipment.riderId === riderId &&
      checkShipmentTransition(
        'RIDER',
        status,
        'DELIVERED',
        { returnShipment: shipment.returnShipment },
        UNDELIVERABLE,
      ).ok,
    stops: [shopStop(row), dropOffStop(row, options.dropOffIndex ?? 1, showRecipient)],
  };
}

export async function riderShipmentsOf(
  db: Db,
  rows: ShipmentRow[],
  riderId: number,
): Promise<RiderShipment[]> {
  const first = rows[0];
  if (!first) return [];
  const decimals = await currencyDecimalsOf(db, first.contact.country);
  return rows.map((row) => toRiderShipment(row, riderId, decimals));
}

/** One stack: its shipments sorted as the spec says, one route A (shop), B, C... and the stack's step. */
export async function loadRiderStack(
  db: Db,
  stackId: number,
  riderId: number,
): Promise<{ stack: RiderShipmentStack; branchContactId: number } | null> {
  const [stack] = await db.select().from(t.shipmentStacks).where(eq(t.shipmentStacks.id, stackId));
  if (!stack) return null;
  const rows = await loadShipmentRows(db, eq(t.shipments.shipmentStackId, stackId));
  const first = rows[0];
  if (!first) return null;
  const decimals = await currencyDecimalsOf(db, first.contact.country);
  // letters follow the route (the stacking order) and never change as drop-offs are delivered
  const byRoute = [...rows].sort(
    (a, b) => a.shipment.stackingOrder - b.shipment.stackingOrder || a.shipment.id - b.shipment.id,
  );
  const letterIndex = new Map(byRoute.map((row, index) => [row.shipment.id, index + 1]));
  const views = new Map(
    rows.map((row) => [
      row.shipment.id,
      toRiderShipment(row, riderId, decimals, {
        stacked: true,
        dropOffIndex: letterIndex.get(row.shipment.id),
      }),
    ]),
  );
  // shown as the spec sorts them: delivered first, cancelled last, the others by stacking order
  const shipments = sortStackShipments([...views.values()]);
  // the stack's step: the one its open shipments share (the slider moves them together until drop-offs)
  const open = shipments.filter((s) => s.nextStatus !== null && s.status !== 'DELIVERED');
  const lead = open[0] ?? null;
  const stops = byRoute.map((row) => views.get(row.shipment.id)?.stops[1] as RouteStop);
  return {
    branchContactId: first.contact.id,
    stack: {
      id: stack.id,
      status: stack.status,
      shipments,
      finished: isStackFinished(shipments),
      nextStatus: lead?.nextStatus ?? null,
      sliderLabel: lead?.sliderLabel ?? null,
      canCancel: shipments.some((s) => s.canCancel),
      stops: [shipments[0]?.stops[0] as RouteStop, ...stops],
    },
  };
}

export async function loadRiderStacks(db: Db, stackIds: number[], riderId: number) {
  const stacks: RiderShipmentStack[] = [];
  for (const id of stackIds) {
    const loaded = await loadRiderStack(db, id, riderId);
    if (loaded) stacks.push(loaded.stack);
  }
  return stacks;
}
