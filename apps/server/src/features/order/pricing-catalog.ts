import type {
  AdjustmentRule,
  DeliveryZoneRule,
  GarnishGroupRule,
  LoyaltyProgramRule,
  MenuDiscountRule,
  MoneyRounding,
  ServiceFeeRule,
} from '@comanda/core';
import { moneyRoundingOf, notesLimit, programForContact } from '@comanda/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { loyaltyRuleOf } from '../checkout-info/queries.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';

/** A plate as order pricing needs it; amounts in minor units. */
export interface PricedPlate {
  id: number;
  name: string;
  price: number;
  sizes: Map<number, { id: number; name: string; price: number }>;
  groups: GarnishGroupRule[];
  categoryId: number;
  categoryShowName: string;
  maxQuantity: number | null;
}

/**
 * Everything an order of one order mode is priced and checked against, read once and kept in memory
 * (like the menu) until the catalogue changes: placement stays a few writes, not dozens of reads.
 */
export interface PricingCatalog {
  contact: typeof t.branchContacts.$inferSelect;
  mode: typeof t.orderModes.$inferSelect;
  decimals: number;
  /** How computed amounts are rounded: the currency's shown unit, the branch's roundingMode. */
  rounding: MoneyRounding;
  nowDays: t.WorkingDayJson[];
  scheduledDays: t.WorkingDayJson[];
  paymentTypes: (typeof t.paymentTypes.$inferSelect)[];
  plates: Map<number, PricedPlate>;
  menuDiscounts: MenuDiscountRule[];
  generalDiscounts: AdjustmentRule[];
  generalSurcharges: AdjustmentRule[];
  serviceFee: ServiceFeeRule | null;
  zones: DeliveryZoneRule[];
  /** where the shop is: fee tiers by distance measure from here */
  origin: { lat: number; lng: number };
  loyalty: (LoyaltyProgramRule & { id: number }) | null;
  itemNotesLimit: number | null;
  orderNotesLimit: number | null;
}

