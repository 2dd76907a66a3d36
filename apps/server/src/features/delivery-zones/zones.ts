/**
 * The owner's delivery zones (issue 27, `/console/envios`): read, replace and test them. The list is
 * written whole, in one transaction, in the order given (the first zone containing an address serves
 * it); the amounts arrive in currency units and are stored in minor units. The rules are core's
 * `deliveryZoneProblems`; what a diner at an address gets is core's `deliveryZoneAt` and
 * `deliveryFeeOf`, the same functions the checkout and `POST /api/order` use.
 */
import {
  deliveryFeeOf,
  deliveryZoneAt,
  distanceInMeters,
  fromMinor,
  type LatLng,
  toMinor,
} from '@comanda/core';
import {
  DELIVERY_ZONE_MESSAGES,
  deliveryZoneProblems,
  formatTierDistance,
  type ZoneDraft,
} from '@comanda/core/back-office';
import type { DeliveryZoneInput, OwnerDeliveryZones, ZoneCheck } from '@comanda/core/contract';
import { and, asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordChange } from '../back-office/changes.ts';
import { ownShop } from '../back-office/owner-shops.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';

type ZoneRow = typeof t.deliveryZones.$inferSelect;
type ContactRow = typeof t.branchContacts.$inferSelect;

export const DELIVERY_NEEDS_A_ZONE =
  'Tu tienda tiene el delivery activo: dejá al menos una zona activa o apagá el delivery en Tu tienda.';

/** A stored zone as the screen edits it (currency units). */
function zoneInputOf(row: ZoneRow, decimals: number): DeliveryZoneInput & { id: number } {
  const units = (minor: number) => fromMinor(minor, decimals);
  return {
    id: row.id,
    name: row.name,
    shape: row.circle
      ? { type: 'CIRCLE', center: row.circle.center, radiusMeters: row.circle.radiusMeters }
      : { type: 'POLYGON', points: row.polygon },
    cashFee: units(row.cashFee),
    otherFee: units(row.otherFee),
    minimumOrder: units(row.minimumOrder),
    freeDeliveryFrom: row.freeDeliveryFrom === null ? null : units(row.freeDeliveryFrom),
    acceptsCash: row.acceptsCash,
    active: row.active,
    distanceTiers: row.distanceTiers.map((tier) => ({
      upToMeters: tier.upToMeters,
      cashFee: units(tier.cashFee),
      otherFee: units(tier.otherFee),
    })),
    totalTiers: row.totalTiers.map((tier) => ({
      fromTotal: units(tier.fromTotal),
      cashFee: units(tier.cashFee),
      otherFee: units(tier.otherFee),
    })),
  };
}

async function zonesOf(db: Db | Tx, contactId: number): Promise<ZoneRow[]> {
  return db
    .select()
    .from(t.deliveryZones)
    .where(eq(t.deliveryZones.branchContactId, contactId))
    .orderBy(asc(t.deliveryZones.priority), asc(t.deliveryZones.id));
}

async function deliveryActive(db: Db | Tx, contactId: number): Promise<boolean> {
  const [mode] = await db
    .select({ id: t.orderModes.id })
    .from(t.orderModes)
    .where(
      and(
        eq(t.orderModes.branchContactId, contactId),
        eq(t.orderModes.type, 'DELIVERY'),
        eq(t.orderModes.active, true),
      ),
    )
    .limit(1);
  return Boolean(mode);
}

async function zonesAnswer(db: Db | Tx, contact: ContactRow): Promise<OwnerDeliveryZones> {
  const decimals = await currencyDecimalsOf(db, contact.country);
  return {
    shopId: contact.id,
    shopName: contact.name,
    origin: { lat: contact.lat, lng: contact.lng },
    currency: contact.currency,
    deliveryActive: await deliveryActive(db, contact.id),
    zones: (await zonesOf(db, contact.id)).map((row) => zoneInputOf(row, decimals)),
  };
}

export async function loadZones(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
): Promise<OwnerDeliveryZones> {
  const contact = await ownShop(db, staff, contactId);
  return zonesAnswer(db, contact);
}

/** The zones as core's rules check them. */
const draftOf = (zone: DeliveryZoneInput): ZoneDraft => zone;

/**
 * Replaces the shop's zones: the list is the truth, so the rows are deleted and written again in its
 * order (an order keeps its own fee, never a zone id). Refused whole when a rule fails, or when it
 * would leave an active delivery mode without an active zone.
 */
