/**
 * Shipment and stack moves through the engine: core's tables decide (shipment-lifecycle.ts,
 * stack-lifecycle.ts), `applyMove` writes, and the effects follow in the same transaction: the rider
 * taken (the auction: only while nobody has it), the delivery window on leaving the shop, the delivery
 * code checked, the order moved (picked up: ready; delivered: delivered), a failed drop-off turned into
 * a return, and a stack finished once none of its shipments is open.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  checkShipmentTransition,
  checkStackTransition,
  deliveryWindow,
  distanceInMeters,
  ERROR_CODES,
  isStackDone,
  isStackStatus,
  movesOf,
  nextShipmentStatus,
  orderStatusAfterShipment,
  SHIPMENT_LIFECYCLE_MESSAGES,
  SHIPMENT_TRANSITIONS,
  type ShipmentStatus,
  type StackStatus,
  UNDELIVERABLE,
} from '@comanda/core';
import { and, eq, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { applyMove, type MoveActor, type MoveContext, recordEvent } from './engine.ts';
import { moveOrder } from './order-moves.ts';

type ShipmentRow = typeof t.shipments.$inferSelect;

export const DELIVERY_CODE_WRONG = 'La clave de entrega no es correcta. Pídesela al cliente.';
export const notYourShipments = () => new AppError('FORBIDDEN', 403, SHIPMENT_LIFECYCLE_MESSAGES.notAllowed);
export const takenByOther = () =>
  new AppError('SHIPMENT_TAKEN', 409, SHIPMENT_LIFECYCLE_MESSAGES.takenByOther);
export const illegalShipmentMove = (message: string = SHIPMENT_LIFECYCLE_MESSAGES.illegal) =>
  new AppError('TRANSITION_NOT_ALLOWED', 409, message);

function sameCode(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface ShipmentMove extends MoveActor {
  shipment: ShipmentRow;
  to: ShipmentStatus;
  /** 'UNDELIVERABLE' with DELIVERED: the drop-off failed and the order comes back */
  via?: string | undefined;
  /** the delivery code the diner told the rider */
  securityCode?: string | undefined;
  /** why (a failed drop-off's reason, a withdrawal's) */
  reason?: string | undefined;
  /** a member of a stack (its drop-off leg is ON_ROUTE_TO_DROP_OFFS) */
  stacked: boolean;
}

async function orderIdOf(ctx: MoveContext, shipment: ShipmentRow): Promise<number | null> {
  const [row] = await ctx.tx
    .select({ orderId: t.logisticsOrders.orderId })
    .from(t.logisticsOrders)
    .where(eq(t.logisticsOrders.id, shipment.logisticsOrderId));
  return row?.orderId ?? null;
}

/** The delivery window from the shop to the drop-off, set when the rider leaves the shop. */
async function etaOnLeaving(ctx: MoveContext, shipment: ShipmentRow) {
  const [row] = await ctx.tx
    .select({ destination: t.orders.destination, lat: t.branchContacts.lat, lng: t.branchContacts.lng })
    .from(t.logisticsOrders)
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(eq(t.logisticsOrders.id, shipment.logisticsOrderId));
  const destination = row?.destination;
  if (!row || !destination?.lat || !destination?.lng) return {};
  return deliveryWindow(
    distanceInMeters({ lat: row.lat, lng: row.lng }, { lat: destination.lat, lng: destination.lng }),
    ctx.now,
  );
}

/**
 * One shipment's move. A rider may take a shipment nobody has, and move only their own one step along
 * the forward order (or give it up, or report it undeliverable); the auction's losers learn that it went
 * to another rider. Answers the shipment's order id.
 */
