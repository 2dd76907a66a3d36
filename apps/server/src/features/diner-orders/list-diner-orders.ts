/**
 * 'Mis pedidos': a signed-in diner's own orders at a branch, newest first, one page at a time, with
 * their shipments (a stack of several is 'Multientrega') and the choices a reorder needs.
 */
import { fromMinor, type OrderStatus, type ShipmentStatus } from '@comanda/core';
import {
  DINER_ORDERS_PAGE_SIZE,
  type DinerOrder,
  type DinerOrderShipment,
  type DinerOrdersPage,
  type RecoveryItem,
} from '@comanda/core/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';

/**
 * The page of `customerId`'s orders at every contact of `branchId`. The whole branch, not only the
 * contact on screen: the diner's points are the branch's, and an order placed at the other shop of
 * the same brand is one a diner expects to find (each row names its own contact for its links).
 */
export async function listDinerOrders(
  db: Db,
  customerId: number,
  branchId: number,
  offset: number,
): Promise<DinerOrdersPage> {
  const mine = and(eq(t.orders.customerId, customerId), eq(t.branchContacts.branchId, branchId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        order: {
          id: t.orders.id,
          code: t.orders.code,
          orderedAt: t.orders.orderedAt,
          total: t.orders.total,
          currency: t.orders.currency,
          orderModeId: t.orders.orderModeId,
          type: t.orders.type,
          status: t.orders.status,
          destination: t.orders.destination,
        },
        contact: {
          id: t.branchContacts.id,
          alias: t.branchContacts.alias,
          name: t.branchContacts.name,
          street: t.branchContacts.street,
          number: t.branchContacts.number,
          country: t.branchContacts.country,
          timeZone: t.branchContacts.timeZone,
        },
        modeName: t.orderModes.showName,
        paymentType: {
          id: t.paymentTypes.id,
          showName: t.paymentTypes.showName,
          paymentMethod: t.paymentTypes.paymentMethod,
        },
        // the newest payment attempt is the order's payment state
        paymentStatus: sql<string | null>`(
          select p.status from ${t.orderPayments} p where p.order_id = ${t.orders.id}
          order by p.id desc limit 1)`,
      })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .innerJoin(t.orderModes, eq(t.orderModes.id, t.orders.orderModeId))
      .leftJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orders.paymentTypeId))
      .where(mine)
      .orderBy(desc(t.orders.orderedAt), desc(t.orders.id))
      .offset(offset)
      .limit(DINER_ORDERS_PAGE_SIZE),
    db
      .select({ total: count() })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .where(mine),
  ]);

  const ids = rows.map((row) => row.order.id);
  const countries = [...new Set(rows.map((row) => row.contact.country))];
  const [shipments, items, decimals] = await Promise.all([
    shipmentsOf(db, ids),
    itemsOf(db, ids),
    Promise.all(countries.map(async (code) => [code, await currencyDecimalsOf(db, code)] as const)),
  ]);
  const decimalsByCountry = new Map(decimals);

  const orders = rows.map(({ order, contact, modeName, paymentType, paymentStatus }): DinerOrder => {
    const orderShipments = shipments.get(order.id) ?? [];
    const destination = order.destination;
    const address =
      order.type === 'DELIVERY' && destination
        ? [destination.street, destination.number].filter(Boolean).join(' ')
        : `${contact.street} ${contact.number}`;
    return {
      id: order.id,
      code: order.code,
      orderedAt: order.orderedAt.toISOString(),
      total: fromMinor(order.total, decimalsByCountry.get(contact.country) ?? 2),
      currency: order.currency,
      paymentType: paymentType?.id == null ? null : paymentType,
      paid: paymentStatus === 'PAID',
      orderModeId: order.orderModeId,
      orderModeName: modeName,
      type: order.type,
      address,
      status: order.status as OrderStatus,
      isShipment: orderShipments.length > 0,
      returnShipment: orderShipments.some((shipment) => shipment.returnShipment),
      shipments: orderShipments,
      branchContact: { id: contact.id, alias: contact.alias, name: contact.name, timeZone: contact.timeZone },
      items: items.get(order.id) ?? [],
    };
  });
  return { orders, offset, pageSize: DINER_ORDERS_PAGE_SIZE, total: counted?.total ?? 0 };
}

