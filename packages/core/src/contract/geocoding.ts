/**
 * Address search (storefront.md sections 4 and 9): place suggestions as the diner types a delivery
 * address, restricted to the spec's countries. An empty list means "no suggestion": the diner keeps the
 * typed address and places the pin on the map by hand.
 */
import { z } from 'zod';
import { IdParamSchema } from './common.ts';

/** The spec's geocoding countries (phone choices add 'us', geocoding does not). */
export const GEOCODING_COUNTRIES = [
  'ar',
  'uy',
  'cl',
  'br',
  'pe',
  'co',
  've',
  'py',
  'mx',
  'ec',
  'bo',
] as const;
export type GeocodingCountry = (typeof GEOCODING_COUNTRIES)[number];

export function isGeocodingCountry(country: string): country is GeocodingCountry {
  return (GEOCODING_COUNTRIES as readonly string[]).includes(country.toLowerCase());
}

/** The spec's address search debounce. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;
/** Fewer letters than this are not searched (the web waits; the API refuses them). */
export const ADDRESS_SEARCH_MIN_LENGTH = 3;
export const ADDRESS_SEARCH_MAX_LENGTH = 200;

export const GEOCODING_MESSAGES = {
  queryTooShort: `Escribí al menos ${ADDRESS_SEARCH_MIN_LENGTH} letras de la dirección.`,
  queryTooLong: 'La dirección es demasiado larga.',
  placeRequired: 'Indique el local o la sucursal para buscar la dirección.',
  coordinatesInvalid: 'Las coordenadas no son válidas.',
} as const;

/** One place a geocoder found: the parts fill the address form, lat/lng place the pin. */
export const GeocodedAddressSchema = z.object({
  /** The whole address as the geocoder writes it (shown in the list). */
  fullAddress: z.string(),
  street: z.string(),
  /** House number; empty when the place is a street or an area. */
  number: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2, lower case. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type GeocodedAddress = z.infer<typeof GeocodedAddressSchema>;

/** Where to search: a branch contact (its country, near it) or a branch (its contacts' countries). */
const PlaceSchema = z.object({
  branchContactId: IdParamSchema.optional(),
  branchId: IdParamSchema.optional(),
});

/** GET /api/geocode/suggest?q&branchContactId|branchId → GeocodedAddress[] (empty when nothing answers). */
export const AddressSuggestQuerySchema = PlaceSchema.extend({
  q: z
    .string({ error: GEOCODING_MESSAGES.queryTooShort })
    .trim()
    .min(ADDRESS_SEARCH_MIN_LENGTH, { error: GEOCODING_MESSAGES.queryTooShort })
    .max(ADDRESS_SEARCH_MAX_LENGTH, { error: GEOCODING_MESSAGES.queryTooLong }),
}).refine((q) => q.branchContactId !== undefined || q.branchId !== undefined, {
  error: GEOCODING_MESSAGES.placeRequired,
});
export type AddressSuggestQuery = z.infer<typeof AddressSuggestQuerySchema>;

const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: GEOCODING_MESSAGES.coordinatesInvalid })
    .min(min, { error: GEOCODING_MESSAGES.coordinatesInvalid })
    .max(max, { error: GEOCODING_MESSAGES.coordinatesInvalid });

/** GET /api/geocode/reverse?lat&lng&branchContactId|branchId → GeocodedAddress | null. */
export const ReverseGeocodeQuerySchema = PlaceSchema.extend({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
}).refine((q) => q.branchContactId !== undefined || q.branchId !== undefined, {
  error: GEOCODING_MESSAGES.placeRequired,
});
export type ReverseGeocodeQuery = z.infer<typeof ReverseGeocodeQuerySchema>;
