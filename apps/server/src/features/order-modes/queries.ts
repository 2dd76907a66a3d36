import { type BankTransferInfo, closureAt, computeScheduleSlots, fromMinor, isOpenAt } from '@comanda/core';
import type { OrderMode, OrderModeType, PaymentType } from '@comanda/core/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';

type ModeRow = typeof t.orderModes.$inferSelect;
type ContactRow = typeof t.branchContacts.$inferSelect;

/**
 * The scheduled slots of a mode, computed in the contact's time zone by the server's clock; the
 * contact's closures offer none (issue 27).
 */
export function scheduleOf(mode: ModeRow, scheduledDays: t.WorkingDayJson[], contact: ContactRow, now: Date) {
  if (!mode.useSchedule) return { schedulerDaysInfo: [], datesBetween: [] };
  return computeScheduleSlots({
    workingDays: scheduledDays,
    now,
    timeZone: contact.timeZone,
    daysAhead: mode.scheduleDaysAhead,
    slotMinutes: mode.scheduleSlotMinutes,
    minLeadMinutes: mode.scheduleLeadMinutes,
    closures: contact.closures,
  });
}

/** Whether a mode takes an order for now: enabled, inside its NOW hours and no closure today. */
export function canOrderNowIn(mode: ModeRow, nowDays: t.WorkingDayJson[], contact: ContactRow, now: Date) {
  return (
    mode.nowEnabled &&
    isOpenAt(nowDays, now, contact.timeZone) &&
    closureAt(contact.closures, now, contact.timeZone) === null
  );
}

/** The active order modes of a contact with schedules, payment types, open state and delivery figures. */
export async function loadOrderModes(db: Db, contact: ContactRow, now: Date): Promise<OrderMode[]> {
  const modes = await db
    .select()
    .from(t.orderModes)
    .where(and(eq(t.orderModes.branchContactId, contact.id), eq(t.orderModes.active, true)))
    .orderBy(asc(t.orderModes.position));
  if (modes.length === 0) return [];
  const modeIds = modes.map((m) => m.id);
  const schedules = await db
    .select()
    .from(t.orderModeSchedules)
    .where(inArray(t.orderModeSchedules.orderModeId, modeIds));
  const links = await db
    .select({ orderModeId: t.orderModePaymentTypes.orderModeId, paymentType: t.paymentTypes })
    .from(t.orderModePaymentTypes)
    .innerJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orderModePaymentTypes.paymentTypeId))
    .where(inArray(t.orderModePaymentTypes.orderModeId, modeIds))
    .orderBy(asc(t.paymentTypes.position));
  const zones = modes.some((m) => m.type === 'DELIVERY')
    ? await db
        .select()
        .from(t.deliveryZones)
        .where(and(eq(t.deliveryZones.branchContactId, contact.id), eq(t.deliveryZones.active, true)))
    : [];
  const decimals = await currencyDecimalsOf(db, contact.country);

  return modes.map((mode) => {
    const daysOf = (kind: string) =>
      schedules.find((s) => s.orderModeId === mode.id && s.kind === kind)?.workingDays ?? [];
    const nowDays = daysOf('NOW');
    const scheduledDays = daysOf('SCHEDULED');
    const slots = scheduleOf(mode, scheduledDays, contact, now);
    const paymentTypes: PaymentType[] = links
      .filter((l) => l.orderModeId === mode.id && l.paymentType.active)
      .map(({ paymentType: p }) => ({
        id: p.id,
        showName: p.showName,
        paymentMethod: p.paymentMethod,
        active: p.active,
        upload: p.upload,
        onlinePayment: p.onlinePaymentMethod
          ? { paymentMethod: p.onlinePaymentMethod, providerName: p.providerName }
          : null,
        bankTransfer: bankTransferOf(p),
      }));
    const type = mode.type as OrderModeType;
    // every fee a diner may pay: the zones' own and their tiers' (by distance, and by total: cheaper)
    const fees = zones.flatMap((z) =>
      [z, ...z.distanceTiers, ...z.totalTiers].flatMap((fee) => [fee.cashFee, fee.otherFee]),
    );
    const freeFrom = zones.map((z) => z.freeDeliveryFrom).filter((v): v is number => v !== null);
    return {
      id: mode.id,
      type,
      '@type': type,
      showName: mode.showName,
      active: mode.active,
      orderEnabled: mode.orderEnabled,
      nowEnabled: mode.nowEnabled,
      useSchedule: mode.useSchedule,
      schedules: [
        { type: 'NOW' as const, scheduleConfigs: [{ workingDays: nowDays }] },
        { type: 'SCHEDULED' as const, scheduleConfigs: [{ workingDays: scheduledDays }] },
      ],
      paymentTypes,
      minDelayInMinutes: mode.minDelayInMinutes,
      maxDelayInMinutes: mode.maxDelayInMinutes,
      menuId: mode.menuId,
      openNow: canOrderNowIn(mode, nowDays, contact, now),
      canSchedule: slots.schedulerDaysInfo.length > 0,
      deliveryInfo:
        type === 'DELIVERY' && zones.length > 0
          ? {
              minimumOrder: fromMinor(Math.min(...zones.map((z) => z.minimumOrder)), decimals),
              minFee: fromMinor(Math.min(...fees), decimals),
              maxFee: fromMinor(Math.max(...fees), decimals),
              freeDeliveryFrom: freeFrom.length ? fromMinor(Math.min(...freeFrom), decimals) : null,
            }
          : null,
    };
  });
}

/** Where a transfer goes, for TRANSFER types that name an account. */
export function bankTransferOf(p: {
  paymentMethod: string;
  bankAlias: string | null;
  bankCbu: string | null;
  bankHolder: string | null;
}): BankTransferInfo | null {
  if (p.paymentMethod !== 'TRANSFER' || (!p.bankAlias && !p.bankCbu)) return null;
  return { alias: p.bankAlias, cbu: p.bankCbu, holder: p.bankHolder };
}
