import type { ConsoleStock } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  arrangeStock,
  matchesSearch,
  OUT_OF_STOCK_TITLE,
  outOfStockIds,
  outOfStockSummary,
  searchableText,
  stockFailureText,
  withPlateStock,
} from './plate-stock.ts';

const stock: ConsoleStock = {
  contactId: 7,
  categories: [
    {
      id: 1,
      showName: 'Pizzas',
      plates: [
        { id: 11, showName: 'Muzzarella', outOfStock: false },
        { id: 12, showName: 'Napolitana', outOfStock: true },
        { id: 13, showName: 'Fugazzeta rellena', outOfStock: false },
      ],
    },
    {
      id: 2,
      showName: 'Postres',
      plates: [
        { id: 21, showName: 'Flan con dulce de leche', outOfStock: false },
        { id: 22, showName: 'Tiramisú', outOfStock: true },
      ],
    },
    { id: 3, showName: 'Bebidas', plates: [{ id: 31, showName: 'Café con leche', outOfStock: false }] },
  ],
};

const shape = (groups: ReturnType<typeof arrangeStock>) =>
  groups.map((group) => [group.title, group.plates.map((plate) => plate.id)]);

describe('searchableText and matchesSearch', () => {
  it.each([
    ['Café con leche', 'cafe con leche'],
    ['  TIRAMISÚ  ', 'tiramisu'],
    ['Ñoquis   de papa', 'noquis de papa'],
  ])('writes %j as %j', (text, expected) => {
    expect(searchableText(text)).toBe(expected);
  });

  it.each([
    ['Café con leche', 'cafe', true],
    ['Café con leche', 'LECHE café', true],
    ['Café con leche', 'té', false],
    ['Flan con dulce de leche', 'dulce flan', true],
    ['Flan con dulce de leche', 'flan casero', false],
    ['Muzzarella', '', true],
    ['Muzzarella', '   ', true],
  ])('%j matches the search %j: %s', (name, search, expected) => {
    expect(matchesSearch(name, search)).toBe(expected);
  });
});

describe('arrangeStock', () => {
  it('lists the out-of-stock plates first, then each category with the rest, in menu order', () => {
    expect(shape(arrangeStock(stock, '', outOfStockIds(stock)))).toEqual([
      [OUT_OF_STOCK_TITLE, [12, 22]],
      ['Pizzas', [11, 13]],
      ['Postres', [21]],
      ['Bebidas', [31]],
    ]);
  });

  it('names the category of each out-of-stock plate', () => {
    const [out] = arrangeStock(stock, '', outOfStockIds(stock));
    expect(out?.plates.map((plate) => plate.categoryName)).toEqual(['Pizzas', 'Postres']);
  });

  it('keeps a row where it was when its switch changes, until the list is arranged again', () => {
    const pinned = outOfStockIds(stock);
    const changed = withPlateStock(withPlateStock(stock, 12, false), 31, true);
    const groups = arrangeStock(changed, '', pinned);
    expect(shape(groups)).toEqual([
      [OUT_OF_STOCK_TITLE, [12, 22]],
      ['Pizzas', [11, 13]],
      ['Postres', [21]],
      ['Bebidas', [31]],
    ]);
    expect(groups[0]?.plates[0]?.outOfStock).toBe(false);
    expect(groups[3]?.plates[0]?.outOfStock).toBe(true);
    expect(shape(arrangeStock(changed, '', outOfStockIds(changed)))[0]).toEqual([
      OUT_OF_STOCK_TITLE,
      [22, 31],
    ]);
  });

  it('shows only the plates whose name holds the search, leaving out empty groups', () => {
    expect(shape(arrangeStock(stock, 'con', outOfStockIds(stock)))).toEqual([
      ['Postres', [21]],
      ['Bebidas', [31]],
    ]);
    expect(shape(arrangeStock(stock, 'tirami', outOfStockIds(stock)))).toEqual([[OUT_OF_STOCK_TITLE, [22]]]);
    expect(arrangeStock(stock, 'sushi', outOfStockIds(stock))).toEqual([]);
  });

  it('has no out-of-stock group when everything is available', () => {
    expect(shape(arrangeStock(stock, 'pizza', new Set()))).toEqual([]);
    expect(shape(arrangeStock(stock, 'a', new Set()))[0]?.[0]).toBe('Pizzas');
  });
});

describe('withPlateStock', () => {
  it('marks one plate and leaves the others and the other categories as they were', () => {
    const next = withPlateStock(stock, 21, true);
    expect(next.categories[1]?.plates[0]?.outOfStock).toBe(true);
    expect(next.categories[0]).toBe(stock.categories[0]);
    expect(next.categories[1]?.plates[1]).toBe(stock.categories[1]?.plates[1]);
    expect(stock.categories[1]?.plates[0]?.outOfStock).toBe(false);
  });

  it('answers the same stock when nothing changes', () => {
    expect(withPlateStock(stock, 12, true)).toBe(stock);
    expect(withPlateStock(stock, 999, true)).toBe(stock);
  });
});

describe('texts', () => {
  it.each([
    [0, 'Todos los productos están disponibles.'],
    [1, '1 producto sin stock.'],
    [3, '3 productos sin stock.'],
  ])('sums up %i out of stock as %j', (count, text) => {
    expect(outOfStockSummary(count)).toBe(text);
  });

  it('says how the plate stayed when a change does not save', () => {
    expect(stockFailureText('Flan', true, 'Sin conexión.')).toBe('«Flan» sigue disponible. Sin conexión.');
    expect(stockFailureText('Flan', false, 'Sin conexión.')).toBe('«Flan» sigue sin stock. Sin conexión.');
  });
});
