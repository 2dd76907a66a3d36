import { EARTH_RADIUS_METERS, type LatLng } from '@comanda/core';
import type { GuideNearAnswer, GuideNearQuery } from '@comanda/core/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { foldForSearch } from '../diner/branch-directory.ts';

const contacts = t.branchContacts;

/**
 * Great-circle metres from `from` to each contact: core's distanceInMeters (haversine, same radius)
 * written in SQL, so the database orders and pages by it.
 */
export function distanceFromSql(from: LatLng): SQL<number> {
  const lat = sql`${from.lat}::double precision`;
  const lng = sql`${from.lng}::double precision`;
  const halfChord = sql`power(sin(radians(${contacts.lat} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${contacts.lat})) * power(sin(radians(${contacts.lng} - ${lng}) / 2), 2)`;
  return sql<number>`(2 * ${EARTH_RADIUS_METERS}::double precision * asin(least(1, sqrt(${halfChord}))))`;
}

// foldForSearch in SQL: accents off, then lower case (lower() alone leaves 'Ñ' as is under the C locale)
const ACCENTED = 'áàâäãéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC';
const searchableText = sql`lower(translate(concat_ws(' ', ${contacts.name}, ${contacts.alias}, ${t.branches.name},
  ${contacts.street}, ${contacts.number}, ${contacts.zone}, ${contacts.locality}, ${contacts.city}), ${ACCENTED}, ${PLAIN}))`;

/**
 * The guide: active, unblocked shops of active branches, nearest first (the id breaks ties, so pages
 * never overlap), optionally of one country and matching every word of the search box.
 */
export async function findNearCommerces(db: Db, query: GuideNearQuery): Promise<GuideNearAnswer> {
  const { filters, pagingOption } = query;
  const words = filters.search ? foldForSearch(filters.search).split(/\s+/).filter(Boolean) : [];
  const where = and(
    eq(contacts.active, true),
    eq(contacts.commercialTermsBlocked, false),
    eq(t.branches.active, true),
    filters.country ? eq(contacts.country, filters.country) : undefined,
    ...words.map((word) => sql`strpos(${searchableText}, ${word}) > 0`),
  );
  const distance = distanceFromSql({ lat: query.lat, lng: query.lng });
  const [rows, [matching]] = await Promise.all([
    db
      .select({
        alias: contacts.alias,
        name: contacts.name,
        street: contacts.street,
        number: contacts.number,
        city: contacts.city,
        locality: contacts.locality,
        distance,
      })
      .from(contacts)
      .innerJoin(t.branches, eq(t.branches.id, contacts.branchId))
      .where(where)
      .orderBy(asc(distance), asc(contacts.id))
      .limit(pagingOption.pageSize)
      .offset(pagingOption.offset),
    db
      .select({ n: count() })
      .from(contacts)
      .innerJoin(t.branches, eq(t.branches.id, contacts.branchId))
      .where(where),
  ]);
  return {
    commerces: rows.map((row) => ({
      branchContact: {
        alias: row.alias,
        name: row.name,
        address: {
          street: row.street,
          number: row.number,
          // the card shows a city; a shop imported without one shows its locality
          city: row.city ?? row.locality ?? null,
          // the province, named by the guide's title
          locality: row.locality ?? null,
        },
        distanceInMeters: Math.round(Number(row.distance)),
      },
    })),
    offset: pagingOption.offset,
    pageSize: pagingOption.pageSize,
    total: matching?.n ?? 0,
  };
}
