/**
 * After a change is committed: the follow-up page of the order, the console boards of its contact and
 * the tracking pages of the shipments it touched learn of it. A failed publish is logged and never turns
 * a saved change into an error (the pages also refresh on their own).
 */
import { CONSOLE_ORDER_EVENT, contactOrdersChannel, ORDER_UPDATE_EVENT, orderChannel } from '@comanda/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.ts';
import type { Db } from '../../platform/db.ts';
import { loadConsoleOrder } from '../console/console-orders.ts';
import { findContactOrder, loadFollowUp } from '../follow-up/queries.ts';
import { publishTracking } from '../tracking/publish.ts';

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
): Promise<void> {
  const { shipmentIds = [], followUp = true } = options;
  const { db, bus } = deps;
  try {
    const card = await loadConsoleOrder(db, orderId);
    if (!card) return;
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
}
