/**
 * The owner's delivery zones (issue 27, `/console/envios`): what makes a set of zones one the storefront
 * can serve. A zone is a polygon drawn on the map or a circle around a point, with its fees, minimum
 * order and free-delivery threshold, and optional fee tiers by distance from the shop and by the
 * products' total (core's checkout/delivery-zone.ts prices them). The list's order is the priority:
 * where zones overlap, the first one that contains the address serves it.
 */
import { distanceInMeters, type LatLng } from '../geo.ts';

export const MAX_DELIVERY_ZONES = 30;
export const MAX_ZONE_POINTS = 200;
export const MAX_FEE_TIERS = 10;
export const MIN_CIRCLE_RADIUS_METERS = 100;
export const MAX_CIRCLE_RADIUS_METERS = 50_000;
/** A zone this far from its shop is almost surely a mistake (a point dropped in the wrong city). */
export const MAX_ZONE_DISTANCE_METERS = 100_000;
export const MAX_ZONE_NAME_LENGTH = 60;

/** What the delivery screen (and the server, and the business import) says about zones; voseo. */
export const DELIVERY_ZONE_MESSAGES = {
  nameRequired: 'Poné un nombre a la zona.',
  nameTooLong: `El nombre de la zona puede tener hasta ${MAX_ZONE_NAME_LENGTH} caracteres.`,
  nameRepeated: 'Ya hay una zona llamada "{name}". Usá otro nombre.',
  tooMany: `Podés tener hasta ${MAX_DELIVERY_ZONES} zonas.`,
  polygonTooSmall: 'La zona {name} necesita al menos 3 puntos en el mapa.',
  polygonTooLarge: `La zona {name} tiene demasiados puntos (hasta ${MAX_ZONE_POINTS}).`,
  polygonCrosses: 'El borde de la zona {name} se cruza consigo mismo. Redibujala.',
  radiusOutOfRange: 'El radio de la zona {name} tiene que estar entre 100 m y 50 km.',
  tooFar: 'La zona {name} queda a más de 100 km del local. Revisá dónde la dibujaste.',
  amountInvalid: 'Usá montos de 0 o más.',
  freeFromInvalid: 'El envío gratis tiene que empezar en un monto mayor a 0, o dejalo vacío.',
  tooManyTiers: `Podés cargar hasta ${MAX_FEE_TIERS} escalones.`,
  distanceTierInvalid: 'Cada escalón por distancia va de 0,1 a 100 km.',
  distanceTiersOrder:
    'En la zona {name}, los escalones por distancia tienen que ir de menor a mayor, sin repetirse.',
  totalTierInvalid: 'Cada escalón por total empieza en un monto mayor a 0.',
  totalTiersOrder:
    'En la zona {name}, los escalones por total tienen que ir de menor a mayor, sin repetirse.',
  totalTiersRise: 'En la zona {name}, cada escalón por total tiene que costar igual o menos que el anterior.',
  /** a request that is not a list of zones */
  zonesInvalid: 'Revisá las zonas: cada una lleva nombre, forma en el mapa y tarifas.',
} as const;

export type ZoneShape =
  | { type: 'POLYGON'; points: LatLng[] }
  | { type: 'CIRCLE'; center: LatLng; radiusMeters: number };

/** A zone as the owner edits it; amounts in any one unit (the checks only compare them). */
export interface ZoneDraft {
  name: string;
  shape: ZoneShape;
  cashFee: number;
  otherFee: number;
  minimumOrder: number;
  freeDeliveryFrom: number | null;
  distanceTiers: readonly { upToMeters: number; cashFee: number; otherFee: number }[];
  totalTiers: readonly { fromTotal: number; cashFee: number; otherFee: number }[];
}

export interface ZoneProblem {
  /** 'n.name', 'n.shape', 'n.cashFee', 'n.distanceTiers.m', … for the nth zone; '' for the list */
  path: string;
  message: string;
}

const named = (message: string, name: string) => message.replace('{name}', name.trim() || 'sin nombre');

/** Whether segments p1p2 and p3p4 cross (touching at a shared end does not count). */
function segmentsCross(p1: LatLng, p2: LatLng, p3: LatLng, p4: LatLng): boolean {
  const side = (a: LatLng, b: LatLng, c: LatLng) =>
    Math.sign((b.lng - a.lng) * (c.lat - a.lat) - (b.lat - a.lat) * (c.lng - a.lng));
  const d1 = side(p3, p4, p1);
  const d2 = side(p3, p4, p2);
  const d3 = side(p1, p2, p3);
  const d4 = side(p1, p2, p4);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Whether a closed ring's edges cross one another (a bow tie): such an outline has no clear inside. */
export function polygonCrossesItself(points: readonly LatLng[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      // the first and the last edge share a vertex
      if (i === 0 && j === n - 1) continue;
      const a = points[i] as LatLng;
      const b = points[(i + 1) % n] as LatLng;
      const c = points[j] as LatLng;
      const d = points[(j + 1) % n] as LatLng;
      if (segmentsCross(a, b, c, d)) return true;
    }
  }
  return false;
}

/** The points that tell how far a zone reaches: its centre, or its polygon's vertices. */
function nearestPointTo(shape: ZoneShape, origin: LatLng): number {
  if (shape.type === 'CIRCLE')
    return Math.max(0, distanceInMeters(origin, shape.center) - shape.radiusMeters);
  return Math.min(...shape.points.map((point) => distanceInMeters(origin, point)));
}

const isAmount = (value: number) => Number.isFinite(value) && value >= 0;

