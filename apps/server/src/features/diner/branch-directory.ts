import { distanceInMeters, type LatLng, pointInPolygon } from '@comanda/core';
import type { BranchContactListItem, OrderModeType } from '@comanda/core/contract';
import { and, asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { cardPaymentsOf, findBranch, modeTypesOf, toBranchContactBase } from './queries.ts';

/** A branch's active contacts as the branch-select list needs them, built once per minute. */
export interface BranchDirectory {
  contacts: {
    item: Omit<BranchContactListItem, 'distance' | 'reachableByDelivery'>;
    modeTypes: OrderModeType[];
    searchText: string;
    zones: LatLng[][];
  }[];
}

/** Lower case without accents: 'nunez' finds 'Núñez'. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export async function loadBranchDirectory(
  db: Db,
  branchId: number,
  now: Date,
): Promise<BranchDirectory | null> {
  const [branch, rows, zones] = await Promise.all([
    findBranch(db, { id: branchId }),
    db
      .select()
      .from(t.branchContacts)
      .where(and(eq(t.branchContacts.branchId, branchId), eq(t.branchContacts.active, true)))
      .orderBy(asc(t.branchContacts.name)),
    db
      .select({ contactId: t.deliveryZones.branchContactId, polygon: t.deliveryZones.polygon })
      .from(t.deliveryZones)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.deliveryZones.branchContactId))
      .where(and(eq(t.branchContacts.branchId, branchId), eq(t.deliveryZones.active, true))),
  ]);
  if (!branch?.active) return null;
  const [modeTypes, cardPayments] = await Promise.all([
    modeTypesOf(
      db,
      rows.map((r) => r.id),
    ),
    cardPaymentsOf(db, [branchId]),
  ]);
  const cardPayment = cardPayments.get(branchId) ?? null;
  return {
    contacts: rows.map((row) => ({
      item: {
        ...toBranchContactBase(row, modeTypes.get(row.id) ?? [], now, cardPayment),
        branchId: row.branchId,
      },
      modeTypes: modeTypes.get(row.id) ?? [],
      searchText: foldForSearch(
        [row.name, row.street, row.locality, row.zone, row.city].filter(Boolean).join(' '),
      ),
      zones: zones.filter((z) => z.contactId === row.id).map((z) => z.polygon),
    })),
  };
}

export interface DirectoryQuery {
  search?: string;
  orderModeType?: OrderModeType;
  location: LatLng | null;
}

/** Filters by text and mode, measures from the diner, nearest first when there is a location. */
export function listContacts(directory: BranchDirectory, query: DirectoryQuery): BranchContactListItem[] {
  const words = query.search ? foldForSearch(query.search).split(/\s+/).filter(Boolean) : [];
  const { location, orderModeType } = query;
  const items = directory.contacts
    .filter((c) => words.every((w) => c.searchText.includes(w)))
    .filter((c) => !orderModeType || c.modeTypes.includes(orderModeType))
    .map((c) => ({
      ...c.item,
      distance: location
        ? Math.round(distanceInMeters(location, { lat: c.item.lat, lng: c.item.lng }))
        : null,
      reachableByDelivery: location ? c.zones.some((polygon) => pointInPolygon(location, polygon)) : null,
    }));
  if (location) items.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  return items;
}