export async function moveShipment(ctx: MoveContext, move: ShipmentMove): Promise<number | null> {
  const { shipment, to, actor } = move;
  const from = shipment.status as ShipmentStatus;
  const riderId = move.riderId ?? null;
  if (actor === 'RIDER') {
    if (shipment.riderId !== null && shipment.riderId !== riderId)
      throw to === 'ON_ROUTE_TO_PICK_UP' ? takenByOther() : notYourShipments();
  }
  const check = checkShipmentTransition(actor, from, to, shipment, move.via);
  if (!check.ok) throw new AppError(check.code, ERROR_CODES[check.code], check.message);
  // only the next step of the forward order (or giving up, or a failed drop-off): the slider never skips one
  if (
    actor === 'RIDER' &&
    to !== 'DRIVER_CANCELED' &&
    move.via !== UNDELIVERABLE &&
    to !== nextShipmentStatus(from, { returnShipment: shipment.returnShipment, stacked: move.stacked })
  )
    throw illegalShipmentMove();
  if (check.effects.includes('CHECK_DELIVERY_CODE') && !sameCode(move.securityCode, shipment.securityCode))
    throw new AppError('DELIVERY_CODE_WRONG', 400, DELIVERY_CODE_WRONG);
  const returning = check.effects.includes('START_RETURN');
  if (returning && !move.reason?.trim()) throw badRequest(SHIPMENT_LIFECYCLE_MESSAGES.returnReasonRequired);

  const taking = check.effects.includes('ASSIGN_RIDER');
  const orderId = await orderIdOf(ctx, shipment);
  const moved = await applyMove(ctx, {
    entity: 'SHIPMENT',
    id: shipment.id,
    orderId,
    from,
    to,
    via: move.via,
    actor,
    staffId: move.staffId,
    riderId,
    reason: move.reason,
    set: {
      ...(taking ? { riderId } : {}),
      ...(check.effects.includes('SET_ETA') ? await etaOnLeaving(ctx, shipment) : {}),
      ...(returning ? { returnShipment: true, returnReason: move.reason?.trim() ?? null } : {}),
    },
    where: taking
      ? isNull(t.shipments.riderId)
      : actor === 'RIDER'
        ? eq(t.shipments.riderId, riderId as number)
        : undefined,
  });
  if (!moved) throw taking ? takenByOther() : illegalShipmentMove();
  ctx.after.shipmentIds.add(shipment.id);
  if (orderId !== null) ctx.after.orderIds.add(orderId);

  await moveOrderAlong(
    ctx,
    orderId,
    orderStatusAfterShipment(check.effects) as 'READY' | 'DELIVERED' | null,
    move,
  );
  if (shipment.shipmentStackId !== null) await settleStack(ctx, shipment.shipmentStackId);
  return orderId;
}

/** The order follows its shipment, through the order's own table (the rider as actor). */
async function moveOrderAlong(
  ctx: MoveContext,
  orderId: number | null,
  target: 'READY' | 'DELIVERED' | null,
  by: MoveActor,
): Promise<void> {
  if (orderId === null || target === null) return;
  const [row] = await ctx.tx
    .select({ status: t.orders.status })
    .from(t.orders)
    .where(eq(t.orders.id, orderId));
  if (!row) return;
  // the kitchen may not have marked it ready: the rider leaving with it does
  const path: ('READY' | 'DELIVERED')[] =
    target === 'READY' ? ['READY'] : row.status === 'ACCEPTED' ? ['READY', 'DELIVERED'] : ['DELIVERED'];
  let status = row.status;
  for (const to of path) {
    if (status === to || (to === 'READY' && status !== 'ACCEPTED')) continue;
    await moveOrder(ctx, {
      orderId,
      to,
      actor: by.actor,
      riderId: by.riderId,
      staffId: by.staffId,
      expectedStatus: status,
    });
    status = to;
  }
}

/**
 * The order's shipments that are still waiting or on their way are withdrawn with it (the order was
 * cancelled, or the shop delivered it by other means). A return on its way back is left to reach the shop.
 */
export async function withdrawOpenShipments(
  ctx: MoveContext,
  orderId: number,
  by: MoveActor & { reason?: string | null | undefined },
): Promise<number[]> {
  const rows = await ctx.tx
    .select({ shipment: t.shipments })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .where(eq(t.logisticsOrders.orderId, orderId));
  const withdrawn: number[] = [];
  for (const { shipment } of rows) {
    const from = shipment.status as ShipmentStatus;
    const canWithdraw = movesOf(SHIPMENT_TRANSITIONS, from, shipment.returnShipment).some(
      (move) => move.to === 'DRIVER_CANCELED' && move.actors.includes('SYSTEM'),
    );
    if (!canWithdraw) continue;
    const moved = await applyMove(ctx, {
      entity: 'SHIPMENT',
      id: shipment.id,
      orderId,
      from,
      to: 'DRIVER_CANCELED',
      actor: 'SYSTEM',
      staffId: by.staffId,
      reason: by.reason ?? null,
    });
    if (!moved) continue;
    withdrawn.push(shipment.id);
    ctx.after.shipmentIds.add(shipment.id);
    if (shipment.shipmentStackId !== null) await settleStack(ctx, shipment.shipmentStackId);
  }
  return withdrawn;
}

