/**
 * 'Pedir repartidor': a delivery order of a contact with its own riders gets a shipment LOOKING_FOR_DRIVER
 * that the riders' list offers (the first rider to accept it wins). The order row is locked while it is
 * checked, so two presses of the button make one shipment.
 */
import { randomInt } from 'node:crypto';
import {
  canRequestRider,
  isFinalOrderStatus,
  ORDER_LIFECYCLE_MESSAGES,
  type ShipmentStatus,
} from '@comanda/core';
import { CONSOLE_MESSAGES } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';

export async function requestRider(db: Db, orderId: number, now: Date): Promise<{ shipmentId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ order: t.orders, contact: t.branchContacts, mode: t.orderModes })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .innerJoin(t.orderModes, eq(t.orderModes.id, t.orders.orderModeId))
      .where(eq(t.orders.id, orderId))
      .for('update', { of: t.orders });
    if (!row) throw new AppError('NOT_FOUND', 404, CONSOLE_MESSAGES.orderNotFound);
    const { order, contact, mode } = row;
    const shipments = await tx
      .select({ status: t.shipments.status })
      .from(t.shipments)
      .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
      .where(eq(t.logisticsOrders.orderId, order.id));
    const check = {
      type: order.type,
      status: order.status,
      ownFleet: contact.ownFleet,
      hasDestinationLocation: Boolean(order.destination?.lat && order.destination?.lng),
      shipmentStatuses: shipments.map((shipment) => shipment.status as ShipmentStatus),
    };
    if (!canRequestRider(check)) throw new AppError('RIDER_NOT_REQUESTABLE', 409, refusalOf(check));

    await tx
      .insert(t.logisticsOrders)
      .values({ orderId: order.id, branchContactId: contact.id })
      .onConflictDoNothing();
    const [logisticsOrder] = await tx
      .select({ id: t.logisticsOrders.id })
      .from(t.logisticsOrders)
      .where(eq(t.logisticsOrders.orderId, order.id));
    if (!logisticsOrder) throw new AppError('INTERNAL', 500, CONSOLE_MESSAGES.orderNotFound);
    const minutes = (delay: number | null) =>
      delay === null ? null : new Date(now.getTime() + delay * 60_000);
    const [shipment] = await tx
      .insert(t.shipments)
      .values({
        logisticsOrderId: logisticsOrder.id,
        branchContactId: contact.id,
        status: 'LOOKING_FOR_DRIVER',
        // the 'Clave de entrega' the diner tells the rider at the door
        securityCode: String(randomInt(0, 10_000)).padStart(4, '0'),
        minEta: minutes(mode.minDelayInMinutes),
        maxEta: minutes(mode.maxDelayInMinutes),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: t.shipments.id });
    if (!shipment) throw new AppError('INTERNAL', 500, CONSOLE_MESSAGES.orderNotFound);
    return { shipmentId: shipment.id };
  });
}

/** Why the button does not apply, in the staff's words. */
function refusalOf(check: Parameters<typeof canRequestRider>[0]): string {
  if (check.type !== 'DELIVERY') return CONSOLE_MESSAGES.notDelivery;
  if (!check.ownFleet) return CONSOLE_MESSAGES.noOwnFleet;
  if (isFinalOrderStatus(check.status)) return ORDER_LIFECYCLE_MESSAGES.finished;
  if (check.status !== 'ACCEPTED' && check.status !== 'READY') return CONSOLE_MESSAGES.shipmentNotReadyYet;
  if (!check.hasDestinationLocation) return CONSOLE_MESSAGES.noDestination;
  return CONSOLE_MESSAGES.shipmentExists;
}
