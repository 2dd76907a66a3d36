/**
 * After a change is committed: the follow-up page of the order, the console boards of its contact and
 * the tracking pages of the shipments it touched learn of it. A failed publish is logged and never turns
 * a saved change into an error (the pages also refresh on their own).
 */
import {
  CONSOLE_ORDER_EVENT,
  contactOrdersChannel,
  contactShipmentsChannel,
  ORDER_UPDATE_EVENT,
  orderChannel,
  SHIPMENT_CHANGE_EVENT,
  type ShipmentChange,
} from '@comanda/core';
import type { ConsoleOrder } from '@comanda/core/contract';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Db } from '../../platform/db.ts';
import { loadConsoleOrder } from '../console/console-orders.ts';
import { findContactOrder, loadFollowUp } from '../follow-up/queries.ts';
import { publishTracking } from '../tracking/publish.ts';
import type { AfterCommit } from './engine.ts';

export interface PublishDeps {
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  now: Date;
}

export async function publishOrderChange(
  deps: PublishDeps,
  orderId: number,
  options: { shipmentIds?: readonly number[]; followUp?: boolean } = {},
): Promise<ConsoleOrder | null> {
  const { shipmentIds = [], followUp = true } = options;
  const { db, bus } = deps;
  let card: ConsoleOrder | null = null;
  try {
    card = await loadConsoleOrder(db, orderId);
    if (!card) return null;
    // a new order's follow-up page is not open yet: its channel has nobody to tell
    const found = followUp ? await findContactOrder(db, { id: card.branchContactId }, card.code) : null;
    await Promise.all([
      bus.publish(contactOrdersChannel(card.branchContactId), CONSOLE_ORDER_EVENT, card),
      found
        ? bus.publish(orderChannel(orderId), ORDER_UPDATE_EVENT, await loadFollowUp(db, found, deps.now))
        : null,
      ...shipmentIds.map((id) => publishTracking(db, bus, id)),
    ]);
  } catch (error) {
    deps.log.error({ err: error, orderId }, 'publishing an order change failed');
  }
  // the card it read, so a caller answering with it does not read it again
  return card;
}

/** What a lifecycle run queued: each order's pages once, then each touched shipment's tracking page. */
export async function publishAfterCommit(deps: PublishDeps, after: AfterCommit): Promise<void> {
  const publish = async (orderId: number, followUp: boolean) => {
    const card = await publishOrderChange(deps, orderId, { followUp });
    if (card) after.cards.set(orderId, card);
  };
  for (const orderId of after.orderIds) await publish(orderId, true);
  for (const orderId of after.boardOnlyOrderIds)
    if (!after.orderIds.has(orderId)) await publish(orderId, false);
  for (const shipmentId of after.shipmentIds) {
    try {
      await publishTracking(deps.db, deps.bus, shipmentId);
    } catch (error) {
      deps.log.error({ err: error, shipmentId }, 'publishing a tracking change failed');
    }
  }
  await publishFleetChanges(deps, [...after.shipmentIds]);
}

/** Each touched shipment to its contact's riders: their open lists refresh, a new job rings. */
async function publishFleetChanges(deps: PublishDeps, shipmentIds: number[]): Promise<void> {
  if (shipmentIds.length === 0) return;
  try {
    const rows = await deps.db
      .select({
        shipmentId: t.shipments.id,
        status: t.shipments.status,
        riderId: t.shipments.riderId,
        contactId: t.shipments.branchContactId,
      })
      .from(t.shipments)
      .where(inArray(t.shipments.id, shipmentIds));
    await Promise.all(
      rows.map(({ contactId, ...change }) =>
        deps.bus.publish(
          contactShipmentsChannel(contactId),
          SHIPMENT_CHANGE_EVENT,
          change satisfies ShipmentChange,
        ),
      ),
    );
  } catch (error) {
    deps.log.error({ err: error, shipmentIds }, 'publishing a fleet change failed');
  }
}
