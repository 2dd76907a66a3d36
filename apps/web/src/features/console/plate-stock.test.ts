import type { ConsoleStock } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  arrangeStock,
  matchesSearch,
  OUT_OF_STOCK_TITLE,
  outOfStockKeys,
  outOfStockSummary,
  type StockGroup,
  searchableText,
  stockCategories,
  stockFailureText,
  withPlateStock,
} from './plate-stock.ts';

/** Two menus, as the demo's Palermo has: the take-away one, and the delivery one with the same pizzas. */
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
    {
      id: 4,
      showName: 'Pizzas',
      plates: [
        { id: 41, showName: 'Muzzarella', outOfStock: false },
        { id: 42, showName: 'Napolitana', outOfStock: true },
        { id: 43, showName: 'Calabresa', outOfStock: false },
      ],
    },
  ],
};

const shape = (groups: StockGroup[]) =>
  groups.map((group) => [group.title, group.items.map((item) => item.plateIds)]);

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

describe('stockCategories', () => {
  it('makes one row of a product each menu has, under one category, in the order first met', () => {
    expect(
      stockCategories(stock).map((category) => [
        category.title,
        category.items.map((item) => [item.showName, item.plateIds]),
      ]),
    ).toEqual([
      [
        'Pizzas',
        [
          ['Muzzarella', [11, 41]],
          ['Napolitana', [12, 42]],
          ['Fugazzeta rellena', [13]],
          ['Calabresa', [43]],
        ],
      ],
      [
        'Postres',
        [
          ['Flan con dulce de leche', [21]],
          ['Tiramisú', [22]],
        ],
      ],
      ['Bebidas', [['Café con leche', [31]]]],
    ]);
  });

  it('is out of stock when every plate of the product is, and in part when only some are', () => {
    const partly = withPlateStock(stock, [11], true);
    const [pizzas] = stockCategories(partly);
    expect(pizzas?.items.map((item) => [item.showName, item.outOfStock, item.partly])).toEqual([
      ['Muzzarella', false, true],
      ['Napolitana', true, false],
      ['Fugazzeta rellena', false, false],
      ['Calabresa', false, false],
    ]);
  });
});

describe('arrangeStock', () => {
  it('lists the out-of-stock products first, then each category with the rest, in menu order', () => {
    expect(shape(arrangeStock(stock, '', outOfStockKeys(stock)))).toEqual([
      [OUT_OF_STOCK_TITLE, [[12, 42], [22]]],
      ['Pizzas', [[11, 41], [13], [43]]],
      ['Postres', [[21]]],
      ['Bebidas', [[31]]],
    ]);
  });

  it('names the category of each out-of-stock product', () => {
    const [out] = arrangeStock(stock, '', outOfStockKeys(stock));
    expect(out?.items.map((item) => item.categoryName)).toEqual(['Pizzas', 'Postres']);
  });

  it('keeps a row where it was when its switch changes, until the list is arranged again', () => {
    const pinned = outOfStockKeys(stock);
    const changed = withPlateStock(withPlateStock(stock, [12, 42], false), [31], true);
    const groups = arrangeStock(changed, '', pinned);
    expect(shape(groups)).toEqual([
      [OUT_OF_STOCK_TITLE, [[12, 42], [22]]],
      ['Pizzas', [[11, 41], [13], [43]]],
      ['Postres', [[21]]],
      ['Bebidas', [[31]]],
    ]);
    expect(groups[0]?.items[0]?.outOfStock).toBe(false);
    expect(groups[3]?.items[0]?.outOfStock).toBe(true);
    expect(shape(arrangeStock(changed, '', outOfStockKeys(changed)))[0]).toEqual([
      OUT_OF_STOCK_TITLE,
      [[22], [31]],
    ]);
  });

  it('puts first a product out of stock in part', () => {
    const partly = withPlateStock(stock, [41], true);
    expect(shape(arrangeStock(partly, 'muzza', outOfStockKeys(partly)))).toEqual([
      [OUT_OF_STOCK_TITLE, [[11, 41]]],
    ]);
  });

  it('shows only the products whose name holds the search, leaving out empty groups', () => {
    expect(shape(arrangeStock(stock, 'con', outOfStockKeys(stock)))).toEqual([
      ['Postres', [[21]]],
      ['Bebidas', [[31]]],
    ]);
    expect(shape(arrangeStock(stock, 'tirami', outOfStockKeys(stock)))).toEqual([
      [OUT_OF_STOCK_TITLE, [[22]]],
    ]);
    expect(arrangeStock(stock, 'sushi', outOfStockKeys(stock))).toEqual([]);
  });

  it('has no out-of-stock group when nothing was out of stock', () => {
    expect(shape(arrangeStock(stock, 'napo', new Set()))).toEqual([['Pizzas', [[12, 42]]]]);
  });
});

describe('withPlateStock', () => {
  it('marks the plates and leaves the others and the other categories as they were', () => {
    const next = withPlateStock(stock, [21, 31], true);
    expect(next.categories[1]?.plates[0]?.outOfStock).toBe(true);
    expect(next.categories[2]?.plates[0]?.outOfStock).toBe(true);
    expect(next.categories[0]).toBe(stock.categories[0]);
    expect(next.categories[1]?.plates[1]).toBe(stock.categories[1]?.plates[1]);
    expect(stock.categories[1]?.plates[0]?.outOfStock).toBe(false);
  });

  it('answers the same stock when nothing changes', () => {
    expect(withPlateStock(stock, [12, 42], true)).toBe(stock);
    expect(withPlateStock(stock, [999], true)).toBe(stock);
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

  it('says how the product stayed when a change does not save', () => {
    expect(stockFailureText('Flan', true, 'Sin conexión.')).toBe('«Flan» sigue disponible. Sin conexión.');
    expect(stockFailureText('Flan', false, 'Sin conexión.')).toBe('«Flan» sigue sin stock. Sin conexión.');
    expect(stockFailureText('Muzzarella', true, 'Sin conexión.', true)).toBe(
      '«Muzzarella» cambió solo en parte. Sin conexión.',
    );
  });
});
