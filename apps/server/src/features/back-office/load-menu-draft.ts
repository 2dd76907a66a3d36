/**
 * The branch's published menus, indicators and menu discounts as core's MenuDraft (amounts in currency
 * units, each row with its id, keys `plate-12`, `category-3`…), which is what the editor starts from.
 */
import { fromMinor, type MenuDiscountType } from '@comanda/core';
import type { DraftMenuDiscount, DraftPlate, MenuDraft } from '@comanda/core/back-office';
import { asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { loadMenuRows, type MenuRows } from '../business-import/export-menus.ts';

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
  // the same rows, in the same order, as the business export reads
  const rows = await loadMenuRows(db, branchId);
  const [indicators, discounts] = await Promise.all([
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
  const discountPlates = discounts.length
    ? await db
        .select()
        .from(t.menuDiscountPlates)
        .where(
          inArray(
            t.menuDiscountPlates.discountId,
            discounts.map((discount) => discount.id),
          ),
        )
    : [];

  const draftPlate = (plate: MenuRows['plates'][number]): DraftPlate => ({
    id: plate.id,
    key: keyOf.plate(plate.id),
    name: plate.showName || plate.name,
    description: plate.description,
    price: units(plate.price),
    imageUrl: plate.imageUrl,
    visible: plate.visible,
    outOfStock: plate.outOfStock,
    maxQuantity: plate.maxQuantity,
    indicators: (rows.plateIndicators.get(plate.id) ?? []).map(keyOf.indicator),
    sizes: (rows.sizes.get(plate.id) ?? []).map((size) => ({
      id: size.id,
      name: size.name,
      price: units(size.price),
    })),
    garnishGroups: (rows.groups.get(plate.id) ?? []).map((group) => ({
      id: group.id,
      name: group.name,
      minGarnishAmount: group.minGarnishAmount,
      maxGarnishAmount: group.maxGarnishAmount,
      multipleSelection: group.multipleSelection,
      mandatory: group.mandatory,
      garnishes: (rows.garnishes.get(group.id) ?? []).map((garnish) => ({
        id: garnish.id,
        name: garnish.name,
        description: garnish.description,
        price: units(garnish.price),
        visible: garnish.visible,
      })),
    })),
    excludedCategories: plate.excludedCategoryIds.map(keyOf.category),
  });
  const featured = (menuId: number, kind: 'REMARKED' | 'UPSOLD') =>
    rows.featured
      .filter((row) => row.menuId === menuId && row.kind === kind)
      .map((row) => keyOf.plate(row.plateId));

  return {
    menus: rows.menus.map((menu) => ({
      id: menu.id,
      key: keyOf.menu(menu.id),
      name: menu.name,
      categories: rows.categories
        .filter((category) => category.menuId === menu.id)
        .map((category) => ({
          id: category.id,
          key: keyOf.category(category.id),
          name: category.showName || category.name,
          description: category.description,
          visible: category.visible,
          plates: rows.plates.filter((plate) => plate.categoryId === category.id).map(draftPlate),
        })),
      remarked: featured(menu.id, 'REMARKED'),
      upsold: featured(menu.id, 'UPSOLD'),
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