/** The pricing catalogue of an order mode of a contact, or null when the mode is not the contact's. */
export async function loadPricingCatalog(
  db: Db,
  branchContactId: number,
  orderModeId: number,
): Promise<PricingCatalog | null> {
  const [row] = await db
    .select({ contact: t.branchContacts, mode: t.orderModes, generalConfig: t.branches.generalConfig })
    .from(t.orderModes)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orderModes.branchContactId))
    .innerJoin(t.branches, eq(t.branches.id, t.branchContacts.branchId))
    .where(and(eq(t.orderModes.id, orderModeId), eq(t.branchContacts.id, branchContactId)));
  if (!row) return null;
  const { contact, mode, generalConfig } = row;
  const branchId = contact.branchId;

  const [
    decimals,
    schedules,
    paymentLinks,
    categoryRows,
    discountRows,
    generalD,
    generalS,
    fees,
    zones,
    programs,
    customizations,
  ] = await Promise.all([
    currencyDecimalsOf(db, contact.country),
    db.select().from(t.orderModeSchedules).where(eq(t.orderModeSchedules.orderModeId, mode.id)),
    db
      .select({ paymentType: t.paymentTypes })
      .from(t.orderModePaymentTypes)
      .innerJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orderModePaymentTypes.paymentTypeId))
      .where(eq(t.orderModePaymentTypes.orderModeId, mode.id)),
    db
      .select()
      .from(t.categories)
      .where(and(eq(t.categories.menuId, mode.menuId), eq(t.categories.visible, true))),
    db
      .select()
      .from(t.menuDiscounts)
      .where(and(eq(t.menuDiscounts.branchId, branchId), eq(t.menuDiscounts.active, true))),
    db
      .select()
      .from(t.generalDiscounts)
      .where(and(eq(t.generalDiscounts.orderModeId, mode.id), eq(t.generalDiscounts.active, true))),
    db
      .select()
      .from(t.generalSurcharges)
      .where(and(eq(t.generalSurcharges.orderModeId, mode.id), eq(t.generalSurcharges.active, true))),
    db.select().from(t.serviceFees).where(eq(t.serviceFees.orderModeId, mode.id)),
    db
      .select()
      .from(t.deliveryZones)
      .where(and(eq(t.deliveryZones.branchContactId, contact.id), eq(t.deliveryZones.active, true))),
    db.select().from(t.loyaltyPrograms).where(eq(t.loyaltyPrograms.branchId, branchId)),
    db
      .select({ resource: t.menuCustomizations.resource, commands: t.menuCustomizations.commands })
      .from(t.menuCustomizations)
      .where(eq(t.menuCustomizations.branchId, branchId)),
  ]);

  const categoryIds = categoryRows.map((c) => c.id);
  const plateRows = categoryIds.length
    ? await db
        .select()
        .from(t.plates)
        .where(
          and(
            inArray(t.plates.categoryId, categoryIds),
            eq(t.plates.visible, true),
            eq(t.plates.outOfStock, false),
          ),
        )
    : [];
  const plateIds = plateRows.map((p) => p.id);
  const [sizes, groups, discountLinks] = await Promise.all([
    plateIds.length ? db.select().from(t.plateSizes).where(inArray(t.plateSizes.plateId, plateIds)) : [],
    plateIds.length
      ? db
          .select()
          .from(t.garnishGroups)
          .where(inArray(t.garnishGroups.plateId, plateIds))
          .orderBy(asc(t.garnishGroups.position))
      : [],
    discountRows.length
      ? db
          .select()
          .from(t.menuDiscountPlates)
          .where(
            inArray(
              t.menuDiscountPlates.discountId,
              discountRows.map((d) => d.id),
            ),
          )
      : [],
  ]);
  const garnishRows = groups.length
    ? await db
        .select()
        .from(t.garnishes)
        .where(
          and(
            inArray(
              t.garnishes.groupId,
              groups.map((g) => g.id),
            ),
            eq(t.garnishes.visible, true),
          ),
        )
    : [];

  const categoryName = new Map(categoryRows.map((c) => [c.id, c.showName]));
  const plates = new Map<number, PricedPlate>();
  for (const p of plateRows) {
    plates.set(p.id, {
      id: p.id,
      name: p.showName || p.name,
      price: p.price,
      sizes: new Map(
        sizes
          .filter((s) => s.plateId === p.id)
          .map((s) => [s.id, { id: s.id, name: s.name, price: s.price }]),
      ),
      groups: groups
        .filter((g) => g.plateId === p.id)
        .map((g) => ({
          id: g.id,
          name: g.name,
          minGarnishAmount: g.minGarnishAmount,
          maxGarnishAmount: g.maxGarnishAmount,
          multipleSelection: g.multipleSelection,
          mandatory: g.mandatory,
          garnishes: garnishRows
            .filter((x) => x.groupId === g.id)
            .map((x) => ({ id: x.id, name: x.name, price: x.price })),
        })),
      categoryId: p.categoryId,
      categoryShowName: categoryName.get(p.categoryId) ?? '',
      maxQuantity: p.maxQuantity,
    });
  }
  const daysOf = (kind: string) => schedules.find((s) => s.kind === kind)?.workingDays ?? [];
  const program = programs[0];
  const adjustment = (a: typeof t.generalDiscounts.$inferSelect): AdjustmentRule => ({
    id: a.id,
    name: a.name,
    type: a.type === 'FIXED' ? 'FIXED' : 'PERCENT',
    value: a.value,
  });
  return {
    contact,
    mode,
    decimals,
    rounding: moneyRoundingOf(contact.currency, decimals, generalConfig),
    nowDays: daysOf('NOW'),
    scheduledDays: daysOf('SCHEDULED'),
    paymentTypes: paymentLinks.map((l) => l.paymentType).filter((p) => p.active),
    plates,
    menuDiscounts: discountRows.map((d) => ({
      id: d.id,
      type: d.type as MenuDiscountRule['type'],
      percentage: d.percentage,
      fixedDiscount: d.fixedDiscount,
      buy: d.buy,
      pay: d.pay,
      finalPrice: d.finalPrice,
      plates: discountLinks.filter((l) => l.discountId === d.id).map((l) => l.plateId),
    })),
    generalDiscounts: generalD.map(adjustment),
    generalSurcharges: generalS.map(adjustment),
    serviceFee: fees[0] ? { userFee: fees[0].userFee, percentageUserFee: fees[0].percentageUserFee } : null,
    zones: zones.map((z) => ({
      id: z.id,
      name: z.name,
      polygon: z.polygon,
      cashFee: z.cashFee,
      otherFee: z.otherFee,
      minimumOrder: z.minimumOrder,
      freeDeliveryFrom: z.freeDeliveryFrom,
      acceptsCash: z.acceptsCash,
      priority: z.priority,
      circle: z.circle,
      distanceTiers: z.distanceTiers,
      totalTiers: z.totalTiers,
    })),
    origin: { lat: contact.lat, lng: contact.lng },
    loyalty: program
      ? programForContact(
          { ...loyaltyRuleOf(program), branchContactIds: program.branchContactIds },
          contact.id,
        )
      : null,
    itemNotesLimit: notesLimit(customizations, 'item'),
    orderNotesLimit: notesLimit(customizations, 'order'),
  };
}
