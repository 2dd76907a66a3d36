/**
 * What an order's move sets off (core's OrderEffect), inside the move's transaction. Each effect is
 * safe to meet twice: points move through a ledger row unique per order and kind, so a second delivery
 * or cancel (or two at once) finds the row there and moves nothing.
 */
import type { OrderEffect } from '@comanda/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Tx } from '../../platform/db.ts';
import type { MoveActor, MoveContext } from './engine.ts';
import { refundHeldPayments } from './refunds.ts';
import { withdrawOpenShipments } from './shipment-moves.ts';

export interface EffectOrder {
  id: number;
  code: string;
  customerId: number | null;
  branchId: number;
  redeemedPoints: number;
  earnedPoints: number;
}

export interface EffectsDone {
  /** shipments whose status changed, for their tracking pages */
  shipmentIds: number[];
  pointsEarned: number;
  pointsReturned: number;
}

export async function applyOrderEffects(
  ctx: MoveContext,
  order: EffectOrder,
  effects: readonly OrderEffect[],
  by: MoveActor & { reason?: string | null | undefined },
): Promise<EffectsDone> {
  const { tx, now } = ctx;
  const done: EffectsDone = { shipmentIds: [], pointsEarned: 0, pointsReturned: 0 };
  for (const effect of effects) {
    if (effect === 'EARN_POINTS' && order.earnedPoints > 0)
      done.pointsEarned = await movePointsOnce(tx, order, 'EARNED', order.earnedPoints, now);
    if (effect === 'RETURN_REDEEMED_POINTS' && order.redeemedPoints > 0)
      done.pointsReturned = await movePointsOnce(tx, order, 'REDEMPTION_RETURNED', order.redeemedPoints, now);
    if (effect === 'RELEASE_DISCOUNT_CODE') await releaseDiscountCode(tx, order.id);
    if (effect === 'CANCEL_SHIPMENTS') done.shipmentIds = await withdrawOpenShipments(ctx, order.id, by);
    if (effect === 'REFUND_PAYMENTS') await refundHeldPayments(ctx, order.id, 'ORDER_CANCELED');
  }
  return done;
}

/**
 * Credits `amount` points to the order's customer under a ledger row keyed by (order, reason).
 * Answers the points moved (0 when this order had already moved them).
 */
async function movePointsOnce(
  tx: Tx,
  order: EffectOrder,
  reason: 'EARNED' | 'REDEMPTION_RETURNED',
  amount: number,
  now: Date,
): Promise<number> {
  if (order.customerId === null) return 0;
  const program = await tx
    .select({ active: t.loyaltyPrograms.active })
    .from(t.loyaltyPrograms)
    .where(eq(t.loyaltyPrograms.branchId, order.branchId));
  // earning needs a programme still running; a redemption goes back whatever became of the programme
  if (reason === 'EARNED' && !program[0]?.active) return 0;
  const moved = await movePoints(tx, {
    customerId: order.customerId,
    branchId: order.branchId,
    orderId: order.id,
    orderCode: order.code,
    reason,
    amount,
    now,
  });
  return moved?.amount ?? 0;
}

export interface PointsMovement {
  customerId: number;
  branchId: number;
  /** The order the points belong to; an order's movement of one reason is recorded once. */
  orderId: number | null;
  orderCode: string | null;
  reason: 'EARNED' | 'REDEMPTION_RETURNED' | 'REWARD' | 'ADJUSTMENT';
  amount: number;
  now: Date;
}

/**
 * Moves points with a ledger row carrying the balance after it: the balance row is locked first (FOR
 * UPDATE, created at zero the first time), and the ledger row's insert decides whether anything moves at
 * all (an order's movement of the same reason exists already: nothing moves, null). Callers without an
 * order make the movement unique themselves (a reward's claim row) before calling.
 */
export async function movePoints(
  tx: Tx,
  movement: PointsMovement,
): Promise<{ amount: number; balance: number } | null> {
  const { customerId, branchId, amount } = movement;
  await tx.insert(t.loyaltyBalances).values({ customerId, branchId, balance: 0 }).onConflictDoNothing();
  const [locked] = await tx
    .select({ balance: t.loyaltyBalances.balance })
    .from(t.loyaltyBalances)
    .where(and(eq(t.loyaltyBalances.customerId, customerId), eq(t.loyaltyBalances.branchId, branchId)))
    .for('update');
  const balance = locked?.balance ?? 0;
  const inserted = await tx
    .insert(t.loyaltyPointsLedger)
    .values({
      customerId,
      branchId,
      orderId: movement.orderId,
      orderCode: movement.orderCode,
      reason: movement.reason,
      amount,
      postBalance: balance + amount,
      createdAt: movement.now,
    })
    .onConflictDoNothing({
      target: [t.loyaltyPointsLedger.orderId, t.loyaltyPointsLedger.reason],
      where: sql`order_id is not null`,
    })
    .returning({ id: t.loyaltyPointsLedger.id });
  if (inserted.length === 0) return null;
  await tx
    .update(t.loyaltyBalances)
    .set({ balance: balance + amount })
    .where(and(eq(t.loyaltyBalances.customerId, customerId), eq(t.loyaltyBalances.branchId, branchId)));
  return { amount, balance: balance + amount };
}

/** A cancelled order gives its discount code's use back: the count, and a limited code's hold. */
async function releaseDiscountCode(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(t.discountCodeUsages)
    .set({ status: 'EXPIRED' })
    .where(and(eq(t.discountCodeUsages.orderId, orderId), eq(t.discountCodeUsages.status, 'USED')));
  const codes = await tx
    .select({ id: t.orderDiscounts.discountReferenceId })
    .from(t.orderDiscounts)
    .where(and(eq(t.orderDiscounts.orderId, orderId), sql`${t.orderDiscounts.code} is not null`));
  const ids = codes.map((row) => row.id).filter((id): id is number => id !== null);
  if (ids.length > 0)
    await tx
      .update(t.discountCodes)
      .set({ usesCount: sql`greatest(${t.discountCodes.usesCount} - 1, 0)` })
      .where(inArray(t.discountCodes.id, ids));
}
