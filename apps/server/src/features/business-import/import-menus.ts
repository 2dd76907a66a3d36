import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Tx } from '../../platform/db.ts';
import type { BranchImport, MenuImport } from './import-format.ts';
import { mustGet, problemAt } from './import-problems.ts';
import { recomputeMenuHash } from './menu-hash.ts';

type PlateImport = MenuImport['categories'][number]['plates'][number];
type GarnishGroupImport = PlateImport['garnishGroups'][number];

/** Keys of the file mapped to the ids the database gave them, for one branch. */
export interface BranchKeys {
  plates: Map<
    string,
    { id: number; price: number; categoryId: number; categoryShowName: string; name: string }
  >;
  categories: Map<string, number>;
  menus: Map<string, number>;
  indicators: Map<string, number>;
  sizes: Map<string, { id: number; price: number }>; // `${plateKey}/${sizeName}`
  garnishes: Map<string, { id: number; groupId: number; price: number; multiple: boolean }>; // `${plateKey}/${group}/${garnish}`
}

export function emptyBranchKeys(): BranchKeys {
  return {
    plates: new Map(),
    categories: new Map(),
    menus: new Map(),
    indicators: new Map(),
    sizes: new Map(),
    garnishes: new Map(),
  };
}

/** The branch's menus (with their indicators first, which plates name) and its menu discounts. */
export interface MenuContext {
  tx: Tx;
  branchId: number;
  keys: BranchKeys;
  minor: (units: number) => number;
}

export async function importIndicators(ctx: MenuContext, indicators: BranchImport['indicators']) {
  for (const indicator of indicators) {
    const [row] = await ctx.tx
      .insert(t.indicators)
      .values({
        branchId: ctx.branchId,
        showName: indicator.showName,
        backgroundColor: indicator.backgroundColor,
        textColor: indicator.textColor,
      })
      .returning({ id: t.indicators.id });
    if (row) ctx.keys.indicators.set(indicator.key, row.id);
  }
}

export async function importMenu(ctx: MenuContext, menu: MenuImport, at: string): Promise<void> {
  const { tx, keys } = ctx;
  const [menuRow] = await tx
    .insert(t.menus)
    .values({ branchId: ctx.branchId, name: menu.name, hash: 'pending' })
    .returning({ id: t.menus.id });
  if (!menuRow) throw new Error('menu insert returned nothing');
  keys.menus.set(menu.key, menuRow.id);
  const excludedByPlate: { plateId: number; keys: string[]; at: string }[] = [];
  for (const [cPos, category] of menu.categories.entries()) {
    const [cat] = await tx
      .insert(t.categories)
      .values({
        menuId: menuRow.id,
        name: category.name,
        showName: category.showName ?? category.name,
        description: category.description,
        visible: category.visible,
        position: cPos,
      })
      .returning({ id: t.categories.id });
    if (!cat) throw new Error('category insert returned nothing');
    keys.categories.set(category.key, cat.id);
    const placed = { categoryId: cat.id, categoryShowName: category.showName ?? category.name };
    for (const [pPos, plate] of category.plates.entries()) {
      const plateAt = `${at}.categories.${cPos}.plates.${pPos}`;
      const plateId = await importPlate(ctx, plate, { ...placed, position: pPos }, plateAt);
      excludedByPlate.push({ plateId, keys: plate.excludedCategories, at: `${plateAt}.excludedCategories` });
    }
  }
  for (const excluded of excludedByPlate) {
    if (excluded.keys.length === 0) continue;
    const ids = excluded.keys.map((k, i) => mustGet(keys.categories, k, 'categoría', `${excluded.at}.${i}`));
    await tx.update(t.plates).set({ excludedCategoryIds: ids }).where(eq(t.plates.id, excluded.plateId));
  }
  for (const [kind, list] of [
    ['REMARKED', 'remarked'],
    ['UPSOLD', 'upsold'],
  ] as const) {
    for (const [position, plateKey] of menu[list].entries()) {
      const plate = mustGet(keys.plates, plateKey, 'plato', `${at}.${list}.${position}`);
      await tx.insert(t.menuFeaturedPlates).values({ menuId: menuRow.id, plateId: plate.id, kind, position });
    }
  }
  await recomputeMenuHash(tx, menuRow.id);
}

