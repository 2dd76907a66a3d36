/**
 * Multi-drop stacks (post-order-and-logistics.md: shipment stacks, 'Multientrega'): when the shop asks a
 * rider for an order whose drop-off lies the same way as another order still waiting for a rider, both
 * go in one stack, so one rider takes them together. "The same way": seen from the shop, the two
 * drop-offs are within 35 degrees of each other, and no more than 2 km apart.
 */
import { distanceInMeters, type LatLng } from '../geo.ts';

export const STACK_MAX_ANGLE_DEGREES = 35;
export const STACK_MAX_DISTANCE_METERS = 2000;
/** A stack carries at most this many drop-offs. */
export const STACK_MAX_SHIPMENTS = 4;

/** Compass bearing from `from` to `to`, in degrees from north (0-360). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const φ1 = from.lat * rad;
  const φ2 = to.lat * rad;
  const Δλ = (to.lng - from.lng) * rad;
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

function angleBetween(a: number, b: number): number {
  const difference = Math.abs(a - b) % 360;
  return difference > 180 ? 360 - difference : difference;
}

export function goesTheSameWay(shop: LatLng, a: LatLng, b: LatLng): boolean {
  return (
    distanceInMeters(a, b) <= STACK_MAX_DISTANCE_METERS &&
    angleBetween(bearingDegrees(shop, a), bearingDegrees(shop, b)) <= STACK_MAX_ANGLE_DEGREES
  );
}

export interface StackCandidate {
  shipmentId: number;
  /** the stack it is already in, if any */
  stackId: number | null;
  /** how many shipments that stack (or this lone shipment) already has */
  stackSize: number;
  destination: LatLng;
}

/**
 * The waiting shipment (alone or in a stack with room) the new drop-off should join: the one going the
 * same way whose drop-off is nearest to the new one; null to go alone.
 */
export function pickStackPartner(shop: LatLng, destination: LatLng, candidates: readonly StackCandidate[]) {
  let best: StackCandidate | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate.stackSize >= STACK_MAX_SHIPMENTS) continue;
    if (!goesTheSameWay(shop, destination, candidate.destination)) continue;
    const distance = distanceInMeters(destination, candidate.destination);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
