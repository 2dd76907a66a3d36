import {
  AddressSuggestQuerySchema,
  type GeocodedAddress,
  type GeocodingCountry,
  isGeocodingCountry,
  ReverseGeocodeQuerySchema,
} from '@comanda/core/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { createSandboxGeocoder, type Geocoder, type LatLng } from '../../platform/geocoding/index.ts';
import { parseInput } from '../../platform/validation.ts';

/** Answers are kept this long: a diner retyping, or many typing the same street, costs one call. */
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 1000;

interface Place {
  countries: GeocodingCountry[];
  near: LatLng | undefined;
}

/**
 * Where a search happens: a branch contact (its country, near it) or a branch (its active contacts'
 * countries, near the first). Only the spec's geocoding countries are searched.
 */
async function placeOf(db: Db, by: { branchContactId?: number; branchId?: number }): Promise<Place> {
  const rows = await db
    .select({ country: t.branchContacts.country, lat: t.branchContacts.lat, lng: t.branchContacts.lng })
    .from(t.branchContacts)
    .where(
      by.branchContactId !== undefined
        ? eq(t.branchContacts.id, by.branchContactId)
        : and(eq(t.branchContacts.branchId, by.branchId ?? 0), eq(t.branchContacts.active, true)),
    )
    .orderBy(asc(t.branchContacts.id));
  const first = rows[0];
  if (!first) throw notFound('No encontramos este local.');
  const countries = [...new Set(rows.map((r) => r.country.toLowerCase()))].filter(isGeocodingCountry);
  return { countries, near: { lat: first.lat, lng: first.lng } };
}

/** A small time-limited memory of answers, oldest dropped first when full. */
function createAnswerCache(now: () => number) {
  const entries = new Map<string, { at: number; places: GeocodedAddress[] }>();
  return {
    get(key: string): GeocodedAddress[] | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (now() - hit.at > CACHE_TTL_MS) {
        entries.delete(key);
        return undefined;
      }
      return hit.places;
    },
    set(key: string, places: GeocodedAddress[]) {
      if (entries.size >= CACHE_MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { at: now(), places });
    },
  };
}

/**
 * Address search for the storefront (path not in the spec): suggestions as the diner types, and the
 * address at a located point. A geocoder that fails or is slow answers no places, never an error: the
 * diner keeps the typed address and the pin.
 */
export async function geocodingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const geocoder: Geocoder = app.deps.geocoder ?? createSandboxGeocoder();
  // real time, not the app clock: a NOW-fixed demo would otherwise never expire an entry
  const cache = createAnswerCache(() => Date.now());

  async function ask(
    what: string,
    key: string,
    call: () => Promise<GeocodedAddress[]>,
  ): Promise<GeocodedAddress[]> {
    const cached = cache.get(key);
    if (cached) return cached;
    try {
      const places = await call();
      cache.set(key, places);
      return places;
    } catch (error) {
      app.appLog.warn({ err: error, geocoder: geocoder.name }, `geocoding ${what} failed`);
      return [];
    }
  }

  app.get(
    '/api/geocode/suggest',
    // a diner types a few searches a minute (500 ms debounce); this only stops walking the service
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request): Promise<GeocodedAddress[]> => {
      const query = parseInput(AddressSuggestQuerySchema, request.query);
      const place = await placeOf(db, query);
      if (place.countries.length === 0) return [];
      const text = query.q.replace(/\s+/g, ' ');
      const near = place.near ? `${place.near.lat.toFixed(2)},${place.near.lng.toFixed(2)}` : '';
      const key = `suggest|${place.countries.join(',')}|${near}|${text.toLowerCase()}`;
      return ask('suggest', key, () =>
        geocoder.suggest(text, { countries: place.countries, near: place.near }),
      );
    },
  );

  app.get(
    '/api/geocode/reverse',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request): Promise<GeocodedAddress[]> => {
      const query = parseInput(ReverseGeocodeQuerySchema, request.query);
      const place = await placeOf(db, query);
      const reverse = geocoder.reverse?.bind(geocoder);
      if (place.countries.length === 0 || !reverse) return [];
      // about 10 m: a diner who locates twice in one spot asks once
      const key = `reverse|${place.countries.join(',')}|${query.lat.toFixed(4)},${query.lng.toFixed(4)}`;
      return ask('reverse', key, async () => {
        const found = await reverse({ lat: query.lat, lng: query.lng }, { countries: place.countries });
        return found ? [found] : [];
      });
    },
  );
}