/** The orders' shipments, and whether each one's stack holds several ('Multientrega'). */
async function shipmentsOf(db: Db, orderIds: number[]): Promise<Map<number, DinerOrderShipment[]>> {
  const byOrder = new Map<number, DinerOrderShipment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: t.logisticsOrders.orderId,
      id: t.shipments.id,
      status: t.shipments.status,
      shipmentStackId: t.shipments.shipmentStackId,
      returnShipment: t.shipments.returnShipment,
      riderName: t.riders.name,
    })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .leftJoin(t.riders, eq(t.riders.id, t.shipments.riderId))
    .where(inArray(t.logisticsOrders.orderId, orderIds))
    .orderBy(asc(t.shipments.id));
  const stackIds = [
    ...new Set(rows.map((row) => row.shipmentStackId).filter((id): id is number => id !== null)),
  ];
  const stackSizes = new Map<number, number>();
  if (stackIds.length > 0) {
    const sizes = await db
      .select({ stackId: t.shipments.shipmentStackId, size: count() })
      .from(t.shipments)
      .where(and(isNotNull(t.shipments.shipmentStackId), inArray(t.shipments.shipmentStackId, stackIds)))
      .groupBy(t.shipments.shipmentStackId);
    for (const { stackId, size } of sizes) if (stackId !== null) stackSizes.set(stackId, size);
  }
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      id: row.id,
      status: row.status as ShipmentStatus,
      shipmentStackId: row.shipmentStackId,
      returnShipment: row.returnShipment,
      multiDelivery: row.shipmentStackId !== null && (stackSizes.get(row.shipmentStackId) ?? 0) > 1,
      riderName: row.riderName,
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** Each order's lines as choices (plate, size, garnishes, quantity, notes), in the order they were taken. */
async function itemsOf(db: Db, orderIds: number[]): Promise<Map<number, RecoveryItem[]>> {
  const byOrder = new Map<number, RecoveryItem[]>();
  if (orderIds.length === 0) return byOrder;
  const [lines, extras] = await Promise.all([
    db
      .select()
      .from(t.orderItems)
      .where(inArray(t.orderItems.orderId, orderIds))
      .orderBy(asc(t.orderItems.orderId), asc(t.orderItems.position), asc(t.orderItems.id)),
    db
      .select({ extra: t.orderItemExtras })
      .from(t.orderItemExtras)
      .innerJoin(t.orderItems, eq(t.orderItems.id, t.orderItemExtras.orderItemId))
      .where(inArray(t.orderItems.orderId, orderIds))
      .orderBy(asc(t.orderItemExtras.groupId), asc(t.orderItemExtras.garnishId)),
  ]);
  const extrasByLine = new Map<number, RecoveryItem['extras']>();
  for (const { extra } of extras) {
    const groups = extrasByLine.get(extra.orderItemId) ?? [];
    let group = groups.find((candidate) => candidate.groupId === extra.groupId);
    if (!group) {
      group = { groupId: extra.groupId, groupItems: [] };
      groups.push(group);
    }
    group.groupItems.push({ referenceId: extra.garnishId, quantity: extra.quantity });
    extrasByLine.set(extra.orderItemId, groups);
  }
  for (const line of lines) {
    const list = byOrder.get(line.orderId) ?? [];
    list.push({
      referenceId: line.referenceId,
      name: line.name,
      quantity: line.quantity,
      notes: line.notes ?? '',
      sizeId: line.sizeId,
      source: line.source === 'UPSOLD' ? 'UPSOLD' : 'PLATE',
      extras: extrasByLine.get(line.id) ?? [],
    });
    byOrder.set(line.orderId, list);
  }
  return byOrder;
}