export async function saveZones(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  zones: DeliveryZoneInput[],
  now: Date,
): Promise<OwnerDeliveryZones> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const problems = deliveryZoneProblems(zones.map(draftOf), { lat: contact.lat, lng: contact.lng }).map(
      (problem) => ({ ...problem, path: problem.path ? `zones.${problem.path}` : 'zones' }),
    );
    if (problems.length)
      throw badRequest(problems[0]?.message ?? DELIVERY_ZONE_MESSAGES.zonesInvalid, problems);
    if (!zones.some((zone) => zone.active) && (await deliveryActive(tx, contact.id)))
      throw badRequest(DELIVERY_NEEDS_A_ZONE, [{ path: 'zones', message: DELIVERY_NEEDS_A_ZONE }]);

    const decimals = await currencyDecimalsOf(tx, contact.country);
    const minor = (units: number) => toMinor(units, decimals);
    await tx.delete(t.deliveryZones).where(eq(t.deliveryZones.branchContactId, contact.id));
    if (zones.length)
      await tx.insert(t.deliveryZones).values(
        zones.map((zone, priority) => ({
          branchContactId: contact.id,
          name: zone.name.trim(),
          polygon: zone.shape.type === 'POLYGON' ? zone.shape.points : [],
          circle:
            zone.shape.type === 'CIRCLE'
              ? { center: zone.shape.center, radiusMeters: Math.round(zone.shape.radiusMeters) }
              : null,
          cashFee: minor(zone.cashFee),
          otherFee: minor(zone.otherFee),
          minimumOrder: minor(zone.minimumOrder),
          freeDeliveryFrom: zone.freeDeliveryFrom === null ? null : minor(zone.freeDeliveryFrom),
          acceptsCash: zone.acceptsCash,
          active: zone.active,
          priority,
          distanceTiers: zone.distanceTiers.map((tier) => ({
            upToMeters: Math.round(tier.upToMeters),
            cashFee: minor(tier.cashFee),
            otherFee: minor(tier.otherFee),
          })),
          totalTiers: zone.totalTiers.map((tier) => ({
            fromTotal: minor(tier.fromTotal),
            cashFee: minor(tier.cashFee),
            otherFee: minor(tier.otherFee),
          })),
        })),
      );
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'DELIVERY',
      summary: zonesSummary(contact.name, zones),
      at: now,
    });
    return zonesAnswer(tx, contact);
  });
}

/** 'Zonas de envío de Don Mateo Palermo: Palermo (círculo de 2 km), Alrededores (3 escalones)'. */
export function zonesSummary(shopName: string, zones: readonly DeliveryZoneInput[]): string {
  if (zones.length === 0) return `Quitó las zonas de envío de ${shopName}`;
  const described = zones.map((zone) => {
    const details = [
      zone.shape.type === 'CIRCLE' ? `círculo de ${formatTierDistance(zone.shape.radiusMeters)}` : 'polígono',
    ];
    const tiers = zone.distanceTiers.length + zone.totalTiers.length;
    if (tiers) details.push(tiers === 1 ? '1 escalón' : `${tiers} escalones`);
    if (!zone.active) details.push('pausada');
    return `${zone.name.trim()} (${details.join(', ')})`;
  });
  return `Zonas de envío de ${shopName}: ${described.join(', ')}`;
}

/** The active zones of a contact as core's rules price them (minor units). */
export async function activeZoneRules(db: Db | Tx, contactId: number): Promise<ZoneRow[]> {
  return db
    .select()
    .from(t.deliveryZones)
    .where(and(eq(t.deliveryZones.branchContactId, contactId), eq(t.deliveryZones.active, true)));
}

/** What a diner at `point` with `total` in products gets from the shop's saved, active zones. */
export async function checkAddress(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  query: { lat: number; lng: number; total: number },
): Promise<ZoneCheck> {
  const contact = await ownShop(db, staff, contactId);
  const decimals = await currencyDecimalsOf(db, contact.country);
  const point: LatLng = { lat: query.lat, lng: query.lng };
  const origin: LatLng = { lat: contact.lat, lng: contact.lng };
  const zone = deliveryZoneAt(await activeZoneRules(db, contact.id), point, origin);
  const itemsPrice = toMinor(query.total, decimals);
  const units = (minor: number) => fromMinor(minor, decimals);
  return {
    inArea: zone !== null,
    zoneId: zone?.id ?? null,
    zoneName: zone?.name ?? null,
    distanceMeters: Math.round(zone?.distanceMeters ?? distanceInMeters(origin, point)),
    cashFee: zone ? units(deliveryFeeOf(zone, { isCash: true, itemsPrice })) : null,
    otherFee: zone ? units(deliveryFeeOf(zone, { isCash: false, itemsPrice })) : null,
    minimumOrder: zone ? units(zone.minimumOrder) : null,
    freeDeliveryFrom: zone?.freeDeliveryFrom == null ? null : units(zone.freeDeliveryFrom),
    acceptsCash: zone?.acceptsCash ?? false,
  };
}
