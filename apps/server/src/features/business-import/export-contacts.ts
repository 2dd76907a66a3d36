import { upcomingClosures } from '@comanda/core';
import { asc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { KeyMaker, optional, stored } from './export-keys.ts';
import type { ContactImportInput } from './import-format.ts';

type Units = (minor: number) => number;
type Contact = typeof t.branchContacts.$inferSelect;
type OrderMode = typeof t.orderModes.$inferSelect;
type OrderModeInput = ContactImportInput['orderModes'][number];

/**
 * A shop as the file writes it: address, hours, flags, payment types, order modes with their schedules,
 * fees, discounts and surcharges, delivery zones, survey and riders, the closures not over by `now`.
 * Its customers and orders stay out.
 */
export async function exportContact(
  db: Db,
  contact: Contact,
  menuKeys: Map<number, string>,
  units: Units,
  now: Date,
): Promise<ContactImportInput> {
  const paymentTypes = await db
    .select()
    .from(t.paymentTypes)
    .where(eq(t.paymentTypes.branchContactId, contact.id))
    .orderBy(asc(t.paymentTypes.position), asc(t.paymentTypes.id));
  const keyMaker = new KeyMaker('pago');
  const paymentKeys = new Map(paymentTypes.map((p) => [p.id, keyMaker.next(p.showName)]));
  const modes = await db
    .select()
    .from(t.orderModes)
    .where(eq(t.orderModes.branchContactId, contact.id))
    .orderBy(asc(t.orderModes.position), asc(t.orderModes.id));
  const orderModes: OrderModeInput[] = [];
  for (const mode of modes) {
    orderModes.push(await exportOrderMode(db, mode, { menuKeys, paymentKeys, units }));
  }
  return {
    ...contactFields(contact),
    closures: upcomingClosures(contact.closures, now, contact.timeZone),
    paymentTypes: paymentTypes.map((p) => ({
      key: paymentKeys.get(p.id) ?? '',
      showName: p.showName,
      paymentMethod: stored(p.paymentMethod),
      active: p.active,
      upload: stored(p.upload),
      onlinePaymentMethod: p.onlinePaymentMethod === null ? undefined : stored(p.onlinePaymentMethod),
      providerName: optional(p.providerName),
      bankAlias: optional(p.bankAlias),
      bankCbu: optional(p.bankCbu),
      bankHolder: optional(p.bankHolder),
    })),
    orderModes,
    deliveryZones: await exportDeliveryZones(db, contact.id, units),
    survey: await exportSurvey(db, contact.id),
    riders: await exportRiders(db, contact.id),
  };
}

function contactFields(c: Contact) {
  return {
    alias: c.alias,
    name: c.name,
    active: c.active,
    address: {
      street: c.street,
      number: c.number,
      zone: optional(c.zone),
      locality: optional(c.locality),
      city: optional(c.city),
      country: optional(c.addressCountry),
    },
    location: { lat: c.lat, lng: c.lng },
    callPhone: optional(c.callPhone),
    whatsAppPhone: optional(c.whatsAppPhone),
    timeZone: c.timeZone,
    country: c.country,
    currency: c.currency,
    mandatoryEmail: c.mandatoryEmail,
    blocked: c.commercialTermsBlocked,
    betweenStreetsRequired: c.betweenStreetsRequired,
    workingDays: c.workingDays,
    npsAvg: optional(c.npsAvg),
    ordersConsoleActive: c.ordersConsoleActive,
    autoAccept: c.autoAccept,
    acceptsOnlinePayment: c.acceptsOnlinePayment,
    confirmOrderBeforePlacing: c.confirmOrderBeforePlacing,
    ownFleet: c.ownFleet,
    riderSecurityCodeHash: optional(c.riderSecurityCodeHash),
  };
}

async function exportOrderMode(
  db: Db,
  mode: OrderMode,
  keys: { menuKeys: Map<number, string>; paymentKeys: Map<number, string>; units: Units },
): Promise<OrderModeInput> {
  const schedules = await db
    .select()
    .from(t.orderModeSchedules)
    .where(eq(t.orderModeSchedules.orderModeId, mode.id))
    .orderBy(asc(t.orderModeSchedules.id));
  const hoursOf = (kind: 'NOW' | 'SCHEDULED') => schedules.find((s) => s.kind === kind)?.workingDays;
  const links = await db
    .select({ paymentTypeId: t.orderModePaymentTypes.paymentTypeId })
    .from(t.orderModePaymentTypes)
    .where(eq(t.orderModePaymentTypes.orderModeId, mode.id));
  const linked = new Set(links.map((l) => l.paymentTypeId));
  const [fee] = await db.select().from(t.serviceFees).where(eq(t.serviceFees.orderModeId, mode.id));
  const { units } = keys;
  return {
    type: stored(mode.type),
    showName: mode.showName,
    active: mode.active,
    orderEnabled: mode.orderEnabled,
    nowEnabled: mode.nowEnabled,
    useSchedule: mode.useSchedule,
    minDelayInMinutes: optional(mode.minDelayInMinutes),
    maxDelayInMinutes: optional(mode.maxDelayInMinutes),
    scheduleLeadMinutes: mode.scheduleLeadMinutes,
    scheduleSlotMinutes: mode.scheduleSlotMinutes,
    scheduleDaysAhead: mode.scheduleDaysAhead,
    menu: keys.menuKeys.get(mode.menuId) ?? '',
    schedules: { NOW: hoursOf('NOW'), SCHEDULED: hoursOf('SCHEDULED') },
    // in the contact's order of payment types
    paymentTypes: [...keys.paymentKeys].filter(([id]) => linked.has(id)).map(([, key]) => key),
    serviceFee: fee ? { userFee: units(fee.userFee), percentageUserFee: fee.percentageUserFee } : undefined,
    generalDiscounts: await exportAdjustments(db, t.generalDiscounts, mode.id, units),
    generalSurcharges: await exportAdjustments(db, t.generalSurcharges, mode.id, units),
  };
}

async function exportAdjustments(
  db: Db,
  table: typeof t.generalDiscounts | typeof t.generalSurcharges,
  orderModeId: number,
  units: Units,
) {
  const rows = await db.select().from(table).where(eq(table.orderModeId, orderModeId)).orderBy(asc(table.id));
  return rows.map((a) => ({
    name: a.name,
    type: stored<'PERCENT' | 'FIXED'>(a.type),
    value: a.type === 'FIXED' ? units(a.value) : a.value,
  }));
}

async function exportDeliveryZones(db: Db, contactId: number, units: Units) {
  const zones = await db
    .select()
    .from(t.deliveryZones)
    .where(eq(t.deliveryZones.branchContactId, contactId))
    .orderBy(asc(t.deliveryZones.priority), asc(t.deliveryZones.id));
  return zones.map((z) => ({
    name: z.name,
    ...(z.circle ? { circle: z.circle } : { polygon: z.polygon }),
    cashFee: units(z.cashFee),
    otherFee: units(z.otherFee),
    minimumOrder: units(z.minimumOrder),
    freeDeliveryFrom: z.freeDeliveryFrom === null ? undefined : units(z.freeDeliveryFrom),
    acceptsCash: z.acceptsCash,
    active: z.active,
    distanceTiers: z.distanceTiers.map((tier) => ({
      ...tier,
      cashFee: units(tier.cashFee),
      otherFee: units(tier.otherFee),
    })),
    totalTiers: z.totalTiers.map((tier) => ({
      fromTotal: units(tier.fromTotal),
      cashFee: units(tier.cashFee),
      otherFee: units(tier.otherFee),
    })),
  }));
}

async function exportSurvey(db: Db, contactId: number): Promise<ContactImportInput['survey']> {
  const [survey] = await db
    .select()
    .from(t.surveys)
    .where(eq(t.surveys.branchContactId, contactId))
    .orderBy(asc(t.surveys.id))
    .limit(1);
  if (!survey) return undefined;
  const questions = await db
    .select()
    .from(t.surveyQuestions)
    .where(eq(t.surveyQuestions.surveyId, survey.id))
    .orderBy(asc(t.surveyQuestions.questionOrder), asc(t.surveyQuestions.id));
  return {
    active: survey.active,
    questions: questions.map((q) => ({
      title: q.title,
      subTitle: optional(q.subTitle),
      type: stored(q.type),
      questionType: optional(q.questionType),
      mandatory: q.mandatory,
      priority: q.priority,
      questionReasons: q.questionReasons,
    })),
  };
}

/** Name, phone, whether the rider works and whether the owner deactivated them: devices, shifts and places are the rider's own. */
async function exportRiders(db: Db, contactId: number) {
  const riders = await db
    .select()
    .from(t.riders)
    .where(eq(t.riders.branchContactId, contactId))
    .orderBy(asc(t.riders.id));
  return riders.map((r) => ({
    name: r.name,
    phone: r.phone,
    active: r.active,
    ...(r.disabledAt ? { disabled: true as const } : {}),
  }));
}
