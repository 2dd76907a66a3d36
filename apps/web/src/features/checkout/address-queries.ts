import {
  ADDRESS_SEARCH_MIN_LENGTH,
  type GeocodedAddress,
  type RegisteredAddress,
} from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../api/api.ts';

/** Where an address is searched: near a branch contact, or in the countries of a branch's contacts. */
export type GeocodePlace = { branchContactId: number } | { branchId: number };

/**
 * Address search (GET /api/geocode/suggest and /reverse). The server answers an empty list when its
 * geocoder fails, and any error here counts as no suggestion: the diner still types and pins.
 */
export const addressQueries = {
  suggest: (text: string, place: GeocodePlace) =>
    queryOptions({
      queryKey: ['geocode', 'suggest', place, text.toLowerCase()],
      queryFn: ({ signal }) =>
        apiGet<GeocodedAddress[]>('/api/geocode/suggest', { query: { q: text, ...place }, signal }),
      enabled: text.length >= ADDRESS_SEARCH_MIN_LENGTH,
      staleTime: 10 * 60_000,
      retry: false,
    }),

  reverse: (point: { lat: number; lng: number } | null, place: GeocodePlace) =>
    queryOptions({
      queryKey: ['geocode', 'reverse', place, point?.lat, point?.lng],
      queryFn: ({ signal }) =>
        apiGet<GeocodedAddress[]>('/api/geocode/reverse', {
          query: { lat: point?.lat, lng: point?.lng, ...place },
          signal,
        }),
      enabled: point !== null,
      staleTime: 10 * 60_000,
      retry: false,
    }),
};

/** The street line of a found place: 'Charcas 3641' (or the whole address when it has no street). */
export function streetLineOf(place: GeocodedAddress): string {
  return [place.street, place.number].filter(Boolean).join(' ') || place.fullAddress;
}

/** The street line of a remembered address (its number is usually part of the street already). */
export function registeredLineOf(address: RegisteredAddress): string {
  return [address.street, address.number].filter(Boolean).join(' ');
}
