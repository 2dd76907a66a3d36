import type { ConsoleStock } from '@comanda/core/contract';

/** The 'Productos sin stock' list's rules: the search, the order of the rows, and the switch's change. */

export type StockCategory = ConsoleStock['categories'][number];
export type StockPlate = StockCategory['plates'][number];

/** The rows to show: the out-of-stock plates first, as one group, then each category with the rest. */
export interface StockGroup {
  /** 'out', or the category's id. */
  key: string;
  title: string;
  plates: (StockPlate & { categoryName: string })[];
}

export const OUT_OF_STOCK_TITLE = 'Sin stock ahora';

/** Lower case and without accents, so 'cafe con leche' finds 'Café con leche'. */
export function searchableText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Does the plate's name hold every word of the search, in any order? An empty search holds all. */
export function matchesSearch(name: string, search: string): boolean {
  const words = searchableText(search).split(' ').filter(Boolean);
  const text = searchableText(name);
  return words.every((word) => text.includes(word));
}

export function outOfStockIds(stock: ConsoleStock): Set<number> {
  return new Set(
    stock.categories.flatMap((category) =>
      category.plates.filter((plate) => plate.outOfStock).map((plate) => plate.id),
    ),
  );
}

/**
 * The groups for a search. Which plates go first is `pinnedOut` (the plates out of stock when the list was
 * opened or the search last changed), not their live state: a switch never moves its row under a finger.
 * The menu's order is kept within each group; empty groups are left out.
 */
export function arrangeStock(
  stock: ConsoleStock,
  search: string,
  pinnedOut: ReadonlySet<number>,
): StockGroup[] {
  const out: StockGroup = { key: 'out', title: OUT_OF_STOCK_TITLE, plates: [] };
  const groups: StockGroup[] = [];
  for (const category of stock.categories) {
    const group: StockGroup = { key: String(category.id), title: category.showName, plates: [] };
    for (const plate of category.plates) {
      if (!matchesSearch(plate.showName, search)) continue;
      (pinnedOut.has(plate.id) ? out : group).plates.push({ ...plate, categoryName: category.showName });
    }
    if (group.plates.length > 0) groups.push(group);
  }
  return out.plates.length > 0 ? [out, ...groups] : groups;
}

/** The stock with one plate marked out of stock, or back; the same object when nothing changes. */
export function withPlateStock(stock: ConsoleStock, plateId: number, outOfStock: boolean): ConsoleStock {
  let changed = false;
  const categories = stock.categories.map((category) => {
    if (!category.plates.some((plate) => plate.id === plateId && plate.outOfStock !== outOfStock))
      return category;
    changed = true;
    return {
      ...category,
      plates: category.plates.map((plate) => (plate.id === plateId ? { ...plate, outOfStock } : plate)),
    };
  });
  return changed ? { ...stock, categories } : stock;
}

export function outOfStockSummary(count: number): string {
  if (count === 0) return 'Todos los productos están disponibles.';
  return count === 1 ? '1 producto sin stock.' : `${count} productos sin stock.`;
}

/** The toast when a change did not save: the plate is back as it was, and the server says why. */
export function stockFailureText(plateName: string, wanted: boolean, reason: string): string {
  return `«${plateName}» sigue ${wanted ? 'disponible' : 'sin stock'}. ${reason}`;
}
