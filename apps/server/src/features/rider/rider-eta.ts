/**
 * The Rider entity's minETA and maxETA (post-order-and-logistics.md section 3): the window of the
 * deliveries the rider is working on, from their shipments' ETAs (set as the rider leaves the shop and
 * moved by each position the phone sends: update-etas.ts). Core's riderEtaWindow decides which count.
 */
import { riderEtaWindow } from '@comanda/core';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { SHIPMENTS_IN_PROGRESS } from './shifts.ts';

export interface RiderEta {
  minETA: string | null;
  maxETA: string | null;
}

export const NO_RIDER_ETA: RiderEta = { minETA: null, maxETA: null };

export async function riderEtaOf(db: Db, riderId: number): Promise<RiderEta> {
  const rows = await db
    .select({ status: t.shipments.status, minEta: t.shipments.minEta, maxEta: t.shipments.maxEta })
    .from(t.shipments)
    .leftJoin(t.shipmentStacks, eq(t.shipmentStacks.id, t.shipments.shipmentStackId))
    .where(
      and(
        // the rider's own shipments, or those of the stack the rider took
        or(
          eq(t.shipments.riderId, riderId),
          and(isNull(t.shipments.riderId), eq(t.shipmentStacks.riderId, riderId)),
        ),
        inArray(t.shipments.status, SHIPMENTS_IN_PROGRESS),
      ),
    );
  const { minETA, maxETA } = riderEtaWindow(rows);
  return { minETA: minETA?.toISOString() ?? null, maxETA: maxETA?.toISOString() ?? null };
}
