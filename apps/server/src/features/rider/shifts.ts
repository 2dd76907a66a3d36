/**
 * How a rider's shift ends, for the rider's own 'Finalizar turno' (registration.ts) and for the owner
 * who deactivates a rider on shift (features/team): off shift, and every token of the shift revoked, but
 * never while a shipment of theirs is under way.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { revokeSessionsOf } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';

type RiderRow = typeof t.riders.$inferSelect;

export const SHIPMENTS_IN_PROGRESS: (typeof t.SHIPMENT_STATUS_VALUES)[number][] = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

/** Whether the rider carries a shipment that has not been delivered or cancelled yet. */
export async function hasShipmentInProgress(db: Db | Tx, riderId: number): Promise<boolean> {
  const [busy] = await db
    .select({ id: t.shipments.id })
    .from(t.shipments)
    .where(and(eq(t.shipments.riderId, riderId), inArray(t.shipments.status, SHIPMENTS_IN_PROGRESS)))
    .limit(1);
  return Boolean(busy);
}

/**
 * Ends the shift (the caller checked `hasShipmentInProgress`): off shift, with `also` (the owner's
 * deactivation) in the same write, and the shift's tokens revoked. Answers the rider as now stored.
 */
export async function endShift(
  db: Db | Tx,
  riderId: number,
  also: { disabledAt?: Date } = {},
): Promise<RiderRow | undefined> {
  const [updated] = await db
    .update(t.riders)
    .set({ active: false, ...also })
    .where(eq(t.riders.id, riderId))
    .returning();
  await revokeSessionsOf(db, 'RIDER', riderId);
  return updated;
}
