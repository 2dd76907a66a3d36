/**
 * A Nominatim-compatible search service (OpenStreetMap's own, or a self-hosted one): `GET /search` in
 * jsonv2 with address details, restricted to the given countries, and `GET /reverse`. The public
 * service asks for an identifying User-Agent and at most one request a second, so calls are few
 * (the web debounces, the route caches and limits) and short (2 s).
 */
import type { GeocodedAddress } from '@comanda/core/contract';
import {
  DEFAULT_SUGGESTION_LIMIT,
  type Geocoder,
  GeocoderUnavailableError,
  type LatLng,
  type SuggestOptions,
} from './geocoder.ts';

export const NOMINATIM_PUBLIC_URL = 'https://nominatim.openstreetmap.org';

export interface NominatimOptions {
  baseUrl: string;
  /** Identifies this installation to the service (its usage policy asks for one). */
  userAgent: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The parts of a jsonv2 place this adapter reads. */
interface NominatimPlace {
  lat: string;
  lon: string;
  display_name?: string;
  address?: Partial<
    Record<
      | 'house_number'
      | 'road'
      | 'pedestrian'
      | 'neighbourhood'
      | 'suburb'
      | 'city_district'
      | 'city'
      | 'town'
      | 'village'
      | 'municipality'
      | 'county'
      | 'state'
      | 'postcode'
      | 'country_code',
      string
    >
  >;
}

/** About 20 km around the shop: places there come first, others still appear (viewbox, not bounded). */
const NEAR_DEGREES = 0.2;

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 2000;

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = `${base}${path}?${new URLSearchParams(params)}`;
    let res: Response;
    try {
      res = await doFetch(url, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json', 'Accept-Language': 'es' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailableError(`Nominatim ${path}: ${String(error)}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new GeocoderUnavailableError(`Nominatim ${path}: HTTP ${res.status}`);
    }
    try {
      return await res.json();
    } catch (error) {
      throw new GeocoderUnavailableError(`Nominatim ${path}: unreadable answer (${String(error)})`);
    }
  }

  return {
    name: 'NOMINATIM',

    async suggest(text: string, { countries, near, limit = DEFAULT_SUGGESTION_LIMIT }: SuggestOptions) {
      if (countries.length === 0) return [];
      const params: Record<string, string> = {
        format: 'jsonv2',
        addressdetails: '1',
        countrycodes: countries.join(','),
        limit: String(limit),
        'accept-language': 'es',
        q: text,
      };
      if (near) params.viewbox = viewboxAround(near);
      const answer = await get('/search', params);
      if (!Array.isArray(answer)) throw new GeocoderUnavailableError('Nominatim /search: not a list');
      const allowed = new Set<string>(countries);
      const found = answer
        .map((place) => addressOfPlace(place as NominatimPlace, typedNumberOf(text)))
        .filter((place): place is GeocodedAddress => place !== null && allowed.has(place.country));
      return uniqueBy(found, (place) => place.fullAddress).slice(0, limit);
    },

    async reverse(point: LatLng, { countries }) {
      const answer = await get('/reverse', {
        format: 'jsonv2',
        addressdetails: '1',
        'accept-language': 'es',
        lat: String(point.lat),
        lon: String(point.lng),
      });
      // nothing there answers {"error": "Unable to geocode"}
      if (!answer || typeof answer !== 'object' || 'error' in answer) return null;
      const place = addressOfPlace(answer as NominatimPlace, null);
      return place && (countries as readonly string[]).includes(place.country) ? place : null;
    },
  };
}

function viewboxAround({ lat, lng }: LatLng): string {
  const box = [lng - NEAR_DEGREES, lat + NEAR_DEGREES, lng + NEAR_DEGREES, lat - NEAR_DEGREES];
  return box.map((value) => Math.round(value * 1e6) / 1e6).join(',');
}

/**
 * A jsonv2 place as our address. House numbers are sparse in OpenStreetMap south of the equator: a
 * street found without one keeps the number the diner typed, so picking it does not lose it.
 */
export function addressOfPlace(place: NominatimPlace, typedNumber: string | null): GeocodedAddress | null {
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = place.address ?? {};
  const street = a.road ?? a.pedestrian ?? '';
  const number =
    a.house_number ?? (street && typedNumber && !street.includes(typedNumber) ? typedNumber : '');
  const city = a.city ?? a.town ?? a.village ?? a.municipality ?? a.county ?? '';
  const area = a.neighbourhood ?? a.suburb ?? a.city_district ?? '';
  const province = a.state ?? '';
  const line = [street, number].filter(Boolean).join(' ');
  const fullAddress =
    unique([line, area, city, province].filter(Boolean)).join(', ') || place.display_name || '';
  if (!fullAddress) return null;
  return {
    fullAddress,
    street,
    number,
    city,
    province,
    postalCode: a.postcode ?? '',
    country: (a.country_code ?? '').toLowerCase(),
    lat,
    lng,
  };
}

/** The house number in what the diner typed ('Charcas 3641, Palermo' → '3641'), if any. */
export function typedNumberOf(text: string): string | null {
  const match = /\p{L}[\p{L}\d.'\s]*?\s(\d{1,6})(?!\d)(?!\s+de\s)/u.exec(text);
  return match?.[1] ?? null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function uniqueBy<T>(values: T[], key: (value: T) => string): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
