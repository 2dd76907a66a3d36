/**
 * Out of stock, from the console: the plate leaves the menu at once (the menu's hash changes, so the
 * storefront's copies are replaced) and an order holding it is refused ('... ya no está disponible').
 * Undoing it brings the plate back as it was.
 */
import type { ConsoleStock } from '@comanda/core/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { recomputeMenuHash } from '../business-import/menu-hash.ts';

/** The visible plates of the menus the contact's active order modes use, by category. */
export async function loadContactStock(db: Db, contactId: number): Promise<ConsoleStock> {
  const modes = await db
    .select({ menuId: t.orderModes.menuId })
    .from(t.orderModes)
    .where(eq(t.orderModes.branchContactId, contactId));
  const menuIds = [...new Set(modes.map((mode) => mode.menuId))];
  if (menuIds.length === 0) return { contactId, categories: [] };
  const rows = await db
    .select({
      categoryId: t.categories.id,
      categoryName: t.categories.showName,
      plateId: t.plates.id,
      plateName: t.plates.showName,
      outOfStock: t.plates.outOfStock,
    })
    .from(t.plates)
    .innerJoin(t.categories, eq(t.categories.id, t.plates.categoryId))
    .where(inArray(t.categories.menuId, menuIds))
    .orderBy(asc(t.categories.menuId), asc(t.categories.position), asc(t.plates.position));
  const categories = new Map<number, ConsoleStock['categories'][number]>();
  for (const row of rows) {
    const category = categories.get(row.categoryId) ?? {
      id: row.categoryId,
      showName: row.categoryName,
      plates: [],
    };
    category.plates.push({ id: row.plateId, showName: row.plateName, outOfStock: row.outOfStock });
    categories.set(row.categoryId, category);
  }
  return { contactId, categories: [...categories.values()] };
}

/** The branch a plate belongs to (through its menu), to check the staff member's right to it. */
export async function plateOwner(
  db: Db,
  plateId: number,
): Promise<{ branchId: number; menuId: number } | null> {
  const [row] = await db
    .select({ branchId: t.menus.branchId, menuId: t.menus.id })
    .from(t.plates)
    .innerJoin(t.categories, eq(t.categories.id, t.plates.categoryId))
    .innerJoin(t.menus, eq(t.menus.id, t.categories.menuId))
    .where(eq(t.plates.id, plateId));
  return row ?? null;
}

export async function setPlateStock(db: Db, plateId: number, menuId: number, outOfStock: boolean) {
  return db.transaction(async (tx) => {
    const [plate] = await tx
      .update(t.plates)
      .set({ outOfStock })
      .where(eq(t.plates.id, plateId))
      .returning({ id: t.plates.id, showName: t.plates.showName, outOfStock: t.plates.outOfStock });
    await recomputeMenuHash(tx, menuId);
    return plate;
  });
}
