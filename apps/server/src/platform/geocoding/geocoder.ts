/**
 * The address search behind the storefront's suggestions (DESIGN.md third parties): a Nominatim
 * adapter when configured, a small built-in sandbox that works offline, or none. Whatever the geocoder,
 * a failure never fails the diner: the route answers no suggestions and the address is typed and pinned.
 */
import type { GeocodedAddress, GeocodingCountry } from '@comanda/core/contract';

export type GeocoderName = 'SANDBOX' | 'NOMINATIM' | 'NONE';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface SuggestOptions {
  /** Search only in these countries (the spec's list; at least one). */
  countries: readonly GeocodingCountry[];
  /** Prefer places around here (the shop). */
  near?: LatLng | undefined;
  /** At most this many places (5 unless given). */
  limit?: number;
}

export interface Geocoder {
  readonly name: GeocoderName;
  /** Places matching a typed address; throws GeocoderUnavailableError when the service fails. */
  suggest(text: string, options: SuggestOptions): Promise<GeocodedAddress[]>;
  /** The address at a point, or null; throws GeocoderUnavailableError when the service fails. */
  reverse?(
    point: LatLng,
    options: { countries: readonly GeocodingCountry[] },
  ): Promise<GeocodedAddress | null>;
}

/** The service did not answer in time, answered an error, or answered something unreadable. */
export class GeocoderUnavailableError extends Error {
  override readonly name = 'GeocoderUnavailableError';
}

export const DEFAULT_SUGGESTION_LIMIT = 5;

/** A geocoder that never finds anything: the typed-address-plus-pin fallback, always. */
export function createNoGeocoder(): Geocoder {
  return {
    name: 'NONE',
    suggest: async () => [],
  };
}
