/**
 * An order's history, read from the engine's status_events: the order's own moves, its shipments' and
 * payments', and those of the stacks its shipments rode in, oldest first, each written in Spanish by
 * core (historyLabel) with the name of the person who made it.
 */
import {
  fromMinor,
  type HistoryActor,
  type HistoryEvent,
  historyLabel,
  type LifecycleEntity,
  type OrderStep,
  orderSteps,
} from '@comanda/core';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

export async function loadOrderHistory(db: Db, orderId: number, decimals: number): Promise<HistoryEvent[]> {
  const stacks = db
    .selectDistinct({ id: t.shipments.shipmentStackId })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .where(and(eq(t.logisticsOrders.orderId, orderId), isNotNull(t.shipments.shipmentStackId)));
  const rows = await db
    .select({
      event: t.statusEvents,
      staffName: t.staffAccounts.name,
      riderName: t.riders.name,
    })
    .from(t.statusEvents)
    .leftJoin(t.staffAccounts, eq(t.staffAccounts.id, t.statusEvents.staffId))
    .leftJoin(t.riders, eq(t.riders.id, t.statusEvents.riderId))
    .where(
      or(
        eq(t.statusEvents.orderId, orderId),
        and(eq(t.statusEvents.entity, 'STACK'), inArray(t.statusEvents.entityId, stacks)),
      ),
    )
    .orderBy(asc(t.statusEvents.createdAt), asc(t.statusEvents.id));
  return rows.map(({ event, staffName, riderName }) => ({
    at: event.createdAt.toISOString(),
    entity: event.entity as LifecycleEntity,
    entityId: event.entityId,
    from: event.fromStatus,
    to: event.toStatus,
    via: event.via,
    label: historyLabel(event.entity as LifecycleEntity, event.fromStatus, event.toStatus, event.via),
    actor: event.actor as HistoryActor,
    actorName: staffName ?? riderName ?? null,
    reason: event.reason,
    amount: event.amount === null ? null : fromMinor(event.amount, decimals),
  }));
}

/** The diner's steps: the order's own moves with their times (names and reasons stay with the shop). */
export async function loadOrderSteps(db: Db, orderId: number): Promise<OrderStep[]> {
  const rows = await db
    .select({ from: t.statusEvents.fromStatus, to: t.statusEvents.toStatus, at: t.statusEvents.createdAt })
    .from(t.statusEvents)
    .where(and(eq(t.statusEvents.orderId, orderId), eq(t.statusEvents.entity, 'ORDER')))
    .orderBy(asc(t.statusEvents.createdAt), asc(t.statusEvents.id));
  return orderSteps(rows.map((row) => ({ from: row.from, to: row.to, at: row.at.toISOString() })));
}
