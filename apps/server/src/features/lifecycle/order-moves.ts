/**
 * An order's moves, for any actor: core's table decides, the engine writes (conditional update, event
 * row), and the move's effects run in the same transaction (order-effects.ts). Of two staff pressing the
 * same button at once, one moves the order and the other gets 409.
 */
import {
  checkOrderTransition,
  ERROR_CODES,
  isShipmentInFlight,
  ORDER_LIFECYCLE_MESSAGES,
  type OrderStatus,
  type ShipmentStatus,
} from '@comanda/core';
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type AfterCommit,
  applyMove,
  type LifecycleDeps,
  type MoveActor,
  type MoveContext,
} from './engine.ts';
import { applyOrderEffects, type EffectsDone } from './order-effects.ts';
import { runLifecycle } from './run.ts';

export interface StatusChange extends MoveActor {
  orderId: number;
  to: OrderStatus;
  /** The status the actor saw; the move fails with 409 if the order is no longer in it. */
  expectedStatus?: OrderStatus | undefined;
  reason?: string | null | undefined;
  preparationMinutes?: number | null | undefined;
  /** the move's named variant in core's table (PAYMENT_CHANGED) */
  via?: string | undefined;
}

export interface StatusChanged extends EffectsDone {
  orderId: number;
  branchContactId: number;
  from: OrderStatus;
  to: OrderStatus;
}

export const orderStatusChanged = () =>
  new AppError('ORDER_STATUS_CHANGED', 409, ORDER_LIFECYCLE_MESSAGES.alreadyChanged);

/**
 * The whole move in a run of its own: its transaction, then its publishing and refunds. A caller that
 * answers with the order's card passes `after` and finds the card the run published in `after.cards`.
 */
export function changeOrderStatus(
  deps: LifecycleDeps,
  change: StatusChange,
  after?: AfterCommit,
): Promise<StatusChanged> {
  return runLifecycle(deps, (ctx) => moveOrder(ctx, change), after);
}

/** The move inside a run the caller owns (a shipment's step moves its order in the same transaction). */
export async function moveOrder(ctx: MoveContext, change: StatusChange): Promise<StatusChanged> {
  const { tx, now } = ctx;
  const [order] = await tx
    .select({
      id: t.orders.id,
      code: t.orders.code,
      status: t.orders.status,
      branchContactId: t.orders.branchContactId,
      branchId: t.branchContacts.branchId,
      customerId: t.orders.customerId,
      redeemedPoints: t.orders.redeemedPoints,
      earnedPoints: t.orders.earnedPoints,
    })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(eq(t.orders.id, change.orderId));
  if (!order) throw new AppError('NOT_FOUND', 404, 'No encontramos este pedido.');
  const from = change.expectedStatus ?? order.status;
  if (from !== order.status) throw orderStatusChanged();
  // only a staff or system delivery asks about the shipments (one query less for every other move)
  const asksShipments = change.to === 'DELIVERED' && change.actor !== 'RIDER';
  const check = checkOrderTransition(change.actor, from, change.to, {
    shipmentInFlight: asksShipments && (await hasShipmentInFlight(ctx, order.id)),
    via: change.via,
  });
  if (!check.ok) throw new AppError(check.code, ERROR_CODES[check.code], check.message);

  const { to } = change;
  const moved = await applyMove(ctx, {
    entity: 'ORDER',
    id: order.id,
    orderId: order.id,
    from,
    to,
    actor: change.actor,
    staffId: change.staffId,
    riderId: change.riderId,
    reason: change.reason,
    via: change.via,
    set: {
      ...(to === 'ACCEPTED'
        ? { acceptedAt: now, preparationMinutes: change.preparationMinutes ?? null }
        : {}),
      ...(to === 'READY' ? { readyAt: now } : {}),
      ...(to === 'DELIVERED' || to === 'CANCELED' || to === 'PAYMENT_EXPIRED' ? { finishedAt: now } : {}),
      ...(to === 'CANCELED' ? { cancelReason: change.reason ?? null } : {}),
    },
  });
  if (!moved) throw orderStatusChanged();
  ctx.after.orderIds.add(order.id);
  const done = await applyOrderEffects(ctx, order, check.effects, change);
  return { orderId: order.id, branchContactId: order.branchContactId, from, to, ...done };
}

/** A rider holds one of the order's shipments: on its way, or bringing the order back. */
async function hasShipmentInFlight(ctx: MoveContext, orderId: number): Promise<boolean> {
  const shipments = await ctx.tx
    .select({ status: t.shipments.status, returnShipment: t.shipments.returnShipment })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .where(eq(t.logisticsOrders.orderId, orderId));
  return shipments.some((row) => isShipmentInFlight(row.status as ShipmentStatus, row.returnShipment));
}
