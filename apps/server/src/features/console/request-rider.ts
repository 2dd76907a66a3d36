/**
 * 'Pedir repartidor': a delivery order of a contact with its own riders gets a shipment LOOKING_FOR_DRIVER
 * that the riders' list offers (the first rider to accept it wins), stacked with a waiting shipment going
 * the same way when there is one. The order row is locked while it is checked, so two presses of the
 * button make one shipment.
 */
import { randomInt } from 'node:crypto';
import {
  canRequestRider,
  isFinalOrderStatus,
  type LatLng,
  ORDER_LIFECYCLE_MESSAGES,
  pickStackPartner,
  type ShipmentStatus,
} from '@comanda/core';
import { CONSOLE_MESSAGES } from '@comanda/core/contract';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { AfterCommit, LifecycleDeps, MoveContext } from '../lifecycle/engine.ts';
import { runLifecycle } from '../lifecycle/run.ts';
import { createShipment, createStack, dropEmptyStack } from '../lifecycle/shipment-moves.ts';

export async function requestRider(
  deps: LifecycleDeps,
  orderId: number,
  staffId: number | null,
  after?: AfterCommit,
): Promise<{ shipmentId: number; stackId: number | null }> {
  const { now } = deps;
  return runLifecycle(
    deps,
    async (ctx) => {
      const { tx } = ctx;
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
        .select({ status: t.shipments.status, returnShipment: t.shipments.returnShipment })
        .from(t.shipments)
        .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
        .where(eq(t.logisticsOrders.orderId, order.id));
      const check = {
        type: order.type,
        status: order.status,
        ownFleet: contact.ownFleet,
        hasDestinationLocation: Boolean(order.destination?.lat && order.destination?.lng),
        shipments: shipments.map((shipment) => ({
          status: shipment.status as ShipmentStatus,
          returnShipment: shipment.returnShipment,
        })),
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
      const shipmentId = await createShipment(
        ctx,
        {
          logisticsOrderId: logisticsOrder.id,
          branchContactId: contact.id,
          // the 'Clave de entrega' the diner tells the rider at the door
          securityCode: String(randomInt(0, 10_000)).padStart(4, '0'),
          minEta: minutes(mode.minDelayInMinutes),
          maxEta: minutes(mode.maxDelayInMinutes),
        },
        { actor: 'STAFF', staffId, orderId: order.id },
      );
      const destination = order.destination as { lat: number; lng: number };
      const stackId = await stackWithPartner(ctx, contact, shipmentId, destination, staffId);
      return { shipmentId, stackId };
    },
    after,
  );
}

/**
 * Puts the new shipment in one stack with a waiting shipment going the same way (core's rule), if there
 * is one: one rider then takes both. The partner is moved only while it still waits for a rider and is
 * not in another stack (a conditional update), so a rider taking it meanwhile leaves the new one alone.
 */
async function stackWithPartner(
  ctx: MoveContext,
  contact: { id: number; lat: number; lng: number },
  shipmentId: number,
  destination: LatLng,
  staffId: number | null,
): Promise<number | null> {
  const { tx, now } = ctx;
  const waiting = await tx
    .select({
      shipmentId: t.shipments.id,
      stackId: t.shipments.shipmentStackId,
      destination: t.orders.destination,
    })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .where(
      and(
        eq(t.shipments.branchContactId, contact.id),
        eq(t.shipments.status, 'LOOKING_FOR_DRIVER'),
        eq(t.shipments.returnShipment, false),
        ne(t.shipments.id, shipmentId),
      ),
    );
  // a stack is open to a new drop-off while every shipment in it still waits for a rider
  const stackIds = [...new Set(waiting.flatMap((row) => (row.stackId === null ? [] : [row.stackId])))];
  const members = stackIds.length
    ? await tx
        .select({
          stackId: t.shipments.shipmentStackId,
          status: t.shipments.status,
          order: t.shipments.stackingOrder,
        })
        .from(t.shipments)
        .where(inArray(t.shipments.shipmentStackId, stackIds))
    : [];
  const stacks = new Map<number, { size: number; lastOrder: number; waiting: boolean }>();
  for (const member of members) {
    const stack = stacks.get(member.stackId as number) ?? { size: 0, lastOrder: 0, waiting: true };
    stack.size += 1;
    stack.lastOrder = Math.max(stack.lastOrder, member.order);
    stack.waiting &&= member.status === 'LOOKING_FOR_DRIVER';
    stacks.set(member.stackId as number, stack);
  }
  const candidates = waiting.flatMap((row) => {
    const stack = row.stackId === null ? null : stacks.get(row.stackId);
    if (!row.destination?.lat || !row.destination?.lng || (stack && !stack.waiting)) return [];
    return [
      {
        shipmentId: row.shipmentId,
        stackId: row.stackId,
        stackSize: stack?.size ?? 1,
        destination: { lat: row.destination.lat, lng: row.destination.lng },
      },
    ];
  });
  const partner = pickStackPartner({ lat: contact.lat, lng: contact.lng }, destination, candidates);
  if (!partner) return null;

  let stackId = partner.stackId;
  if (stackId === null) {
    const stack = { id: await createStack(ctx, contact.id, { actor: 'STAFF', staffId }) };
    const joined = await tx
      .update(t.shipments)
      .set({ shipmentStackId: stack.id, stackingOrder: 1, updatedAt: now })
      .where(
        and(
          eq(t.shipments.id, partner.shipmentId),
          eq(t.shipments.status, 'LOOKING_FOR_DRIVER'),
          isNull(t.shipments.shipmentStackId),
        ),
      )
      .returning({ id: t.shipments.id });
    if (joined.length === 0) {
      await dropEmptyStack(ctx, stack.id);
      return null;
    }
    stackId = stack.id;
  }
  const lastOrder =
    partner.stackId === null ? 1 : (stacks.get(partner.stackId)?.lastOrder ?? partner.stackSize);
  await tx
    .update(t.shipments)
    .set({ shipmentStackId: stackId, stackingOrder: lastOrder + 1, updatedAt: now })
    .where(eq(t.shipments.id, shipmentId));
  // the partner's console card now shows the stack too
  const partners = await tx
    .select({ orderId: t.logisticsOrders.orderId })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .where(eq(t.shipments.shipmentStackId, stackId));
  for (const { orderId } of partners) ctx.after.boardOnlyOrderIds.add(orderId);
  return stackId;
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
