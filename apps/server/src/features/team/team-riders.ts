/**
 * The shop's riders on the team page: the spec's 'branch staff with a security code' rights, for the
 * owner. Deactivating a rider ends their shift the way the rider's own 'Finalizar turno' does
 * (rider/shifts.ts: never with a shipment under way) and keeps them from registering again or starting
 * a shift with the code; a new security code is shown to the owner once and stored as scrypt only.
 * Riders on shift when the code changes keep their shift (their token, not the code, opens their calls);
 * they need the new code to end it or start the next one.
 */
import { randomInt } from 'node:crypto';
import { TEAM_MESSAGES as M } from '@comanda/core/back-office';
import type { RiderCodeResult, TeamRider, TeamShop } from '@comanda/core/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashSecretAsync } from '../../platform/secrets.ts';
import { recordChange } from '../back-office/changes.ts';
import { ownShop } from '../back-office/owner-shops.ts';
import { endShift, hasShipmentInProgress } from '../rider/shifts.ts';

type RiderRow = typeof t.riders.$inferSelect;

function riderOf(row: RiderRow): TeamRider {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    onShift: row.active,
    enabled: row.disabledAt === null,
    lastLocationAt: row.lastLocationAt?.toISOString() ?? null,
  };
}

/** Every shop of the branch with its riders, on shift first, then by name. */
export async function listShopRiders(db: Db, staff: StaffPrincipal): Promise<TeamShop[]> {
  const contacts = await db
    .select()
    .from(t.branchContacts)
    .where(eq(t.branchContacts.branchId, staff.branchId))
    .orderBy(asc(t.branchContacts.id));
  if (contacts.length === 0) return [];
  const riders = await db
    .select()
    .from(t.riders)
    .where(
      inArray(
        t.riders.branchContactId,
        contacts.map((c) => c.id),
      ),
    )
    .orderBy(asc(t.riders.name), asc(t.riders.id));
  return contacts.map((contact) => ({
    id: contact.id,
    name: contact.name,
    alias: contact.alias,
    ownFleet: contact.ownFleet,
    hasRiderCode: contact.riderSecurityCodeHash !== null,
    riders: riders
      .filter((rider) => rider.branchContactId === contact.id)
      .sort((a, b) => Number(b.active) - Number(a.active))
      .map(riderOf),
  }));
}

/** A rider of one of the caller's shops: another branch's shop is 403, a rider not of the shop 404. */
async function ownRider(tx: Tx, staff: StaffPrincipal, contactId: number, riderId: number) {
  const contact = await ownShop(tx, staff, contactId);
  // locked: the rider's own shift changes wait for the owner's
  const [rider] = await tx
    .select()
    .from(t.riders)
    .where(and(eq(t.riders.id, riderId), eq(t.riders.branchContactId, contact.id)))
    .for('update');
  if (!rider) throw notFound(M.riderNotFound);
  return { contact, rider };
}

export async function deactivateRider(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  riderId: number,
  now: Date,
): Promise<TeamRider> {
  return db.transaction(async (tx) => {
    const { contact, rider } = await ownRider(tx, staff, contactId, riderId);
    if (rider.disabledAt) throw new AppError('TEAM_CHANGE_REFUSED', 409, M.riderAlreadyDisabled);
    if (await hasShipmentInProgress(tx, rider.id)) throw new AppError('RIDER_BUSY', 409, M.riderBusy);
    const updated = await endShift(tx, rider.id, { disabledAt: now });
    if (!updated) throw notFound(M.riderNotFound);
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary: `Desactivó al repartidor ${rider.name} (${rider.phone}) en ${contact.name}${rider.active ? ' y terminó su turno' : ''}`,
      at: now,
    });
    return riderOf(updated);
  });
}

export async function activateRider(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  riderId: number,
  now: Date,
): Promise<TeamRider> {
  return db.transaction(async (tx) => {
    const { contact, rider } = await ownRider(tx, staff, contactId, riderId);
    if (!rider.disabledAt) throw new AppError('TEAM_CHANGE_REFUSED', 409, M.riderAlreadyEnabled);
    // back to work, off shift: the rider starts the next shift with the code
    const [updated] = await tx
      .update(t.riders)
      .set({ disabledAt: null })
      .where(eq(t.riders.id, rider.id))
      .returning();
    if (!updated) throw notFound(M.riderNotFound);
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary: `Activó al repartidor ${rider.name} (${rider.phone}) en ${contact.name}`,
      at: now,
    });
    return riderOf(updated);
  });
}

/** Six random digits, the spec's shortest code: read aloud to a rider and typed on a phone. */
function newRiderCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The shop's new rider code: the owner's own (core checked it) or a random one; answered this once. */
export async function changeRiderCode(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  chosen: string | undefined,
  now: Date,
): Promise<RiderCodeResult> {
  const code = chosen ?? newRiderCode();
  const hash = await hashSecretAsync(code);
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    await tx
      .update(t.branchContacts)
      .set({ riderSecurityCodeHash: hash })
      .where(eq(t.branchContacts.id, contact.id));
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'TEAM',
      summary: `Cambió el código de seguridad de los repartidores de ${contact.name}`,
      at: now,
    });
    return { code };
  });
}
