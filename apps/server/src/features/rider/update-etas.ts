/**
 * The delivery window follows the rider: each position the rider's phone sends while bringing orders
 * resets the window of those shipments from the distance left to their drop-offs.
 */
import { deliveryWindow, distanceInMeters } from '@comanda/core';
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

export async function updateEtasFromPosition(
  db: Db,
  riderId: number,
  position: { lat: number; lng: number },
  now: Date,
): Promise<void> {
  const rows = await db
    .select({ id: t.shipments.id, destination: t.orders.destination })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .where(
      and(
        eq(t.shipments.riderId, riderId),
        inArray(t.shipments.status, ['ON_ROUTE_TO_DROP_OFF', 'ON_ROUTE_TO_DROP_OFFS']),
      ),
    );
  for (const row of rows) {
    const { lat, lng } = row.destination ?? {};
    if (typeof lat !== 'number' || typeof lng !== 'number') continue;
    const window = deliveryWindow(distanceInMeters(position, { lat, lng }), now);
    await db.update(t.shipments).set(window).where(eq(t.shipments.id, row.id));
  }
}
