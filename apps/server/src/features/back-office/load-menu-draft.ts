/**
 * The branch's published menus, indicators and menu discounts as core's MenuDraft (amounts in currency
 * units, each row with its id, keys `plate-12`, `category-3`…), which is what the editor starts from.
 */
import { fromMinor, type MenuDiscountType } from '@comanda/core';
import type { DraftMenuDiscount, DraftPlate, MenuDraft } from '@comanda/core/back-office';
import { asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';

export const keyOf = {
  menu: (id: number) => `menu-${id}`,
  category: (id: number) => `category-${id}`,
  plate: (id: number) => `plate-${id}`,
  indicator: (id: number) => `indicator-${id}`,
};

/** The currency a branch's amounts are in (its first shop's), with its decimals. */
export async function branchCurrency(
  db: Db | Tx,
  branchId: number,
): Promise<{ currency: string; decimals: number }> {
  const [row] = await db
    .select({ currency: t.branchContacts.currency, decimals: t.countries.currencyDecimals })
    .from(t.branchContacts)
    .innerJoin(t.countries, eq(t.countries.code, t.branchContacts.country))
    .where(eq(t.branchContacts.branchId, branchId))
    .orderBy(asc(t.branchContacts.id))
    .limit(1);
  return row ?? { currency: 'ARS', decimals: 2 };
}

export async function loadPublishedDraft(
  db: Db | Tx,
  branchId: number,
  decimals: number,
): Promise<MenuDraft> {
  const units = (minor: number) => fromMinor(minor, decimals);
  const menus = await db
    .select()
    .from(t.menus)
    .where(eq(t.menus.branchId, branchId))
    .orderBy(asc(t.menus.id));
  const menuIds = menus.map((menu) => menu.id);
  const categories = menuIds.length
    ? await db
        .select()
        .from(t.categories)
        .where(inArray(t.categories.menuId, menuIds))
        .orderBy(asc(t.categories.position), asc(t.categories.id))
    : [];
  const plates = categories.length
    ? await db
        .select()
        .from(t.plates)
        .where(
          inArray(
            t.plates.categoryId,
            categories.map((category) => category.id),
          ),
        )
        .orderBy(asc(t.plates.position), asc(t.plates.id))
    : [];
  const plateIds = plates.map((plate) => plate.id);
  const [sizes, groups, plateIndicators, featured, indicators, discounts] = await Promise.all([
    plateIds.length
      ? db
          .select()
          .from(t.plateSizes)
          .where(inArray(t.plateSizes.plateId, plateIds))
          .orderBy(asc(t.plateSizes.position), asc(t.plateSizes.id))
      : [],
    plateIds.length
      ? db
          .select()
          .from(t.garnishGroups)
          .where(inArray(t.garnishGroups.plateId, plateIds))
          .orderBy(asc(t.garnishGroups.position), asc(t.garnishGroups.id))
      : [],
    plateIds.length
      ? db.select().from(t.plateIndicators).where(inArray(t.plateIndicators.plateId, plateIds))
      : [],
    menuIds.length
      ? db
          .select()
          .from(t.menuFeaturedPlates)
          .where(inArray(t.menuFeaturedPlates.menuId, menuIds))
          .orderBy(asc(t.menuFeaturedPlates.position))
      : [],
    db
      .select()
      .from(t.indicators)
      // the branch's own; platform-wide indicators are not the owner's to edit
      .where(eq(t.indicators.branchId, branchId))
      .orderBy(asc(t.indicators.id)),
    db
      .select()
      .from(t.menuDiscounts)
      .where(eq(t.menuDiscounts.branchId, branchId))
      .orderBy(asc(t.menuDiscounts.id)),
  ]);
  const groupIds = groups.map((group) => group.id);
  const garnishes = groupIds.length
    ? await db
        .select()
        .from(t.garnishes)
        .where(inArray(t.garnishes.groupId, groupIds))
        .orderBy(asc(t.garnishes.position), asc(t.garnishes.id))
    : [];
  const discountIds = discounts.map((discount) => discount.id);
  const discountPlates = discountIds.length
    ? await db
        .select()
        .from(t.menuDiscountPlates)
        .where(inArray(t.menuDiscountPlates.discountId, discountIds))
    : [];

  const draftPlate = (plate: (typeof plates)[number]): DraftPlate => ({
    id: plate.id,
    key: keyOf.plate(plate.id),
    name: plate.showName || plate.name,
    description: plate.description,
    price: units(plate.price),
    imageUrl: plate.imageUrl,
    visible: plate.visible,
    outOfStock: plate.outOfStock,
    maxQuantity: plate.maxQuantity,
    indicators: plateIndicators
      .filter((link) => link.plateId === plate.id)
      .map((link) => keyOf.indicator(link.indicatorId)),
    sizes: sizes
      .filter((size) => size.plateId === plate.id)
      .map((size) => ({ id: size.id, name: size.name, price: units(size.price) })),
    garnishGroups: groups
      .filter((group) => group.plateId === plate.id)
      .map((group) => ({
        id: group.id,
        name: group.name,
        minGarnishAmount: group.minGarnishAmount,
        maxGarnishAmount: group.maxGarnishAmount,
        multipleSelection: group.multipleSelection,
        mandatory: group.mandatory,
        garnishes: garnishes
          .filter((garnish) => garnish.groupId === group.id)
          .map((garnish) => ({
            id: garnish.id,
            name: garnish.name,
            description: garnish.description,
            price: units(garnish.price),
            visible: garnish.visible,
          })),
      })),
    excludedCategories: plate.excludedCategoryIds.map(keyOf.category),
  });

  return {
    menus: menus.map((menu) => ({
      id: menu.id,
      key: keyOf.menu(menu.id),
      name: menu.name,
      categories: categories
        .filter((category) => category.menuId === menu.id)
        .map((category) => ({
          id: category.id,
          key: keyOf.category(category.id),
          name: category.showName || category.name,
          description: category.description,
          visible: category.visible,
          plates: plates.filter((plate) => plate.categoryId === category.id).map(draftPlate),
        })),
      remarked: featured
        .filter((row) => row.menuId === menu.id && row.kind === 'REMARKED')
        .map((row) => keyOf.plate(row.plateId)),
      upsold: featured
        .filter((row) => row.menuId === menu.id && row.kind === 'UPSOLD')
        .map((row) => keyOf.plate(row.plateId)),
    })),
    indicators: indicators.map((indicator) => ({
      id: indicator.id,
      key: keyOf.indicator(indicator.id),
      showName: indicator.showName,
      backgroundColor: indicator.backgroundColor,
      textColor: indicator.textColor,
    })),
    menuDiscounts: discounts.map(
      (discount): DraftMenuDiscount => ({
        id: discount.id,
        name: discount.name,
        type: discount.type as MenuDiscountType,
        percentage: discount.percentage,
        fixedDiscount: discount.fixedDiscount === null ? null : units(discount.fixedDiscount),
        buy: discount.buy,
        pay: discount.pay,
        finalPrice: discount.finalPrice === null ? null : units(discount.finalPrice),
        active: discount.active,
        plates: discountPlates
          .filter((link) => link.discountId === discount.id)
          .map((link) => keyOf.plate(link.plateId)),
      }),
    ),
  };
}
