import { distanceInMeters, type LatLng, pointInPolygon } from '../geo.ts';

/** A circle zone: every address within `radiusMeters` (straight line) of `center`. */
export interface ZoneCircle {
  center: LatLng;
  radiusMeters: number;
}

/**
 * A fee tier by distance (issue 27): addresses up to `upToMeters` from the shop (straight line) pay
 * these fees instead of the zone's; past the last tier the zone's own fees apply.
 */
export interface DistanceFeeTier {
  upToMeters: number;
  cashFee: number;
  otherFee: number;
}

/** A fee tier by order total (issue 27): from `fromTotal` in products, the fee drops to these. */
export interface TotalFeeTier {
  fromTotal: number;
  cashFee: number;
  otherFee: number;
}

/** A delivery zone of a branch contact; amounts in minor units. */
export interface DeliveryZoneRule {
  id: number;
  name: string;
  /** The outline of a polygon zone; empty for a circle zone. */
  polygon: LatLng[];
  /** A circle zone; null or absent for a polygon zone. */
  circle?: ZoneCircle | null;
  cashFee: number;
  otherFee: number;
  minimumOrder: number;
  freeDeliveryFrom: number | null;
  /** Riders of this zone take cash. */
  acceptsCash: boolean;
  /** Lower first: inner zones come before the rings around them. */
  priority: number;
  /** Fees by distance from the shop; resolved by `deliveryZoneAt`, which knows where the shop is. */
  distanceTiers?: readonly DistanceFeeTier[];
  /** Fees by the products' total; applied by `deliveryFeeOf`. */
  totalTiers?: readonly TotalFeeTier[];
}

/** Whether the zone covers the point: inside its circle, or inside its polygon. */
export function zoneContains(zone: Pick<DeliveryZoneRule, 'polygon' | 'circle'>, point: LatLng): boolean {
  if (zone.circle) return distanceInMeters(zone.circle.center, point) <= zone.circle.radiusMeters;
  return zone.polygon.length >= 3 && pointInPolygon(point, zone.polygon);
}

/** The zone that serves an address: the first by priority that contains it, or null (out of area). */
export function findDeliveryZone<Zone extends DeliveryZoneRule>(
  zones: readonly Zone[],
  point: LatLng,
): Zone | null {
  const ordered = [...zones].sort((a, b) => a.priority - b.priority || a.id - b.id);
  return ordered.find((zone) => zoneContains(zone, point)) ?? null;
}

/** The distance tier an address that far from the shop falls in, or null past the last one. */
export function distanceTierOf(
  tiers: readonly DistanceFeeTier[] | undefined,
  distanceMeters: number,
): DistanceFeeTier | null {
  const ordered = [...(tiers ?? [])].sort((a, b) => a.upToMeters - b.upToMeters);
  return ordered.find((tier) => distanceMeters <= tier.upToMeters) ?? null;
}

/**
 * The zone serving an address, priced for it: the fees of the distance tier the address falls in (the
 * straight line from the shop, `origin`) replace the zone's. The server answers the diner with this
 * zone's fees, and verifies the order's fee against it. Null out of area.
 */
export function deliveryZoneAt(
  zones: readonly DeliveryZoneRule[],
  point: LatLng,
  origin: LatLng,
): (DeliveryZoneRule & { distanceMeters: number }) | null {
  const zone = findDeliveryZone(zones, point);
  if (!zone) return null;
  const distanceMeters = distanceInMeters(origin, point);
  const tier = distanceTierOf(zone.distanceTiers, distanceMeters);
  return {
    ...zone,
    ...(tier ? { cashFee: tier.cashFee, otherFee: tier.otherFee } : {}),
    distanceTiers: [],
    distanceMeters,
  };
}

/** The total tier an order with these products reaches (the highest `fromTotal` at or under it), or null. */
export function totalTierOf(
  tiers: readonly TotalFeeTier[] | undefined,
  itemsPrice: number,
): TotalFeeTier | null {
  let reached: TotalFeeTier | null = null;
  for (const tier of tiers ?? []) {
    if (itemsPrice >= tier.fromTotal && (!reached || tier.fromTotal > reached.fromTotal)) reached = tier;
  }
  return reached;
}

/**
 * The delivery fee charged for an order (storefront.md section 9): it differs for cash and other
 * payments, and is zero once the products reach the zone's free-delivery threshold. A total tier the
 * order reaches lowers the fee; it never raises it: the diner pays the lowest fee that applies.
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
  const base = input.isCash ? zone.cashFee : zone.otherFee;
  const tier = totalTierOf(zone.totalTiers, input.itemsPrice);
  if (!tier) return base;
  return Math.min(base, input.isCash ? tier.cashFee : tier.otherFee);
}
