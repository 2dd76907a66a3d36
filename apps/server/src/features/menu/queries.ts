import { fromMinor } from '@comanda/core';
import type { Category, Indicator, Menu, Plate } from '@comanda/core/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

/** Reads one menu whole (a handful of queries, not one per plate) and shapes it as the spec's answer. */
export async function loadMenu(
  db: Db,
  menuId: number,
  orderModeId: number,
  hash: string,
  decimals: number,
): Promise<Menu> {
  const money = (minor: number) => fromMinor(minor, decimals);
  const cats = await db
    .select()
    .from(t.categories)
    .where(and(eq(t.categories.menuId, menuId), eq(t.categories.visible, true)))
    .orderBy(asc(t.categories.position));
  const catIds = cats.map((c) => c.id);
  const plateRows = catIds.length
    ? await db
        .select()
        .from(t.plates)
        .where(
          and(
            inArray(t.plates.categoryId, catIds),
            eq(t.plates.visible, true),
            eq(t.plates.outOfStock, false),
          ),
        )
        .orderBy(asc(t.plates.position))
    : [];
  const plateIds = plateRows.map((p) => p.id);
  const [sizes, groups, indicatorLinks, featured] = plateIds.length
    ? await Promise.all([
        db
          .select()
          .from(t.plateSizes)
          .where(inArray(t.plateSizes.plateId, plateIds))
          .orderBy(asc(t.plateSizes.position)),
        db
          .select()
          .from(t.garnishGroups)
          .where(inArray(t.garnishGroups.plateId, plateIds))
          .orderBy(asc(t.garnishGroups.position)),
        db
          .select({ plateId: t.plateIndicators.plateId, indicator: t.indicators })
          .from(t.plateIndicators)
          .innerJoin(t.indicators, eq(t.indicators.id, t.plateIndicators.indicatorId))
          .where(inArray(t.plateIndicators.plateId, plateIds)),
        db
          .select()
          .from(t.menuFeaturedPlates)
          .where(eq(t.menuFeaturedPlates.menuId, menuId))
          .orderBy(asc(t.menuFeaturedPlates.position)),
      ])
    : [[], [], [], []];
  const groupIds = groups.map((g) => g.id);
  const garnishRows = groupIds.length
    ? await db
        .select()
        .from(t.garnishes)
        .where(inArray(t.garnishes.groupId, groupIds))
        .orderBy(asc(t.garnishes.position))
    : [];

  const catById = new Map(cats.map((c) => [c.id, c]));
  const plates = new Map<number, Plate>();
  for (const p of plateRows) {
    const indicators: Indicator[] = indicatorLinks
      .filter((l) => l.plateId === p.id)
      .map(({ indicator: i }) => ({
        id: i.id,
        showName: i.showName,
        backgroundColor: i.backgroundColor,
        textColor: i.textColor,
      }));
    plates.set(p.id, {
      id: p.id,
      name: p.name,
      showName: p.showName,
      description: p.description,
      price: money(p.price),
      sizes: sizes
        .filter((s) => s.plateId === p.id)
        .map((s) => ({ id: s.id, name: s.name, price: money(s.price) })),
      garnishGroups: groups
        .filter((g) => g.plateId === p.id)
        .map((g) => ({
          id: g.id,
          name: g.name,
          minGarnishAmount: g.minGarnishAmount,
          maxGarnishAmount: g.maxGarnishAmount,
          multipleSelection: g.multipleSelection,
          mandatory: g.mandatory,
          garnishes: garnishRows
            .filter((x) => x.groupId === g.id && x.visible)
            .map((x) => ({
              id: x.id,
              name: x.name,
              description: x.description,
              price: money(x.price),
              visible: x.visible,
            })),
        })),
      category: { id: p.categoryId, showName: catById.get(p.categoryId)?.showName ?? '' },
      maxQuantity: p.maxQuantity,
      indicators,
      hasIndicators: indicators.length > 0,
      withImage: Boolean(p.imageUrl),
      imageUrl: p.imageUrl,
      excludedCategoryIds: p.excludedCategoryIds,
    });
  }

  // the spec keeps only categories that have plates
  const categories: Category[] = cats
    .map((c) => ({
      id: c.id,
      name: c.name,
      showName: c.showName,
      description: c.description,
      plates: plateRows.filter((p) => p.categoryId === c.id).map((p) => plates.get(p.id) as Plate),
    }))
    .filter((c) => c.plates.length > 0);
  const featuredOf = (kind: string) =>
    featured
      .filter((f) => f.kind === kind)
      .map((f) => plates.get(f.plateId))
      .filter((p): p is Plate => p !== undefined);
  return {
    orderModeId,
    hash,
    categories,
    remarkeds: featuredOf('REMARKED'),
    upselleds: featuredOf('UPSOLD'),
  };
}
