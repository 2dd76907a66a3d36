/**
 * The owner's shops and what each still needs before it opens (core's opening checklist), and the first
 * settings a new shop needs to get there: its hours, the order modes it takes and cash. The full screens
 * for hours, delivery zones and payments grow from these (issue 27).
 */
import {
  CLOSURE_MESSAGES,
  closureProblems,
  closureSpanText,
  localDateOf,
  type ShopClosure,
  upcomingClosures,
  type WorkingDay,
} from '@comanda/core';
import {
  cannotOpenReason,
  BACK_OFFICE_MESSAGES as M,
  modeHoursProblems,
  openingChecklist,
  STARTER_MODE_NAMES,
  workingDaysProblems,
} from '@comanda/core/back-office';
import type { ModeHoursInput, OwnerShop, OwnerShopMode } from '@comanda/core/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { recordChange } from './changes.ts';

type ContactRow = typeof t.branchContacts.$inferSelect;

export async function loadOwnerShops(db: Db, branchId: number, now: Date): Promise<OwnerShop[]> {
  const contacts = await db
    .select()
    .from(t.branchContacts)
    .where(eq(t.branchContacts.branchId, branchId))
    .orderBy(asc(t.branchContacts.id));
  const visiblePlates = await countVisiblePlates(db, branchId);
  return Promise.all(contacts.map((contact) => ownerShopOf(db, contact, visiblePlates, now)));
}

async function ownerShopOf(
  db: Db | Tx,
  contact: ContactRow,
  visiblePlates: number,
  now: Date,
): Promise<OwnerShop> {
  const [modes, paymentTypes] = await Promise.all([
    modesOf(db, contact.id),
    db
      .select({
        paymentMethod: t.paymentTypes.paymentMethod,
        showName: t.paymentTypes.showName,
        active: t.paymentTypes.active,
      })
      .from(t.paymentTypes)
      .where(eq(t.paymentTypes.branchContactId, contact.id))
      .orderBy(asc(t.paymentTypes.position), asc(t.paymentTypes.id)),
  ]);
  const checklist = openingChecklist({
    visiblePlates,
    openingRanges: contact.workingDays.reduce((sum, day) => sum + day.workingHours.length, 0),
    activeModes: modes.filter((mode) => mode.active).length,
    activePaymentTypes: paymentTypes.filter((type) => type.active).length,
  });
  return {
    id: contact.id,
    alias: contact.alias,
    name: contact.name,
    open: contact.active,
    checklist,
    canOpen: cannotOpenReason(checklist) === null,
    modes,
    paymentTypes,
    workingDays: contact.workingDays,
    // the past ones stay in the row until the next save, out of the owner's sight
    closures: upcomingClosures(contact.closures, now, contact.timeZone),
  };
}

/**
 * The shop's order modes with their hours for now and for scheduled orders. A mode without a NOW or
 * SCHEDULED row has no hours of that kind, as the storefront reads it (order-modes/queries.ts).
 */
async function modesOf(db: Db | Tx, contactId: number): Promise<OwnerShopMode[]> {
  const modes = await db
    .select()
    .from(t.orderModes)
    .where(eq(t.orderModes.branchContactId, contactId))
    .orderBy(asc(t.orderModes.position), asc(t.orderModes.id));
  if (modes.length === 0) return [];
  const schedules = await db
    .select()
    .from(t.orderModeSchedules)
    .where(
      inArray(
        t.orderModeSchedules.orderModeId,
        modes.map((mode) => mode.id),
      ),
    )
    .orderBy(asc(t.orderModeSchedules.id));
  return modes.map((mode) => {
    const daysOf = (kind: string) =>
      schedules.find((s) => s.orderModeId === mode.id && s.kind === kind)?.workingDays ?? [];
    return {
      id: mode.id,
      type: mode.type,
      showName: mode.showName,
      active: mode.active,
      nowEnabled: mode.nowEnabled,
      nowDays: daysOf('NOW'),
      useSchedule: mode.useSchedule,
      scheduledDays: daysOf('SCHEDULED'),
      schedule: {
        leadMinutes: mode.scheduleLeadMinutes,
        slotMinutes: mode.scheduleSlotMinutes,
        daysAhead: mode.scheduleDaysAhead,
      },
    };
  });
}

