/**
 * Publishing the owner's draft: the branch's menus, indicators and menu discounts become what the draft
 * says, in one transaction. Rows the draft names by id are updated in place (so carts keep their plates,
 * sizes and garnishes), new ones inserted, missing ones deleted; each menu's hash is computed again, so
 * open carts follow the spec's menu-change rules. Stock is the console's day-to-day switch and is left as
 * it is on existing plates.
 */
import { toMinor } from '@comanda/core';
import {
  type DraftGarnishGroup,
  type DraftPlate,
  fillMessage,
  BACK_OFFICE_MESSAGES as M,
  type MenuDraft,
} from '@comanda/core/back-office';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { recomputeMenuHash } from '../business-import/menu-hash.ts';

interface BranchRows {
  menus: Set<number>;
  categories: Set<number>;
  plates: Map<number, { name: string; showName: string }>;
  sizes: Map<number, number>; // size id → plate id
  groups: Map<number, number>; // group id → plate id
  garnishes: Map<number, number>; // garnish id → group id
  indicators: Set<number>;
  discounts: Set<number>;
}

/** Applies a valid draft (core's menuDraftProblems found nothing) to the branch; the menus' new hashes. */
export async function applyMenuDraft(
  tx: Tx,
  branchId: number,
  draft: MenuDraft,
  decimals: number,
): Promise<{ id: number; name: string; hash: string }[]> {
  const minor = (units: number) => toMinor(units, decimals);
  const rows = await loadBranchRows(tx, branchId);
  refuseForeignIds(draft, rows);

  // indicators first: plates link to them
  const indicatorIds = new Map<string, number>();
  for (const indicator of draft.indicators) {
    const values = {
      showName: indicator.showName,
      backgroundColor: indicator.backgroundColor,
      textColor: indicator.textColor,
    };
    indicatorIds.set(
      indicator.key,
      await upsert(tx, t.indicators, indicator.id, values, { branchId, ...values }),
    );
  }

  const menuIds = new Map<string, number>();
  const categoryIds = new Map<string, number>();
  const plateIds = new Map<string, number>();
  const platesWithExclusions: [number, string[]][] = [];
  for (const menu of draft.menus) {
    const menuId = await upsert(
      tx,
      t.menus,
      menu.id,
      { name: menu.name },
      { branchId, name: menu.name, hash: 'pending' },
    );
    menuIds.set(menu.key, menuId);
    for (const [position, category] of menu.categories.entries()) {
      const values = {
        showName: category.name,
        description: category.description ?? null,
        visible: category.visible,
        position,
        menuId,
      };
      const categoryId = await upsert(tx, t.categories, category.id, values, {
        ...values,
        name: category.name,
      });
      categoryIds.set(category.key, categoryId);
      for (const [platePosition, plate] of category.plates.entries()) {
        const plateId = await savePlate(tx, plate, categoryId, platePosition, rows, minor);
        plateIds.set(plate.key, plateId);
        platesWithExclusions.push([plateId, plate.excludedCategories]);
        await tx.delete(t.plateIndicators).where(eq(t.plateIndicators.plateId, plateId));
        const links = plate.indicators.flatMap((key) => {
          const indicatorId = indicatorIds.get(key) ?? existingIndicator(key, rows);
          return indicatorId ? [{ plateId, indicatorId }] : [];
        });
        if (links.length) await tx.insert(t.plateIndicators).values(links);
      }
    }
  }
  for (const [plateId, excluded] of platesWithExclusions) {
    const ids = excluded.flatMap((key) => categoryIds.get(key) ?? []);
    await tx.update(t.plates).set({ excludedCategoryIds: ids }).where(eq(t.plates.id, plateId));
  }

  await deleteMissing(tx, branchId, rows, { menuIds, categoryIds, plateIds, indicatorIds });

  for (const menu of draft.menus) {
    const menuId = menuIds.get(menu.key) as number;
    await tx.delete(t.menuFeaturedPlates).where(eq(t.menuFeaturedPlates.menuId, menuId));
    const featured = [
      ...menu.remarked.map((key, position) => ({ key, kind: 'REMARKED', position })),
      ...menu.upsold.map((key, position) => ({ key, kind: 'UPSOLD', position })),
    ].flatMap(({ key, kind, position }) => {
      const plateId = plateIds.get(key);
      return plateId ? [{ menuId, plateId, kind, position }] : [];
    });
    if (featured.length) await tx.insert(t.menuFeaturedPlates).values(featured).onConflictDoNothing();
  }

  const keptDiscounts: number[] = [];
  for (const discount of draft.menuDiscounts) {
    const values = {
      name: discount.name,
      type: discount.type,
      percentage: discount.type === 'PERCENT' ? (discount.percentage ?? null) : null,
      fixedDiscount:
        discount.type === 'FIXED' && discount.fixedDiscount != null ? minor(discount.fixedDiscount) : null,
      buy: discount.type === 'MULTIPLE' ? (discount.buy ?? null) : null,
      pay: discount.type === 'MULTIPLE' ? (discount.pay ?? null) : null,
      finalPrice:
        discount.type === 'FINAL_PRICE' && discount.finalPrice != null ? minor(discount.finalPrice) : null,
      active: discount.active,
    };
    const discountId = await upsert(tx, t.menuDiscounts, discount.id, values, { branchId, ...values });
    keptDiscounts.push(discountId);
    await tx.delete(t.menuDiscountPlates).where(eq(t.menuDiscountPlates.discountId, discountId));
    const links = discount.plates.flatMap((key) => {
      const plateId = plateIds.get(key);
      return plateId ? [{ discountId, plateId }] : [];
    });
    if (links.length) await tx.insert(t.menuDiscountPlates).values(links).onConflictDoNothing();
  }
  const droppedDiscounts = [...rows.discounts].filter((id) => !keptDiscounts.includes(id));
  if (droppedDiscounts.length)
    await tx.delete(t.menuDiscounts).where(inArray(t.menuDiscounts.id, droppedDiscounts));

  const published: { id: number; name: string; hash: string }[] = [];
  for (const menu of draft.menus) {
    const id = menuIds.get(menu.key) as number;
    published.push({ id, name: menu.name, hash: await recomputeMenuHash(tx, id) });
  }
  return published;
}

