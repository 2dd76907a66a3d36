/** The signed-in staff member and the branch contacts whose orders they handle (GET /api/console/me). */
import type { ConsoleContact, ConsoleSession } from '@comanda/core/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';

export async function loadConsoleSession(db: Db, staff: StaffPrincipal): Promise<ConsoleSession> {
  const [branch] = await db
    .select({ name: t.branches.name })
    .from(t.branches)
    .where(eq(t.branches.id, staff.branchId));
  const contacts = await db
    .select()
    .from(t.branchContacts)
    .where(and(eq(t.branchContacts.branchId, staff.branchId), eq(t.branchContacts.active, true)))
    .orderBy(asc(t.branchContacts.id));
  return {
    staff: { ...staff, branchName: branch?.name ?? '' },
    contacts: await consoleContactsOf(db, contacts),
  };
}

export async function consoleContactsOf(
  db: Db,
  contacts: (typeof t.branchContacts.$inferSelect)[],
): Promise<ConsoleContact[]> {
  if (contacts.length === 0) return [];
  const modes = await db
    .select()
    .from(t.orderModes)
    .where(
      and(
        inArray(
          t.orderModes.branchContactId,
          contacts.map((contact) => contact.id),
        ),
        eq(t.orderModes.active, true),
      ),
    )
    .orderBy(asc(t.orderModes.position), asc(t.orderModes.id));
  return contacts.map((contact) => ({
    id: contact.id,
    alias: contact.alias,
    name: contact.name,
    ownFleet: contact.ownFleet,
    autoAccept: contact.autoAccept,
    currency: contact.currency,
    timeZone: contact.timeZone,
    country: contact.country,
    modes: modes
      .filter((mode) => mode.branchContactId === contact.id)
      .map((mode) => ({
        id: mode.id,
        type: mode.type,
        showName: mode.showName,
        orderEnabled: mode.orderEnabled,
      })),
  }));
}