/** Visible plates in visible categories of the branch's menus: what a diner could order. */
async function countVisiblePlates(db: Db | Tx, branchId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.plates)
    .innerJoin(t.categories, eq(t.categories.id, t.plates.categoryId))
    .innerJoin(t.menus, eq(t.menus.id, t.categories.menuId))
    .where(and(eq(t.menus.branchId, branchId), eq(t.plates.visible, true), eq(t.categories.visible, true)));
  return row?.n ?? 0;
}

/** The shop of a path id, if it is the owner's branch's (403 otherwise, 404 when there is none). */
export async function ownShop(db: Db | Tx, staff: StaffPrincipal, contactId: number): Promise<ContactRow> {
  const [contact] = await db.select().from(t.branchContacts).where(eq(t.branchContacts.id, contactId));
  if (!contact) throw notFound('No encontramos esta tienda.');
  if (contact.branchId !== staff.branchId)
    throw new AppError('FORBIDDEN', 403, 'No tenés permisos para cambiar esta tienda.');
  return contact;
}

export async function setShopOpen(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  open: boolean,
  now: Date,
): Promise<OwnerShop> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    if (open) {
      const shop = await ownerShopOf(tx, contact, await countVisiblePlates(tx, contact.branchId), now);
      const reason = cannotOpenReason(shop.checklist);
      if (reason) throw new AppError('SHOP_NOT_READY', 409, reason);
    }
    const [updated] = await tx
      .update(t.branchContacts)
      .set({ active: open })
      .where(eq(t.branchContacts.id, contact.id))
      .returning();
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: open ? `Abrió ${contact.name} a los clientes` : `Cerró ${contact.name} a los clientes`,
      at: now,
    });
    return ownerShopOf(tx, updated ?? contact, await countVisiblePlates(tx, contact.branchId), now);
  });
}

/**
 * The shop's opening hours, which every order mode of the shop follows for now and for scheduled
 * orders (one set of hours per mode comes with the hours screen).
 */
export async function setShopHours(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  workingDays: WorkingDay[],
  now: Date,
): Promise<OwnerShop> {
  const problems = workingDaysProblems(workingDays).map((p) => ({ ...p, path: `workingDays.${p.path}` }));
  if (problems.length) throw badRequest(problems[0]?.message ?? M.hoursOverlap, problems);
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    await tx.update(t.branchContacts).set({ workingDays }).where(eq(t.branchContacts.id, contact.id));
    const modeIds = (
      await tx
        .select({ id: t.orderModes.id })
        .from(t.orderModes)
        .where(eq(t.orderModes.branchContactId, contact.id))
    ).map((mode) => mode.id);
    // the modes that still follow the shop's hours follow the new ones; a mode given hours of its own
    // (PUT .../modes/{id}/hours) keeps them
    if (modeIds.length) {
      const schedules = await tx
        .select({ id: t.orderModeSchedules.id, workingDays: t.orderModeSchedules.workingDays })
        .from(t.orderModeSchedules)
        .where(inArray(t.orderModeSchedules.orderModeId, modeIds));
      const followers = schedules
        .filter((row) => sameHours(row.workingDays, contact.workingDays))
        .map((row) => row.id);
      if (followers.length)
        await tx
          .update(t.orderModeSchedules)
          .set({ workingDays })
          .where(inArray(t.orderModeSchedules.id, followers));
    }
    const ranges = workingDays.reduce((sum, day) => sum + day.workingHours.length, 0);
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: `Cambió los horarios de ${contact.name} (${ranges} franjas por semana)`,
      at: now,
    });
    return ownerShopOf(tx, { ...contact, workingDays }, await countVisiblePlates(tx, contact.branchId), now);
  });
}

/** Two weeks of hours alike, day by day and range by range, whatever order the days are listed in. */
function sameHours(a: WorkingDay[], b: WorkingDay[]): boolean {
  const key = (days: WorkingDay[]) =>
    JSON.stringify(
      days
        .filter((day) => day.workingHours.length > 0)
        .map((day) => [day.dayOfWeek, day.workingHours.map((r) => `${r.startAt}-${r.endAt}`)])
        .sort(),
    );
  return key(a) === key(b);
}