/** Updates the row of `id` with `update`, or inserts `insert`; the row's id either way. */
async function upsert(
  tx: Tx,
  // biome-ignore lint/suspicious/noExplicitAny: one helper for the catalogue tables, which all have an integer id
  table: any,
  id: number | undefined,
  update: Record<string, unknown>,
  insert: Record<string, unknown>,
): Promise<number> {
  if (id !== undefined) {
    await tx.update(table).set(update).where(eq(table.id, id));
    return id;
  }
  const [row] = await tx.insert(table).values(insert).returning({ id: table.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id as number;
}

async function savePlate(
  tx: Tx,
  plate: DraftPlate,
  categoryId: number,
  position: number,
  rows: BranchRows,
  minor: (units: number) => number,
): Promise<number> {
  const values = {
    categoryId,
    showName: plate.name,
    description: plate.description ?? null,
    price: minor(plate.price),
    maxQuantity: plate.maxQuantity ?? null,
    visible: plate.visible,
    imageUrl: plate.imageUrl || null,
    position,
  };
  const existing = plate.id === undefined ? undefined : rows.plates.get(plate.id);
  // a renamed plate is renamed everywhere (the kitchen's ticket reads `name`)
  const update = existing && existing.showName !== plate.name ? { ...values, name: plate.name } : values;
  const plateId = await upsert(tx, t.plates, plate.id, update, {
    ...values,
    name: plate.name,
    outOfStock: plate.outOfStock,
  });

  const keptSizes: number[] = [];
  for (const [sizePosition, size] of plate.sizes.entries()) {
    const sizeValues = { plateId, name: size.name, price: minor(size.price), position: sizePosition };
    keptSizes.push(await upsert(tx, t.plateSizes, size.id, sizeValues, sizeValues));
  }
  await tx
    .delete(t.plateSizes)
    .where(
      keptSizes.length
        ? and(eq(t.plateSizes.plateId, plateId), notInArray(t.plateSizes.id, keptSizes))
        : eq(t.plateSizes.plateId, plateId),
    );

  const keptGroups: number[] = [];
  for (const [groupPosition, group] of plate.garnishGroups.entries()) {
    keptGroups.push(await saveGroup(tx, group, plateId, groupPosition, minor));
  }
  await tx
    .delete(t.garnishGroups)
    .where(
      keptGroups.length
        ? and(eq(t.garnishGroups.plateId, plateId), notInArray(t.garnishGroups.id, keptGroups))
        : eq(t.garnishGroups.plateId, plateId),
    );
  return plateId;
}

async function saveGroup(
  tx: Tx,
  group: DraftGarnishGroup,
  plateId: number,
  position: number,
  minor: (units: number) => number,
): Promise<number> {
  const values = {
    plateId,
    name: group.name,
    minGarnishAmount: group.minGarnishAmount,
    maxGarnishAmount: group.maxGarnishAmount,
    multipleSelection: group.multipleSelection,
    mandatory: group.mandatory,
    position,
  };
  const groupId = await upsert(tx, t.garnishGroups, group.id, values, values);
  const kept: number[] = [];
  for (const [garnishPosition, garnish] of group.garnishes.entries()) {
    const garnishValues = {
      groupId,
      name: garnish.name,
      description: garnish.description ?? null,
      price: minor(garnish.price),
      visible: garnish.visible,
      position: garnishPosition,
    };
    kept.push(await upsert(tx, t.garnishes, garnish.id, garnishValues, garnishValues));
  }
  await tx
    .delete(t.garnishes)
    .where(
      kept.length
        ? and(eq(t.garnishes.groupId, groupId), notInArray(t.garnishes.id, kept))
        : eq(t.garnishes.groupId, groupId),
    );
  return groupId;
}

function existingIndicator(key: string, rows: BranchRows): number | undefined {
  const match = /^indicator-(\d+)$/.exec(key);
  const id = match ? Number(match[1]) : Number.NaN;
  return rows.indicators.has(id) ? id : undefined;
}

/** Everything the branch had that the draft no longer has, unless something still needs it. */
async function deleteMissing(
  tx: Tx,
  branchId: number,
  rows: BranchRows,
  kept: {
    menuIds: Map<string, number>;
    categoryIds: Map<string, number>;
    plateIds: Map<string, number>;
    indicatorIds: Map<string, number>;
  },
): Promise<void> {
  const keptPlates = new Set(kept.plateIds.values());
  const droppedPlates = [...rows.plates.keys()].filter((id) => !keptPlates.has(id));
  if (droppedPlates.length) {
    const [code] = await tx
      .select({ code: t.discountCodes.code, plateName: t.plates.showName })
      .from(t.discountCodes)
      .innerJoin(t.plates, eq(t.plates.id, t.discountCodes.plateId))
      .where(inArray(t.discountCodes.plateId, droppedPlates))
      .limit(1);
    if (code)
      throw new AppError(
        'MENU_IN_USE',
        409,
        fillMessage(M.plateInCode, { plate: code.plateName, code: code.code }),
      );
    await tx.delete(t.plates).where(inArray(t.plates.id, droppedPlates));
  }
  const keptCategories = new Set(kept.categoryIds.values());
  const droppedCategories = [...rows.categories].filter((id) => !keptCategories.has(id));
  if (droppedCategories.length)
    await tx.delete(t.categories).where(inArray(t.categories.id, droppedCategories));

  const keptMenus = new Set(kept.menuIds.values());
  const droppedMenus = [...rows.menus].filter((id) => !keptMenus.has(id));
  if (droppedMenus.length) {
    const [mode] = await tx
      .select({ mode: t.orderModes.showName, menu: t.menus.name })
      .from(t.orderModes)
      .innerJoin(t.menus, eq(t.menus.id, t.orderModes.menuId))
      .where(inArray(t.orderModes.menuId, droppedMenus))
      .limit(1);
    if (mode)
      throw new AppError('MENU_IN_USE', 409, fillMessage(M.menuInUse, { menu: mode.menu, mode: mode.mode }));
    await tx.delete(t.menus).where(inArray(t.menus.id, droppedMenus));
  }

  const keptIndicators = new Set(kept.indicatorIds.values());
  const droppedIndicators = [...rows.indicators].filter((id) => !keptIndicators.has(id));
  if (droppedIndicators.length)
    await tx
      .delete(t.indicators)
      .where(and(eq(t.indicators.branchId, branchId), inArray(t.indicators.id, droppedIndicators)));
}

async function loadBranchRows(tx: Tx, branchId: number): Promise<BranchRows> {
  const menus = await tx.select({ id: t.menus.id }).from(t.menus).where(eq(t.menus.branchId, branchId));
  const menuIds = menus.map((menu) => menu.id);
  const categories = menuIds.length
    ? await tx.select({ id: t.categories.id }).from(t.categories).where(inArray(t.categories.menuId, menuIds))
    : [];
  const categoryIds = categories.map((category) => category.id);
  const plates = categoryIds.length
    ? await tx
        .select({ id: t.plates.id, name: t.plates.name, showName: t.plates.showName })
        .from(t.plates)
        .where(inArray(t.plates.categoryId, categoryIds))
    : [];
  const plateIds = plates.map((plate) => plate.id);
  const sizes = plateIds.length
    ? await tx
        .select({ id: t.plateSizes.id, plateId: t.plateSizes.plateId })
        .from(t.plateSizes)
        .where(inArray(t.plateSizes.plateId, plateIds))
    : [];
  const groups = plateIds.length
    ? await tx
        .select({ id: t.garnishGroups.id, plateId: t.garnishGroups.plateId })
        .from(t.garnishGroups)
        .where(inArray(t.garnishGroups.plateId, plateIds))
    : [];
  const groupIds = groups.map((group) => group.id);
  const garnishes = groupIds.length
    ? await tx
        .select({ id: t.garnishes.id, groupId: t.garnishes.groupId })
        .from(t.garnishes)
        .where(inArray(t.garnishes.groupId, groupIds))
    : [];
  const indicators = await tx
    .select({ id: t.indicators.id })
    .from(t.indicators)
    .where(eq(t.indicators.branchId, branchId));
  const discounts = await tx
    .select({ id: t.menuDiscounts.id })
    .from(t.menuDiscounts)
    .where(eq(t.menuDiscounts.branchId, branchId));
  return {
    menus: new Set(menuIds),
    categories: new Set(categoryIds),
    plates: new Map(plates.map((plate) => [plate.id, { name: plate.name, showName: plate.showName }])),
    sizes: new Map(sizes.map((size) => [size.id, size.plateId])),
    groups: new Map(groups.map((group) => [group.id, group.plateId])),
    garnishes: new Map(garnishes.map((garnish) => [garnish.id, garnish.groupId])),
    indicators: new Set(indicators.map((indicator) => indicator.id)),
    discounts: new Set(discounts.map((discount) => discount.id)),
  };
}

/**
 * A draft may only name the branch's own rows, each where it is: an id of another shop's plate (or a
 * size moved to another plate) would otherwise rewrite someone else's menu.
 */
function refuseForeignIds(draft: MenuDraft, rows: BranchRows): void {
  const problems: { path: string; message: string }[] = [];
  const foreign = (path: string) =>
    problems.push({ path, message: 'Este elemento no es de tu menú. Recargá el editor.' });
  draft.indicators.forEach((indicator, i) => {
    if (indicator.id !== undefined && !rows.indicators.has(indicator.id)) foreign(`indicators.${i}.id`);
  });
  draft.menuDiscounts.forEach((discount, d) => {
    if (discount.id !== undefined && !rows.discounts.has(discount.id)) foreign(`menuDiscounts.${d}.id`);
  });
  draft.menus.forEach((menu, m) => {
    if (menu.id !== undefined && !rows.menus.has(menu.id)) foreign(`menus.${m}.id`);
    menu.categories.forEach((category, c) => {
      if (category.id !== undefined && !rows.categories.has(category.id))
        foreign(`menus.${m}.categories.${c}.id`);
      category.plates.forEach((plate, p) => {
        const at = `menus.${m}.categories.${c}.plates.${p}`;
        if (plate.id !== undefined && !rows.plates.has(plate.id)) foreign(`${at}.id`);
        plate.sizes.forEach((size, s) => {
          if (size.id !== undefined && rows.sizes.get(size.id) !== plate.id) foreign(`${at}.sizes.${s}.id`);
        });
        plate.garnishGroups.forEach((group, g) => {
          if (group.id !== undefined && rows.groups.get(group.id) !== plate.id)
            foreign(`${at}.garnishGroups.${g}.id`);
          group.garnishes.forEach((garnish, x) => {
            if (garnish.id !== undefined && rows.garnishes.get(garnish.id) !== group.id)
              foreign(`${at}.garnishGroups.${g}.garnishes.${x}.id`);
          });
        });
      });
    });
  });
  if (problems.length) throw badRequest(problems[0]?.message ?? M.draftInvalid, problems);
}
