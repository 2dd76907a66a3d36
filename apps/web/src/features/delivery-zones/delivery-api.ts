/**
 * The delivery screen's calls and its editing model. The owner types amounts and distances as text
 * ('1.500', '2,5'): the draft keeps what was typed, and `zonesInputOf` turns it into the API's numbers
 * (an empty or unreadable field becomes NaN, which core's rules and the server refuse by name).
 */
import type { LatLng } from '@comanda/core';
import type { ZoneDraft, ZoneShape } from '@comanda/core/back-office';
import type {
  DeliveryZoneInput,
  GeocodedAddress,
  OwnerDeliveryZones,
  ZoneCheck,
} from '@comanda/core/contract';
import { apiGet, apiPut } from '../../api/api.ts';

export const deliveryApi = {
  zones: (contactId: number, signal?: AbortSignal) =>
    apiGet<OwnerDeliveryZones>(`/api/console/shop/${contactId}/zones`, { signal }),
  saveZones: (contactId: number, zones: DeliveryZoneInput[]) =>
    apiPut<OwnerDeliveryZones>(`/api/console/shop/${contactId}/zones`, { zones }),
  check: (contactId: number, point: LatLng, total: number, signal?: AbortSignal) =>
    apiGet<ZoneCheck>(`/api/console/shop/${contactId}/zones/check`, {
      query: { lat: point.lat, lng: point.lng, total },
      signal,
    }),
  suggest: (contactId: number, q: string, signal?: AbortSignal) =>
    apiGet<GeocodedAddress[]>('/api/geocode/suggest', { query: { q, branchContactId: contactId }, signal }),
};