/**
 * One order mode's hours for orders now and for scheduled orders (several ranges a day, past midnight
 * allowed) and its scheduling settings (lead, slot length, days ahead), checked by core's
 * modeHoursProblems. The storefront's open state, slots and the order rules read them from these rows.
 */
export async function setModeHours(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  modeId: number,
  input: ModeHoursInput,
  now: Date,
): Promise<OwnerShop> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const [mode] = await tx
      .select()
      .from(t.orderModes)
      .where(and(eq(t.orderModes.id, modeId), eq(t.orderModes.branchContactId, contact.id)));
    if (!mode) throw notFound('No encontramos este modo de pedido.');
    const problems = modeHoursProblems(input);
    if (problems.length) throw badRequest(problems[0]?.message ?? M.hoursOverlap, problems);
    for (const [kind, workingDays] of [
      ['NOW', input.nowDays],
      ['SCHEDULED', input.scheduledDays],
    ] as const) {
      const updated = await tx
        .update(t.orderModeSchedules)
        .set({ workingDays })
        .where(and(eq(t.orderModeSchedules.orderModeId, mode.id), eq(t.orderModeSchedules.kind, kind)))
        .returning({ id: t.orderModeSchedules.id });
      if (updated.length === 0)
        await tx.insert(t.orderModeSchedules).values({ orderModeId: mode.id, kind, workingDays });
    }
    await tx
      .update(t.orderModes)
      .set({
        nowEnabled: input.nowEnabled,
        useSchedule: input.useSchedule,
        scheduleLeadMinutes: input.schedule.leadMinutes,
        scheduleSlotMinutes: input.schedule.slotMinutes,
        scheduleDaysAhead: input.schedule.daysAhead,
      })
      .where(eq(t.orderModes.id, mode.id));
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: `Cambió los horarios de ${mode.showName} en ${contact.name}`,
      at: now,
    });
    return ownerShopOf(tx, contact, await countVisiblePlates(tx, contact.branchId), now);
  });
}

/**
 * The shop's holidays and one-off closures, replacing the ones it had (an empty list reopens it).
 * Checked by core's closureProblems against the shop's local today, so a closure already over is
 * refused; those over since the last save are dropped from the row as the list is written again.
 */
export async function setShopClosures(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  closures: ShopClosure[],
  now: Date,
): Promise<OwnerShop> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const problems = closureProblems(closures, localDateOf(now, contact.timeZone)).map((p) => ({
      ...p,
      path: p.path ? `closures.${p.path}` : 'closures',
    }));
    if (problems.length) throw badRequest(problems[0]?.message ?? CLOSURE_MESSAGES.dateInvalid, problems);
    const sorted = upcomingClosures(closures, now, contact.timeZone);
    await tx.update(t.branchContacts).set({ closures: sorted }).where(eq(t.branchContacts.id, contact.id));
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: closuresSummary(contact.name, sorted),
      at: now,
    });
    return ownerShopOf(
      tx,
      { ...contact, closures: sorted },
      await countVisiblePlates(tx, contact.branchId),
      now,
    );
  });
}

/** 'Cerrado del 24/12 al 26/12 y el 01/01 en Don Mateo Palermo', or 'Quitó los cierres de …'. */
export function closuresSummary(shopName: string, closures: readonly ShopClosure[]): string {
  if (closures.length === 0) return `Quitó los cierres de ${shopName}`;
  const spans = closures.slice(0, 3).map(closureSpanText);
  const more = closures.length - spans.length;
  const listed =
    more > 0
      ? `${spans.join(', ')} y ${more} ${more === 1 ? 'cierre' : 'cierres'} más`
      : spans.length === 1
        ? spans[0]
        : `${spans.slice(0, -1).join(', ')} y ${spans.at(-1)}`;
  return `Cerrado ${listed} en ${shopName}`;
}

