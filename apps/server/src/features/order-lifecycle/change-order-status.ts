/**
 * Moves an order to another status, for any actor: asks core's table, then in one transaction makes a
 * conditional update (`WHERE status = <the status it was seen in>`), records the order_events row and
 * carries out the move's effects. Of two staff pressing the same button at once, one moves the order and
 * the other gets 409. Publishing the change is the caller's, after commit (publishOrderChange).
 */
import {
  checkOrderTransition,
  ERROR_CODES,
  type LifecycleActor,
  ORDER_LIFECYCLE_MESSAGES,
  type OrderStatus,
} from '@comanda/core';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { applyOrderEffects, type EffectsDone } from './order-effects.ts';

export interface StatusChange {
  orderId: number;
  to: OrderStatus;
  actor: LifecycleActor;
  staffId?: number | null;
  riderId?: number | null;
  /** The status the actor saw; the move fails with 409 if the order is no longer in it. */
  expectedStatus?: OrderStatus | undefined;
  reason?: string | null | undefined;
  preparationMinutes?: number | null | undefined;
  now: Date;
}

export interface StatusChanged extends EffectsDone {
  orderId: number;
  branchContactId: number;
  from: OrderStatus;
  to: OrderStatus;
}

export const orderStatusChanged = () =>
  new AppError('ORDER_STATUS_CHANGED', 409, ORDER_LIFECYCLE_MESSAGES.alreadyChanged);

/** The whole move in a transaction of its own. */
export function changeOrderStatus(db: Db, change: StatusChange): Promise<StatusChanged> {
  return db.transaction((tx) => changeOrderStatusIn(tx, change));
}

/** The move inside a transaction the caller owns (a shipment's step moves its order in the same one). */
export async function changeOrderStatusIn(tx: Tx, change: StatusChange): Promise<StatusChanged> {
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
  const check = checkOrderTransition(change.actor, from, change.to);
  if (!check.ok) throw new AppError(check.code, ERROR_CODES[check.code], check.message);

  const { now, to } = change;
  const moved = await tx
    .update(t.orders)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'ACCEPTED'
        ? { acceptedAt: now, preparationMinutes: change.preparationMinutes ?? null }
        : {}),
      ...(to === 'READY' ? { readyAt: now } : {}),
      ...(to === 'DELIVERED' || to === 'CANCELED' || to === 'PAYMENT_EXPIRED' ? { finishedAt: now } : {}),
      ...(to === 'CANCELED' ? { cancelReason: change.reason ?? null } : {}),
    })
    .where(and(eq(t.orders.id, order.id), eq(t.orders.status, from)))
    .returning({ id: t.orders.id });
  if (moved.length === 0) throw orderStatusChanged();

  await tx.insert(t.orderEvents).values({
    orderId: order.id,
    fromStatus: from,
    toStatus: to,
    actor: change.actor,
    staffId: change.staffId ?? null,
    riderId: change.riderId ?? null,
    reason: change.reason ?? null,
    createdAt: now,
  });
  const done = await applyOrderEffects(tx, order, check.effects, now);
  return { orderId: order.id, branchContactId: order.branchContactId, from, to, ...done };
}