export const deliveryQueries = {
  zones: (contactId: number) => ({
    queryKey: ['back-office', 'zones', contactId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => deliveryApi.zones(contactId, signal),
    staleTime: 0,
  }),
};

export interface TierDraft {
  key: string;
  /** km for a distance tier, an amount for a total tier */
  limit: string;
  cashFee: string;
  otherFee: string;
}

export interface ZoneEdit {
  key: string;
  name: string;
  shape: ZoneShape;
  /** a circle's radius in km, as typed (the map's handle writes it too) */
  radiusKm: string;
  cashFee: string;
  otherFee: string;
  minimumOrder: string;
  /** empty: no free delivery */
  freeDeliveryFrom: string;
  acceptsCash: boolean;
  active: boolean;
  distanceTiers: TierDraft[];
  totalTiers: TierDraft[];
}

let nextKey = 0;
export const newKey = (prefix: string) => `${prefix}-${++nextKey}`;

/** '1500' or '1500.5' as '1500' / '1500,5': how an amount is shown in a field. */
export function amountText(value: number): string {
  return Number.isFinite(value) ? String(value).replace('.', ',') : '';
}

/** A typed amount or distance: '1.500' (thousands), '2,5' and '2.5' (decimals); NaN when it is none. */
export function parseTyped(text: string): number {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!trimmed) return Number.NaN;
  // a dot followed by exactly three digits is a thousands separator (1.500); otherwise a decimal point
  const normalised = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(trimmed)
    ? trimmed.replace(/\./g, '').replace(',', '.')
    : trimmed.replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

const kmText = (meters: number) => amountText(Math.round(meters / 100) / 10);

export function zoneEditOf(zone: DeliveryZoneInput): ZoneEdit {
  return {
    key: newKey('zone'),
    name: zone.name,
    shape: zone.shape,
    radiusKm: zone.shape.type === 'CIRCLE' ? kmText(zone.shape.radiusMeters) : '',
    cashFee: amountText(zone.cashFee),
    otherFee: amountText(zone.otherFee),
    minimumOrder: amountText(zone.minimumOrder),
    freeDeliveryFrom: zone.freeDeliveryFrom === null ? '' : amountText(zone.freeDeliveryFrom),
    acceptsCash: zone.acceptsCash,
    active: zone.active,
    distanceTiers: zone.distanceTiers.map((tier) => ({
      key: newKey('tier'),
      limit: amountText(tier.upToMeters / 1000),
      cashFee: amountText(tier.cashFee),
      otherFee: amountText(tier.otherFee),
    })),
    totalTiers: zone.totalTiers.map((tier) => ({
      key: newKey('tier'),
      limit: amountText(tier.fromTotal),
      cashFee: amountText(tier.cashFee),
      otherFee: amountText(tier.otherFee),
    })),
  };
}

/** The shape as saved: a circle's radius is the typed km. */
export function shapeOf(zone: ZoneEdit): ZoneShape {
  return zone.shape.type === 'CIRCLE'
    ? { ...zone.shape, radiusMeters: Math.round(parseTyped(zone.radiusKm) * 1000) }
    : zone.shape;
}

export function zoneInputOf(zone: ZoneEdit): DeliveryZoneInput {
  const free = zone.freeDeliveryFrom.trim();
  return {
    name: zone.name,
    shape: shapeOf(zone),
    cashFee: parseTyped(zone.cashFee),
    otherFee: parseTyped(zone.otherFee),
    minimumOrder: zone.minimumOrder.trim() ? parseTyped(zone.minimumOrder) : 0,
    freeDeliveryFrom: free ? parseTyped(free) : null,
    acceptsCash: zone.acceptsCash,
    active: zone.active,
    distanceTiers: zone.distanceTiers.map((tier) => ({
      upToMeters: Math.round(parseTyped(tier.limit) * 1000),
      cashFee: parseTyped(tier.cashFee),
      otherFee: parseTyped(tier.otherFee),
    })),
    totalTiers: zone.totalTiers.map((tier) => ({
      fromTotal: parseTyped(tier.limit),
      cashFee: parseTyped(tier.cashFee),
      otherFee: parseTyped(tier.otherFee),
    })),
  };
}

export const zoneDraftOf = (zone: ZoneEdit): ZoneDraft => zoneInputOf(zone);

/** A square of about `halfKm` to each side of a point: where a new polygon starts, to be reshaped. */
export function squareAround(center: LatLng, halfKm: number): LatLng[] {
  const dLat = halfKm / 111.195;
  const dLng = halfKm / (111.195 * Math.cos((center.lat * Math.PI) / 180));
  return [
    { lat: center.lat - dLat, lng: center.lng - dLng },
    { lat: center.lat - dLat, lng: center.lng + dLng },
    { lat: center.lat + dLat, lng: center.lng + dLng },
    { lat: center.lat + dLat, lng: center.lng - dLng },
  ];
}

export function newZone(origin: LatLng, type: ZoneShape['type'], name: string): ZoneEdit {
  return {
    key: newKey('zone'),
    name,
    shape:
      type === 'CIRCLE'
        ? { type: 'CIRCLE', center: origin, radiusMeters: 2000 }
        : { type: 'POLYGON', points: squareAround(origin, 1.5) },
    radiusKm: type === 'CIRCLE' ? '2' : '',
    cashFee: '',
    otherFee: '',
    minimumOrder: '0',
    freeDeliveryFrom: '',
    acceptsCash: true,
    active: true,
    distanceTiers: [],
    totalTiers: [],
  };
}

/**
 * Problems by where they go: `fields['2.cashFee']`, `fields['2.distanceTiers.0.upToMeters']`; those of
 * the list or of a whole zone's shape in `general`. Paths come from core ('2.cashFee') or the server
 * ('zones.2.cashFee').
 */
export function problemsByField(errors: readonly unknown[] | undefined): {
  fields: Record<string, string>;
  general: string[];
} {
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const item of errors ?? []) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const where = typeof path === 'string' ? path.replace(/^zones\.?/, '') : '';
    if (/^\d+\./.test(where)) fields[where] ??= message;
    else if (!general.includes(message)) general.push(message);
  }
  return { fields, general };
}
