/**
 * The lifecycle engine: the one place that writes a status column (orders, shipments, shipment_stacks,
 * order_payments). Every move, whatever its entity, is the same three steps inside the caller's
 * transaction: a conditional update (`WHERE id = ? AND status = <the status it was seen in>`, so of two
 * moves at once exactly one lands), one `status_events` row (who, when, from, to, by which variant, why),
 * and the move's effects (the entity's own file: order-moves.ts, shipment-moves.ts, payment-moves.ts).
 * What must happen after commit (publishing to the live pages, asking the provider for a refund) is
 * queued on the run and carried out by `runLifecycle` once the transaction has committed.
 *
 * Core's tables (packages/core/src/lifecycle) decide which moves exist; this file only writes them.
 */
import type { LifecycleActor, LifecycleEntity } from '@comanda/core';
import type { ConsoleOrder } from '@comanda/core/contract';
import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type { PaymentGateway } from '../../platform/payments/index.ts';

/** What must happen once the moves are committed. */
export class AfterCommit {
  /** orders whose follow-up page and console card must hear of the change */
  readonly orderIds = new Set<number>();
  /** orders whose console card only must hear (a new order's follow-up page is not open yet) */
  readonly boardOnlyOrderIds = new Set<number>();
  /** shipments whose tracking page must hear */
  readonly shipmentIds = new Set<number>();
  /** refunds asked for in the transaction, to be made with the provider */
  readonly refundIds = new Set<number>();
  /** the console cards published after commit, by order id (a route answers with its own) */
  readonly cards = new Map<number, ConsoleOrder>();
}

/** A transaction in which lifecycle moves are made. */
export interface MoveContext {
  tx: Tx;
  now: Date;
  after: AfterCommit;
}

export interface LifecycleDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  now: Date;
  /** the shops' payment accounts, for refunds; without it a refund asked for waits for the sweep */
  gateway?: PaymentGateway | undefined;
}

/** Who made a move, as its event row records it. */
export interface MoveActor {
  actor: LifecycleActor;
  staffId?: number | null | undefined;
  riderId?: number | null | undefined;
}

const TABLES = {
  ORDER: t.orders,
  SHIPMENT: t.shipments,
  STACK: t.shipmentStacks,
  PAYMENT: t.orderPayments,
} as const;

export interface RowMove extends MoveActor {
  entity: LifecycleEntity;
  id: number;
  /** the order the row belongs to, for its history (null for a stack) */
  orderId: number | null;
  from: string;
  to: string;
  via?: string | null | undefined;
  reason?: string | null | undefined;
  /** money the move is about (minor units), for the history */
  amount?: number | null | undefined;
  /** other columns the move sets (a rider taken, a time stamped) */
  set?: Record<string, unknown>;
  /** a further condition of the update (the auction: no rider yet) */
  where?: SQL | undefined;
}

/**
 * The conditional update and its event row. Answers false when the row was no longer in `from` (or the
 * extra condition failed): nothing was written, and the caller says why in its own words.
 */
export async function applyMove(ctx: MoveContext, move: RowMove): Promise<boolean> {
  const table = TABLES[move.entity];
  const moved = await ctx.tx
    .update(table)
    // every lifecycle table has status and updatedAt; drizzle cannot see that through the union
    .set({ ...move.set, status: move.to, updatedAt: ctx.now } as never)
    .where(and(eq(table.id, move.id), eq(table.status, move.from as never), move.where))
    .returning({ id: table.id });
  if (moved.length === 0) return false;
  await recordEvent(ctx, move);
  return true;
}

/** The event row of a move, or of a row's creation (`from` null). */
export async function recordEvent(
  ctx: MoveContext,
  event: Omit<RowMove, 'from' | 'set' | 'where'> & { from: string | null },
): Promise<void> {
  await ctx.tx.insert(t.statusEvents).values({
    entity: event.entity,
    entityId: event.id,
    orderId: event.orderId,
    fromStatus: event.from,
    toStatus: event.to,
    via: event.via ?? null,
    actor: event.actor,
    staffId: event.staffId ?? null,
    riderId: event.riderId ?? null,
    reason: event.reason ?? null,
    amount: event.amount ?? null,
    createdAt: ctx.now,
  });
}

/** The engine's dependencies from the app, at this moment of its clock. */
export function lifecycleDepsOf(app: {
  deps: {
    database: { db: Db };
    bus: Bus;
    clock: () => Date;
    payments?: { gateway: PaymentGateway } | undefined;
  };
  appLog: FastifyBaseLogger;
}): LifecycleDeps {
  return {
    db: app.deps.database.db,
    bus: app.deps.bus,
    log: app.appLog,
    now: app.deps.clock(),
    gateway: app.deps.payments?.gateway,
  };
}