/**
 * What is wrong with a shop's zones, in the owner's words: names missing or repeated, a polygon with
 * under 3 points or whose border crosses itself, a circle too small or too large, a zone over 100 km
 * from the shop (`origin`), negative amounts, a free-delivery threshold of 0, tiers out of order or a
 * total tier dearer than the one before it (the diner pays the lowest fee that applies, so it would
 * never be charged). Empty when the zones can be saved.
 */
export function deliveryZoneProblems(zones: readonly ZoneDraft[], origin: LatLng): ZoneProblem[] {
  const problems: ZoneProblem[] = [];
  if (zones.length > MAX_DELIVERY_ZONES) problems.push({ path: '', message: DELIVERY_ZONE_MESSAGES.tooMany });
  const seen = new Set<string>();
  zones.forEach((zone, index) => {
    const at = (field: string, message: string) =>
      problems.push({ path: field ? `${index}.${field}` : `${index}`, message: named(message, zone.name) });
    const name = zone.name.trim();
    if (!name) at('name', DELIVERY_ZONE_MESSAGES.nameRequired);
    else if (name.length > MAX_ZONE_NAME_LENGTH) at('name', DELIVERY_ZONE_MESSAGES.nameTooLong);
    else if (seen.has(name.toLocaleLowerCase('es'))) at('name', DELIVERY_ZONE_MESSAGES.nameRepeated);
    seen.add(name.toLocaleLowerCase('es'));

    const { shape } = zone;
    let drawable = true;
    if (shape.type === 'POLYGON') {
      if (shape.points.length < 3) {
        at('shape', DELIVERY_ZONE_MESSAGES.polygonTooSmall);
        drawable = false;
      } else if (shape.points.length > MAX_ZONE_POINTS) {
        at('shape', DELIVERY_ZONE_MESSAGES.polygonTooLarge);
        drawable = false;
      } else if (polygonCrossesItself(shape.points)) at('shape', DELIVERY_ZONE_MESSAGES.polygonCrosses);
    } else if (
      !(shape.radiusMeters >= MIN_CIRCLE_RADIUS_METERS && shape.radiusMeters <= MAX_CIRCLE_RADIUS_METERS)
    ) {
      at('shape', DELIVERY_ZONE_MESSAGES.radiusOutOfRange);
      drawable = false;
    }
    if (drawable && nearestPointTo(shape, origin) > MAX_ZONE_DISTANCE_METERS)
      at('shape', DELIVERY_ZONE_MESSAGES.tooFar);

    for (const field of ['cashFee', 'otherFee', 'minimumOrder'] as const)
      if (!isAmount(zone[field])) at(field, DELIVERY_ZONE_MESSAGES.amountInvalid);
    if (zone.freeDeliveryFrom !== null && !(zone.freeDeliveryFrom > 0))
      at('freeDeliveryFrom', DELIVERY_ZONE_MESSAGES.freeFromInvalid);

    if (zone.distanceTiers.length > MAX_FEE_TIERS) at('distanceTiers', DELIVERY_ZONE_MESSAGES.tooManyTiers);
    zone.distanceTiers.forEach((tier, t) => {
      if (!(tier.upToMeters >= 100 && tier.upToMeters <= MAX_ZONE_DISTANCE_METERS))
        at(`distanceTiers.${t}.upToMeters`, DELIVERY_ZONE_MESSAGES.distanceTierInvalid);
      else if (t > 0 && !(tier.upToMeters > (zone.distanceTiers[t - 1]?.upToMeters ?? 0)))
        at(`distanceTiers.${t}.upToMeters`, DELIVERY_ZONE_MESSAGES.distanceTiersOrder);
      if (!isAmount(tier.cashFee)) at(`distanceTiers.${t}.cashFee`, DELIVERY_ZONE_MESSAGES.amountInvalid);
      if (!isAmount(tier.otherFee)) at(`distanceTiers.${t}.otherFee`, DELIVERY_ZONE_MESSAGES.amountInvalid);
    });

    if (zone.totalTiers.length > MAX_FEE_TIERS) at('totalTiers', DELIVERY_ZONE_MESSAGES.tooManyTiers);
    zone.totalTiers.forEach((tier, t) => {
      const previous = zone.totalTiers[t - 1];
      if (!(tier.fromTotal > 0)) at(`totalTiers.${t}.fromTotal`, DELIVERY_ZONE_MESSAGES.totalTierInvalid);
      else if (previous && !(tier.fromTotal > previous.fromTotal))
        at(`totalTiers.${t}.fromTotal`, DELIVERY_ZONE_MESSAGES.totalTiersOrder);
      if (!isAmount(tier.cashFee)) at(`totalTiers.${t}.cashFee`, DELIVERY_ZONE_MESSAGES.amountInvalid);
      if (!isAmount(tier.otherFee)) at(`totalTiers.${t}.otherFee`, DELIVERY_ZONE_MESSAGES.amountInvalid);
      if (previous && (tier.cashFee > previous.cashFee || tier.otherFee > previous.otherFee))
        at(`totalTiers.${t}.cashFee`, DELIVERY_ZONE_MESSAGES.totalTiersRise);
    });
  });
  return problems;
}

/** '2 km', '1,5 km', '800 m': how the screen and the change log name a distance. */
export function formatTierDistance(meters: number): string {
  if (meters < 1000) return `${Math.round(meters)} m`;
  const km = Math.round(meters / 100) / 10;
  return `${String(km).replace('.', ',')} km`;
}
