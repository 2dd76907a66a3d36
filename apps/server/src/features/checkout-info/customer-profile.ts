/**
 * A diner's profile at one business (customer_profiles): the name, consent and remembered addresses the
 * diner gave that business. Another business's profile of the same phone is never read here.
 */
import type { RegisteredAddress } from '@comanda/core/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

/** The most addresses offered: the ones used last. */
export const REMEMBERED_ADDRESSES_LIMIT = 10;

export async function findCustomerProfile(db: Db, customerId: number, branchId: number) {
  const [profile] = await db
    .select({
      name: t.customerProfiles.name,
      email: t.customerProfiles.email,
      document: t.customerProfiles.document,
      optIn: t.customerProfiles.optIn,
    })
    .from(t.customerProfiles)
    .where(and(eq(t.customerProfiles.customerId, customerId), eq(t.customerProfiles.branchId, branchId)));
  return profile ?? null;
}

/** The addresses the diner's orders at this business went to, the last used first. */
export async function loadRememberedAddresses(
  db: Db,
  customerId: number,
  branchId: number,
): Promise<RegisteredAddress[]> {
  return db
    .select({
      id: t.customerAddresses.id,
      street: t.customerAddresses.street,
      number: t.customerAddresses.number,
      details: t.customerAddresses.details,
      betweenStreets: t.customerAddresses.betweenStreets,
      city: t.customerAddresses.city,
      locality: t.customerAddresses.locality,
      postalCode: t.customerAddresses.postalCode,
      lat: t.customerAddresses.lat,
      lng: t.customerAddresses.lng,
    })
    .from(t.customerAddresses)
    .where(and(eq(t.customerAddresses.customerId, customerId), eq(t.customerAddresses.branchId, branchId)))
    .orderBy(sql`${t.customerAddresses.lastOrderId} desc nulls last`, desc(t.customerAddresses.id))
    .limit(REMEMBERED_ADDRESSES_LIMIT);
}
