import { TRACKING_UPDATE_EVENT, trackingChannel } from '@comanda/core';
import type { TrackingInfo } from '@comanda/core/contract';
import type { Bus } from '../../platform/bus.ts';
import type { Db } from '../../platform/db.ts';
import { loadTrackingInfo, riderShipmentsInProgress } from './queries.ts';

/**
 * Rebuilds a shipment's tracking info and sends it on 'tracking-{id}'. Call it after every change the
 * tracking page shows: the shipment's status, its rider, or the rider's position.
 */
export async function publishTracking(db: Db, bus: Bus, shipmentId: number): Promise<TrackingInfo | null> {
  const info = await loadTrackingInfo(db, shipmentId);
  if (info) await bus.publish(trackingChannel(info.id), TRACKING_UPDATE_EVENT, info);
  return info;
}

/** After a rider moved: every tracking page of the rider's shipments in progress. */
export async function publishRiderTracking(db: Db, bus: Bus, riderId: number): Promise<number[]> {
  const ids = await riderShipmentsInProgress(db, riderId);
  for (const id of ids) await publishTracking(db, bus, id);
  return ids;
}
