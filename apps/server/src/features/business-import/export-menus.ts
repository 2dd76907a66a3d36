import { asc, eq, inArray, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { KeyMaker, optional, stored } from './export-keys.ts';
import type { BranchImportInput, MenuImportInput } from './import-format.ts';

type Units = (minor: number) => number;
type Plate = typeof t.plates.$inferSelect;
type PlateInput = MenuImportInput['categories'][number]['plates'][number];

/** A branch's catalogue as the file writes it, and the keys other parts of the file refer to. */
export interface ExportedCatalogue {
  indicators: NonNullable<BranchImportInput['indicators']>;
  menus: MenuImportInput[];
  menuDiscounts: NonNullable<BranchImportInput['menuDiscounts']>;
  menuKeyById: Map<number, string>;
  plateKeyById: Map<number, string>;
}

/** Every row of a branch's menus, each list in the order the file writes it (the menu editor's draft reads them too). */
export interface MenuRows {
  menus: (typeof t.menus.$inferSelect)[];
  categories: (typeof t.categories.$inferSelect)[];
  plates: Plate[];
  sizes: Map<number, (typeof t.plateSizes.$inferSelect)[]>;
  groups: Map<number, (typeof t.garnishGroups.$inferSelect)[]>;
  garnishes: Map<number, (typeof t.garnishes.$inferSelect)[]>;
  plateIndicators: Map<number, number[]>;
  featured: (typeof t.menuFeaturedPlates.$inferSelect)[];
}

/** Keys of one branch: menus, categories and plates are unique in the branch, as the import needs. */
interface CatalogueKeys {
  menus: Map<number, string>;
  categories: Map<number, string>;
  plates: Map<number, string>;
  indicators: Map<number, string>;
}

export async function exportCatalogue(db: Db, branchId: number, units: Units): Promise<ExportedCatalogue> {
  const rows = await loadMenuRows(db, branchId);
  const indicators = await exportIndicators(db, branchId, rows.plateIndicators);
  const keys: CatalogueKeys = { ...keyMenuRows(rows), indicators: indicators.keyById };
  const menus = rows.menus.map((menu) => exportMenu(menu, rows, keys, units));
  const menuDiscounts = await exportMenuDiscounts(db, branchId, rows.plates, keys.plates, units);
  return {
    indicators: indicators.list,
    menus,
    menuDiscounts,
    menuKeyById: keys.menus,
    plateKeyById: keys.plates,
  };
}

function groupBy<R, K>(rows: R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

export async function loadMenuRows(db: Db | Tx, branchId: number): Promise<MenuRows> {
  const menus = await db
    .select()
    .from(t.menus)
    .where(eq(t.menus.branchId, branchId))
    .orderBy(asc(t.menus.id));
  const menuIds = menus.map((m) => m.id);
  const categories = menuIds.length
    ? await db
        .select()
        .from(t.categories)
        .where(inArray(t.categories.menuId, menuIds))
        .orderBy(asc(t.categories.position), asc(t.categories.id))
    : [];
  // plates in the file's order: by menu, then category, then position
  const categoryOrder = new Map(
    menus.flatMap((m) => categories.filter((c) => c.menuId === m.id)).map((c, i) => [c.id, i]),
  );
  const plates = categories.length
    ? await db
        .select()
        .from(t.plates)
        .where(
          inArray(
            t.plates.categoryId,
            categories.map((c) => c.id),
          ),
        )
        .orderBy(asc(t.plates.position), asc(t.plates.id))
    : [];
  plates.sort((a, b) => (categoryOrder.get(a.categoryId) ?? 0) - (categoryOrder.get(b.categoryId) ?? 0));
  const plateIds = plates.map((p) => p.id);
  const byPlate = <R extends { plateId: number }>(list: R[]) => groupBy(list, (r) => r.plateId);
  const sizes = plateIds.length
    ? await db
        .select()
        .from(t.plateSizes)
        .where(inArray(t.plateSizes.plateId, plateIds))
        .orderBy(asc(t.plateSizes.position), asc(t.plateSizes.id))
    : [];
  const groups = plateIds.length
    ? await db
        .select()
        .from(t.garnishGroups)
        .where(inArray(t.garnishGroups.plateId, plateIds))
        .orderBy(asc(t.garnishGroups.position), asc(t.garnishGroups.id))
    : [];
  const garnishes = groups.length
    ? await db
        .select()
        .from(t.garnishes)
        .where(
          inArray(
            t.garnishes.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(t.garnishes.position), asc(t.garnishes.id))
    : [];
  const links = plateIds.length
    ? await db
        .select()
        .from(t.plateIndicators)
        .where(inArray(t.plateIndicators.plateId, plateIds))
        // no position column: the order they were linked in, which the storefront shows
        .orderBy(sql`ctid`)
    : [];
  const featured = menuIds.length
    ? await db
        .select()
        .from(t.menuFeaturedPlates)
        .where(inArray(t.menuFeaturedPlates.menuId, menuIds))
        .orderBy(asc(t.menuFeaturedPlates.position))
    : [];
  return {
    menus,
    categories,
    plates,
    sizes: byPlate(sizes),
    groups: byPlate(groups),
    garnishes: groupBy(garnishes, (g) => g.groupId),
    plateIndicators: new Map(
      [...byPlate(links)].map(([plateId, l]) => [plateId, l.map((x) => x.indicatorId)]),
    ),
    featured,
  };
}

function keyMenuRows(rows: MenuRows): Omit<CatalogueKeys, 'indicators'> {
  const menuKeys = new KeyMaker('menu');
  const categoryKeys = new KeyMaker('categoria');
  const plateKeys = new KeyMaker('plato');
  const menus = new Map(rows.menus.map((m) => [m.id, menuKeys.next(m.name)]));
  const categories = new Map<number, string>();
  for (const menu of rows.menus)
    for (const c of rows.categories.filter((c) => c.menuId === menu.id))
      categories.set(c.id, categoryKeys.next(c.name));
  const plates = new Map(rows.plates.map((p) => [p.id, plateKeys.next(p.name)]));
  return { menus, categories, plates };
}

/**
 * The branch's indicators, and any platform-wide indicator (no branch) one of its plates shows: the file
 * has no such thing, so it travels as one of the branch's.
 */
async function exportIndicators(db: Db, branchId: number, plateIndicators: Map<number, number[]>) {
  const linked = [...new Set([...plateIndicators.values()].flat())];
  const own = await db
    .select()
    .from(t.indicators)
    .where(eq(t.indicators.branchId, branchId))
    .orderBy(asc(t.indicators.id));
  const ownIds = new Set(own.map((i) => i.id));
  const shared = linked.filter((id) => !ownIds.has(id));
  const platformWide = shared.length
    ? await db
        .select()
        .from(t.indicators)
        .where(inArray(t.indicators.id, shared))
        .orderBy(asc(t.indicators.id))
    : [];
  const keys = new KeyMaker('indicador');
  const all = [...own, ...platformWide];
  const keyById = new Map(all.map((i) => [i.id, keys.next(i.showName)]));
  const list = all.map((i) => ({
    key: keyById.get(i.id) ?? '',
    showName: i.showName,
    backgroundColor: i.backgroundColor,
    textColor: i.textColor,
  }));
  return { list, keyById };
}

/** Keys of the ids that have one, in the ids' order. */
function keysOf(ids: number[], keys: Map<number, string>): string[] {
  return ids.flatMap((id) => {
    const key = keys.get(id);
    return key === undefined ? [] : [key];
  });
}

function exportMenu(
  menu: MenuRows['menus'][number],
  rows: MenuRows,
  keys: CatalogueKeys,
  units: Units,
): MenuImportInput {
  const featured = (kind: 'REMARKED' | 'UPSOLD') =>
    keysOf(
      rows.featured.filter((f) => f.menuId === menu.id && f.kind === kind).map((f) => f.plateId),
      keys.plates,
    );
  return {
    key: keys.menus.get(menu.id) ?? '',
    name: menu.name,
    categories: rows.categories
      .filter((c) => c.menuId === menu.id)
      .map((c) => ({
        key: keys.categories.get(c.id) ?? '',
        name: c.name,
        showName: c.showName === c.name ? undefined : c.showName,
        description: optional(c.description),
        visible: c.visible,
        plates: rows.plates
          .filter((p) => p.categoryId === c.id)
          .map((p) => exportPlate(p, rows, keys, units)),
      })),
    remarked: featured('REMARKED'),
    upsold: featured('UPSOLD'),
  };
}

function exportPlate(plate: Plate, rows: MenuRows, keys: CatalogueKeys, units: Units): PlateInput {
  return {
    key: keys.plates.get(plate.id) ?? '',
    name: plate.name,
    showName: plate.showName === plate.name ? undefined : plate.showName,
    description: optional(plate.description),
    price: units(plate.price),
    maxQuantity: optional(plate.maxQuantity),
    visible: plate.visible,
    outOfStock: plate.outOfStock,
    imageUrl: optional(plate.imageUrl),
    indicators: keysOf(rows.plateIndicators.get(plate.id) ?? [], keys.indicators),
    sizes: (rows.sizes.get(plate.id) ?? []).map((s) => ({ name: s.name, price: units(s.price) })),
    garnishGroups: (rows.groups.get(plate.id) ?? []).map((g) => ({
      name: g.name,
      minGarnishAmount: g.minGarnishAmount,
      maxGarnishAmount: g.maxGarnishAmount,
      multipleSelection: g.multipleSelection,
      mandatory: g.mandatory,
      garnishes: (rows.garnishes.get(g.id) ?? []).map((x) => ({
        name: x.name,
        description: optional(x.description),
        price: units(x.price),
        visible: x.visible,
      })),
    })),
    excludedCategories: keysOf(plate.excludedCategoryIds, keys.categories),
  };
}

async function exportMenuDiscounts(
  db: Db,
  branchId: number,
  plates: Plate[],
  plateKeys: Map<number, string>,
  units: Units,
): Promise<NonNullable<BranchImportInput['menuDiscounts']>> {
  const discounts = await db
    .select()
    .from(t.menuDiscounts)
    .where(eq(t.menuDiscounts.branchId, branchId))
    .orderBy(asc(t.menuDiscounts.id));
  const links = discounts.length
    ? await db
        .select()
        .from(t.menuDiscountPlates)
        .where(
          inArray(
            t.menuDiscountPlates.discountId,
            discounts.map((d) => d.id),
          ),
        )
    : [];
  const money = (minor: number | null) => (minor === null ? undefined : units(minor));
  return discounts.map((d) => {
    const linked = new Set(links.filter((l) => l.discountId === d.id).map((l) => l.plateId));
    return {
      name: d.name,
      type: stored<'PERCENT' | 'FIXED' | 'MULTIPLE' | 'FINAL_PRICE'>(d.type),
      percentage: optional(d.percentage),
      fixedDiscount: money(d.fixedDiscount),
      buy: optional(d.buy),
      pay: optional(d.pay),
      finalPrice: money(d.finalPrice),
      // in the file's order of plates
      plates: keysOf(
        plates.filter((p) => linked.has(p.id)).map((p) => p.id),
        plateKeys,
      ),
      active: d.active,
    };
  });
}
