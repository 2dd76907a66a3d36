import type { ConsoleStock } from '@comanda/core/contract';

/**
 * The 'Productos sin stock' list's rules: one row per product, the search, the order of the rows, and the
 * switch's change. A contact whose order modes use several menus has the same product once in each (the
 * demo's Palermo: 'Pizzas' > 'Muzzarella' twice); stock is the kitchen's, so one row holds them all and
 * its switch changes them together. The same category name and plate name make the same product.
 */

export type StockCategory = ConsoleStock['categories'][number];
export type StockPlate = StockCategory['plates'][number];

export interface StockItem {
  key: string;
  showName: string;
  categoryName: string;
  plateIds: number[];
  /** Every plate of the product is out of stock: the switch is on. */
  outOfStock: boolean;
  /** Some, not all (a change saved in one menu only): the switch is off and says so. */
  partly: boolean;
}

/** The rows to show: the products out of stock first, as one group, then each category with the rest. */
export interface StockGroup {
  /** 'out', or the category's. */
  key: string;
  title: string;
  items: StockItem[];
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

/** Does the name hold every word of the search, in any order? An empty search holds all. */
export function matchesSearch(name: string, search: string): boolean {
  const words = searchableText(search).split(' ').filter(Boolean);
  const text = searchableText(name);
  return words.every((word) => text.includes(word));
}

/** The products by category, in the order of the menus; a category met again in another menu is merged. */
export function stockCategories(stock: ConsoleStock): { key: string; title: string; items: StockItem[] }[] {
  const categories = new Map<string, { key: string; title: string; items: Map<string, StockPlate[]> }>();
  for (const category of stock.categories) {
    const key = searchableText(category.showName);
    const merged = categories.get(key) ?? { key, title: category.showName, items: new Map() };
    categories.set(key, merged);
    for (const plate of category.plates) {
      const itemKey = `${key}\n${searchableText(plate.showName)}`;
      merged.items.set(itemKey, [...(merged.items.get(itemKey) ?? []), plate]);
    }
  }
  return [...categories.values()].map(({ key, title, items }) => ({
    key,
    title,
    items: [...items].map(([itemKey, plates]) => {
      const out = plates.filter((plate) => plate.outOfStock).length;
      return {
        key: itemKey,
        showName: plates[0]?.showName ?? '',
        categoryName: title,
        plateIds: plates.map((plate) => plate.id),
        outOfStock: out === plates.length,
        partly: out > 0 && out < plates.length,
      };
    }),
  }));
}

/** The products with a plate out of stock: those listed first. */
export function outOfStockKeys(stock: ConsoleStock): Set<string> {
  return new Set(
    stockCategories(stock).flatMap((category) =>
      category.items.filter((item) => item.outOfStock || item.partly).map((item) => item.key),
    ),
  );
}

/**
 * The groups for a search. Which products go first is `pinnedOut` (those out of stock when the list was
 * opened or the search last changed), not their live state: a switch never moves its row under a finger.
 * The menu's order is kept within each group; empty groups are left out.
 */
export function arrangeStock(
  stock: ConsoleStock,
  search: string,
  pinnedOut: ReadonlySet<string>,
): StockGroup[] {
  const out: StockGroup = { key: 'out', title: OUT_OF_STOCK_TITLE, items: [] };
  const groups: StockGroup[] = [];
  for (const category of stockCategories(stock)) {
    const group: StockGroup = { key: `category:${category.key}`, title: category.title, items: [] };
    for (const item of category.items) {
      if (matchesSearch(item.showName, search)) (pinnedOut.has(item.key) ? out : group).items.push(item);
    }
    if (group.items.length > 0) groups.push(group);
  }
  return out.items.length > 0 ? [out, ...groups] : groups;
}

/** The stock with these plates marked out of stock, or back; the same object when nothing changes. */
export function withPlateStock(
  stock: ConsoleStock,
  plateIds: readonly number[],
  outOfStock: boolean,
): ConsoleStock {
  const changes = (plate: StockPlate) => plateIds.includes(plate.id) && plate.outOfStock !== outOfStock;
  if (!stock.categories.some((category) => category.plates.some(changes))) return stock;
  return {
    ...stock,
    categories: stock.categories.map((category) =>
      category.plates.some(changes)
        ? {
            ...category,
            plates: category.plates.map((plate) => (changes(plate) ? { ...plate, outOfStock } : plate)),
          }
        : category,
    ),
  };
}

export function outOfStockSummary(count: number): string {
  if (count === 0) return 'Todos los productos están disponibles.';
  return count === 1 ? '1 producto sin stock.' : `${count} productos sin stock.`;
}

/**
 * The toast when a change did not save: the product is back as it was (or, when it saved in some menus
 * only, changed in part), and the server says why.
 */
export function stockFailureText(name: string, wanted: boolean, reason: string, partly = false): string {
  const state = partly ? 'cambió solo en parte' : `sigue ${wanted ? 'disponible' : 'sin stock'}`;
  return `«${name}» ${state}. ${reason}`.trim();
}