async function importPlate(
  ctx: MenuContext,
  plate: PlateImport,
  placed: { categoryId: number; categoryShowName: string; position: number },
  at: string,
): Promise<number> {
  const { tx, keys, minor } = ctx;
  if (keys.plates.has(plate.key))
    throw problemAt(`${at}.key`, `La clave de plato ${plate.key} está repetida`);
  const [row] = await tx
    .insert(t.plates)
    .values({
      categoryId: placed.categoryId,
      name: plate.name,
      showName: plate.showName ?? plate.name,
      description: plate.description,
      price: minor(plate.price),
      maxQuantity: plate.maxQuantity,
      visible: plate.visible,
      outOfStock: plate.outOfStock,
      imageUrl: plate.imageUrl,
      position: placed.position,
    })
    .returning({ id: t.plates.id });
  if (!row) throw new Error('plate insert returned nothing');
  keys.plates.set(plate.key, {
    id: row.id,
    price: minor(plate.price),
    categoryId: placed.categoryId,
    categoryShowName: placed.categoryShowName,
    name: plate.showName ?? plate.name,
  });
  for (const [sPos, size] of plate.sizes.entries()) {
    const [s] = await tx
      .insert(t.plateSizes)
      .values({ plateId: row.id, name: size.name, price: minor(size.price), position: sPos })
      .returning({ id: t.plateSizes.id });
    if (s) keys.sizes.set(`${plate.key}/${size.name}`, { id: s.id, price: minor(size.price) });
  }
  for (const [gPos, group] of plate.garnishGroups.entries()) {
    await importGarnishGroup(ctx, { id: row.id, key: plate.key }, group, gPos, `${at}.garnishGroups.${gPos}`);
  }
  for (const [i, indicatorKey] of plate.indicators.entries()) {
    const indicatorId = mustGet(keys.indicators, indicatorKey, 'indicador', `${at}.indicators.${i}`);
    await tx.insert(t.plateIndicators).values({ plateId: row.id, indicatorId });
  }
  return row.id;
}

async function importGarnishGroup(
  ctx: MenuContext,
  plate: { id: number; key: string },
  group: GarnishGroupImport,
  position: number,
  at: string,
): Promise<void> {
  if (group.minGarnishAmount > group.maxGarnishAmount)
    throw problemAt(`${at}.minGarnishAmount`, `El grupo ${group.name} tiene un mínimo mayor que su máximo`);
  const [row] = await ctx.tx
    .insert(t.garnishGroups)
    .values({
      plateId: plate.id,
      name: group.name,
      minGarnishAmount: group.minGarnishAmount,
      maxGarnishAmount: group.maxGarnishAmount,
      multipleSelection: group.multipleSelection,
      mandatory: group.mandatory,
      position,
    })
    .returning({ id: t.garnishGroups.id });
  if (!row) throw new Error('garnish group insert returned nothing');
  for (const [xPos, garnish] of group.garnishes.entries()) {
    const price = ctx.minor(garnish.price);
    const [x] = await ctx.tx
      .insert(t.garnishes)
      .values({
        groupId: row.id,
        name: garnish.name,
        description: garnish.description,
        price,
        visible: garnish.visible,
        position: xPos,
      })
      .returning({ id: t.garnishes.id });
    if (x) {
      ctx.keys.garnishes.set(`${plate.key}/${group.name}/${garnish.name}`, {
        id: x.id,
        groupId: row.id,
        price,
        multiple: group.multipleSelection,
      });
    }
  }
}

export async function importMenuDiscounts(
  ctx: MenuContext,
  discounts: BranchImport['menuDiscounts'],
  at: string,
): Promise<void> {
  const { tx, minor } = ctx;
  for (const [d, discount] of discounts.entries()) {
    const [row] = await tx
      .insert(t.menuDiscounts)
      .values({
        branchId: ctx.branchId,
        name: discount.name,
        type: discount.type,
        percentage: discount.percentage,
        fixedDiscount: discount.fixedDiscount === undefined ? null : minor(discount.fixedDiscount),
        buy: discount.buy,
        pay: discount.pay,
        finalPrice: discount.finalPrice === undefined ? null : minor(discount.finalPrice),
        active: discount.active,
      })
      .returning({ id: t.menuDiscounts.id });
    if (!row) throw new Error('discount insert returned nothing');
    for (const [p, plateKey] of discount.plates.entries()) {
      const plate = mustGet(ctx.keys.plates, plateKey, 'plato', `${at}.${d}.plates.${p}`);
      await tx.insert(t.menuDiscountPlates).values({ discountId: row.id, plateId: plate.id });
    }
  }
}