/** Turns the shop's order modes on or off; a mode the shop never had is created on the branch's first menu. */
export async function setShopModes(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  types: string[],
  now: Date,
): Promise<OwnerShop> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    if (types.includes('DELIVERY')) {
      const [zone] = await tx
        .select({ id: t.deliveryZones.id })
        .from(t.deliveryZones)
        .where(eq(t.deliveryZones.branchContactId, contact.id))
        .limit(1);
      if (!zone) throw badRequest(M.deliveryNeedsZone, [{ path: 'types', message: M.deliveryNeedsZone }]);
    }
    const modes = await tx.select().from(t.orderModes).where(eq(t.orderModes.branchContactId, contact.id));
    for (const mode of modes)
      await tx
        .update(t.orderModes)
        .set({ active: types.includes(mode.type) })
        .where(eq(t.orderModes.id, mode.id));
    const missing = types.filter((type) => !modes.some((mode) => mode.type === type));
    if (missing.length) await createModes(tx, contact, missing, modes.length);
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: `Formas de pedido de ${contact.name}: ${types.map((type) => STARTER_MODE_NAMES[type] ?? type).join(', ') || 'ninguna'}`,
      at: now,
    });
    return ownerShopOf(tx, contact, await countVisiblePlates(tx, contact.branchId), now);
  });
}

async function createModes(tx: Tx, contact: ContactRow, types: string[], firstPosition: number) {
  const [menu] = await tx
    .select({ id: t.menus.id })
    .from(t.menus)
    .where(eq(t.menus.branchId, contact.branchId))
    .orderBy(asc(t.menus.id))
    .limit(1);
  if (!menu) throw badRequest(M.menuRequired);
  const paymentTypes = await tx
    .select({ id: t.paymentTypes.id })
    .from(t.paymentTypes)
    .where(eq(t.paymentTypes.branchContactId, contact.id));
  for (const [index, type] of types.entries()) {
    const [mode] = await tx
      .insert(t.orderModes)
      .values({
        branchContactId: contact.id,
        type,
        showName: STARTER_MODE_NAMES[type] ?? type,
        menuId: menu.id,
        nowEnabled: true,
        useSchedule: false,
        ...(type === 'DELIVERY' ? { minDelayInMinutes: 30, maxDelayInMinutes: 50 } : {}),
        position: firstPosition + index,
      })
      .returning({ id: t.orderModes.id });
    if (!mode) continue;
    await tx.insert(t.orderModeSchedules).values([
      { orderModeId: mode.id, kind: 'NOW', workingDays: contact.workingDays },
      { orderModeId: mode.id, kind: 'SCHEDULED', workingDays: contact.workingDays },
    ]);
    if (paymentTypes.length)
      await tx
        .insert(t.orderModePaymentTypes)
        .values(paymentTypes.map((pt) => ({ orderModeId: mode.id, paymentTypeId: pt.id })))
        .onConflictDoNothing();
  }
}

/** Cash on or off; the first time, an 'Efectivo' payment type offered in every mode of the shop. */
export async function setShopCash(
  db: Db,
  staff: StaffPrincipal,
  contactId: number,
  cash: boolean,
  now: Date,
): Promise<OwnerShop> {
  return db.transaction(async (tx) => {
    const contact = await ownShop(tx, staff, contactId);
    const [existing] = await tx
      .select()
      .from(t.paymentTypes)
      .where(and(eq(t.paymentTypes.branchContactId, contact.id), eq(t.paymentTypes.paymentMethod, 'CASH')))
      .limit(1);
    let paymentTypeId = existing?.id;
    if (existing) {
      await tx.update(t.paymentTypes).set({ active: cash }).where(eq(t.paymentTypes.id, existing.id));
    } else if (cash) {
      const [created] = await tx
        .insert(t.paymentTypes)
        .values({ branchContactId: contact.id, showName: 'Efectivo', paymentMethod: 'CASH', active: true })
        .returning({ id: t.paymentTypes.id });
      paymentTypeId = created?.id;
    }
    if (paymentTypeId !== undefined) {
      const modes = await tx
        .select({ id: t.orderModes.id })
        .from(t.orderModes)
        .where(eq(t.orderModes.branchContactId, contact.id));
      if (modes.length)
        await tx
          .insert(t.orderModePaymentTypes)
          .values(modes.map((mode) => ({ orderModeId: mode.id, paymentTypeId: paymentTypeId as number })))
          .onConflictDoNothing();
    }
    await recordChange(tx, {
      branchId: contact.branchId,
      staffId: staff.id,
      area: 'SHOP',
      summary: cash ? `${contact.name} acepta efectivo` : `${contact.name} dejó de aceptar efectivo`,
      at: now,
    });
    return ownerShopOf(tx, contact, await countVisiblePlates(tx, contact.branchId), now);
  });
}
