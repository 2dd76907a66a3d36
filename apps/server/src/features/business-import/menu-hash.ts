import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { categories, garnishes, garnishGroups, menus, plateSizes, plates } from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';

/**
 * A menu's hash covers what a cart line depends on (plates, sizes, garnishes and their prices).
 * Two order modes whose menus hash alike keep the diner's cart when the mode changes.
 */
export async function recomputeMenuHash(tx: Db | Tx, menuId: number): Promise<string> {
  const cats = await tx
    .select()
    .from(categories)
    .where(eq(categories.menuId, menuId))
    .orderBy(asc(categories.position));
  const catIds = cats.map((c) => c.id);
  const plateRows = catIds.length
    ? await tx.select().from(plates).where(inArray(plates.categoryId, catIds)).orderBy(asc(plates.position))
    : [];
  const plateIds = plateRows.map((p) => p.id);
  const sizeRows = plateIds.length
    ? await tx.select().from(plateSizes).where(inArray(plateSizes.plateId, plateIds))
    : [];
  const groupRows = plateIds.length
    ? await tx.select().from(garnishGroups).where(inArray(garnishGroups.plateId, plateIds))
    : [];
  const groupIds = groupRows.map((g) => g.id);
  const garnishRows = groupIds.length
    ? await tx.select().from(garnishes).where(inArray(garnishes.groupId, groupIds))
    : [];

  const canonical = cats.map((c) => ({
    c: c.name,
    p: plateRows
      .filter((p) => p.categoryId === c.id)
      .map((p) => ({
        n: p.name,
        $: p.price,
        v: p.visible,
        // out of stock changes what a cart may hold; an empty key keeps the hash of plates in stock as it was
        ...(p.outOfStock ? { o: 1 } : {}),
        s: sizeRows.filter((s) => s.plateId === p.id).map((s) => [s.name, s.price]),
        g: groupRows
          .filter((g) => g.plateId === p.id)
          .map((g) => ({
            n: g.name,
            r: [g.minGarnishAmount, g.maxGarnishAmount, g.multipleSelection, g.mandatory],
            i: garnishRows.filter((x) => x.groupId === g.id).map((x) => [x.name, x.price, x.visible]),
          })),
      })),
  }));
  const hash = createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 20);
  await tx.update(menus).set({ hash, updatedAt: new Date() }).where(eq(menus.id, menuId));
  return hash;
}
