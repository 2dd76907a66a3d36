/**
 * Whether a delivery can be carried now (issue 28, storefront.md's 'no riders'): a shop that relies on
 * its own riders (`ownFleet`) needs one of them on shift; any other shop hands deliveries to its
 * logistics or its own staff. One indexed lookup, asked by the fee lookup and by order placement.
 */
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

export async function ridersCanCarry(
  db: Db,
  contact: { id: number; ownFleet: boolean },
  modeType: string,
): Promise<boolean> {
  if (modeType !== 'DELIVERY' || !contact.ownFleet) return true;
  const [rider] = await db
    .select({ id: t.riders.id })
    .from(t.riders)
    .where(and(eq(t.riders.branchContactId, contact.id), eq(t.riders.active, true)))
    .limit(1);
  return rider !== undefined;
}
