import { type LatLng, pointInPolygon } from '../geo.ts';

/** A delivery zone of a branch contact; amounts in minor units. */
export interface DeliveryZoneRule {
  id: number;
  name: string;
  polygon: LatLng[];
  cashFee: number;
  otherFee: number;
  minimumOrder: number;
  freeDeliveryFrom: number | null;
  /** Riders of this zone take cash. */
  acceptsCash: boolean;
  /** Lower first: inner zones come before the rings around them. */
  priority: number;
}

/** The zone that serves an address: the first by priority that contains it, or null (out of area). */
export function findDeliveryZone(zones: readonly DeliveryZoneRule[], point: LatLng): DeliveryZoneRule | null {
  const ordered = [...zones].sort((a, b) => a.priority - b.priority || a.id - b.id);
  return ordered.find((zone) => pointInPolygon(point, zone.polygon)) ?? null;
}

/**
 * The delivery fee charged for an order (storefront.md section 9): it differs for cash and other
 * payments, and is zero once the products reach the zone's free-delivery threshold.
 */
export function deliveryFeeOf(
  zone: DeliveryZoneRule,
  input: { isCash: boolean; itemsPrice: number },
): number {
  if (
    zone.freeDeliveryFrom !== null &&
    zone.freeDeliveryFrom > 0 &&
    input.itemsPrice >= zone.freeDeliveryFrom
  )
    return 0;
  return input.isCash ? zone.cashFee : zone.otherFee;
}