export interface StackMove extends MoveActor {
  stackId: number;
  from: string;
  to: StackStatus;
}

/** A stack's own move (taken, at the shop, out to the drop-offs, given up, finished). */
export async function moveStack(ctx: MoveContext, move: StackMove): Promise<void> {
  const from = isStackStatus(move.from) ? move.from : null;
  if (!from) throw illegalShipmentMove();
  const check = checkStackTransition(move.actor, from, move.to);
  if (!check.ok) throw new AppError(check.code, ERROR_CODES[check.code], check.message);
  const taking = check.effects.includes('ASSIGN_RIDER');
  const moved = await applyMove(ctx, {
    entity: 'STACK',
    id: move.stackId,
    orderId: null,
    from,
    to: move.to,
    actor: move.actor,
    staffId: move.staffId,
    riderId: move.riderId,
    set: taking ? { riderId: move.riderId } : {},
    where: taking ? isNull(t.shipmentStacks.riderId) : undefined,
  });
  if (!moved) throw taking ? takenByOther() : illegalShipmentMove();
}

/** A stack none of whose shipments is open any more ends: FINISHED once out, else cancelled. */
async function settleStack(ctx: MoveContext, stackId: number): Promise<void> {
  const [stack] = await ctx.tx
    .select({ status: t.shipmentStacks.status })
    .from(t.shipmentStacks)
    .where(eq(t.shipmentStacks.id, stackId));
  if (!stack || stack.status === 'FINISHED' || stack.status === 'DRIVER_CANCELED') return;
  const members = await ctx.tx
    .select({ status: t.shipments.status, returnShipment: t.shipments.returnShipment })
    .from(t.shipments)
    .where(eq(t.shipments.shipmentStackId, stackId));
  if (!isStackDone(members)) return;
  const to: StackStatus = stack.status === 'ON_ROUTE_TO_DROP_OFFS' ? 'FINISHED' : 'DRIVER_CANCELED';
  await applyMove(ctx, {
    entity: 'STACK',
    id: stackId,
    orderId: null,
    from: stack.status,
    to,
    actor: 'SYSTEM',
  });
}

/** A new shipment looking for a rider, with its creation in the history. */
export async function createShipment(
  ctx: MoveContext,
  values: Omit<typeof t.shipments.$inferInsert, 'status' | 'createdAt' | 'updatedAt'>,
  by: MoveActor & { orderId: number },
): Promise<number> {
  const [shipment] = await ctx.tx
    .insert(t.shipments)
    .values({ ...values, status: 'LOOKING_FOR_DRIVER', createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: t.shipments.id });
  if (!shipment) throw new AppError('INTERNAL', 500, 'No pudimos pedir el repartidor.');
  await recordEvent(ctx, {
    entity: 'SHIPMENT',
    id: shipment.id,
    orderId: by.orderId,
    from: null,
    to: 'LOOKING_FOR_DRIVER',
    actor: by.actor,
    staffId: by.staffId,
  });
  ctx.after.shipmentIds.add(shipment.id);
  ctx.after.orderIds.add(by.orderId);
  return shipment.id;
}

/** A new stack waiting for a rider ('Multientrega'). */
export async function createStack(ctx: MoveContext, branchContactId: number, by: MoveActor): Promise<number> {
  const [stack] = await ctx.tx
    .insert(t.shipmentStacks)
    .values({ branchContactId, status: 'PENDING', createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: t.shipmentStacks.id });
  if (!stack) throw new AppError('INTERNAL', 500, 'No pudimos armar la multientrega.');
  await recordEvent(ctx, {
    entity: 'STACK',
    id: stack.id,
    orderId: null,
    from: null,
    to: 'PENDING',
    actor: by.actor,
    staffId: by.staffId,
  });
  return stack.id;
}

/** A stack that was made in vain (its partner was taken meanwhile) leaves no trace. */
export async function dropEmptyStack(ctx: MoveContext, stackId: number): Promise<void> {
  await ctx.tx
    .delete(t.statusEvents)
    .where(and(eq(t.statusEvents.entity, 'STACK'), eq(t.statusEvents.entityId, stackId)));
  await ctx.tx.delete(t.shipmentStacks).where(eq(t.shipmentStacks.id, stackId));
}
