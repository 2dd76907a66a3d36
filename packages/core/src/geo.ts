import { formatDecimal, groupThousands } from './number-format.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** The mean earth radius; SQL that measures distances uses it too, so both agree with distanceInMeters. */
export const EARTH_RADIUS_METERS = 6371008.8;

/** The storefront's default map centre (Buenos Aires): lists without the diner's location measure from it. */
export const DEFAULT_MAP_CENTER: LatLng = { lat: -34.6037, lng: -58.3816 };

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance (haversine) on the mean earth radius. */
export function distanceInMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Branch cards show the distance in km with one decimal: 1234 -> '1,2 km'. */
export function formatDistanceKm(meters: number): string {
  return `${formatDecimal(meters / 1000, 1)} km`;
}

/** Guide cards show the distance in metres: 1234.4 -> '1.234 m'. */
export function formatDistanceMeters(meters: number): string {
  return `${groupThousands(Math.round(meters))} m`;
}

/**
 * Ray casting on lng (x) and lat (y); fine for delivery zones, which never span the antimeridian.
 * The ring may repeat its first vertex at the end or not. Points exactly on an edge may fall either way.
 */
export function pointInPolygon(point: LatLng, polygon: LatLng[]): boolean {
  let inside = false;
  const count = polygon.length;
  for (let i = 0, j = count - 1; i < count; j = i++) {
    const vi = polygon[i];
    const vj = polygon[j];
    if (vi === undefined || vj === undefined) continue;
    const crosses = vi.lat > point.lat !== vj.lat > point.lat;
    if (crosses && point.lng < ((vj.lng - vi.lng) * (point.lat - vi.lat)) / (vj.lat - vi.lat) + vi.lng) {
      inside = !inside;
    }
  }
  return inside;
}
