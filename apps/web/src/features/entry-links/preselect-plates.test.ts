import type { Menu, Plate } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { platesOfLink, preselectedAdded, preselectionOf } from './preselect-plates.ts';

function plate(id: number, name: string, overrides: Partial<Plate> = {}): Plate {
  return {
    id,
    name,
    showName: name,
    description: null,
    price: 1800,
    sizes: [],
    garnishGroups: [],
    category: { id: 10, showName: 'Empanadas' },
    maxQuantity: null,
    indicators: [],
    hasIndicators: false,
    withImage: false,
    imageUrl: null,
    excludedCategoryIds: [],
    ...overrides,
  };
}

const humita = plate(1, 'Empanada de humita');
const coke = plate(2, 'Coca-Cola 500 ml', { price: 2500, category: { id: 11, showName: 'Bebidas' } });
const muzzarella = plate(3, 'Muzzarella', {
  price: 9000,
  sizes: [
    { id: 20, name: 'Chica', price: 9000 },
    { id: 21, name: 'Grande', price: 12000 },
  ],
  category: { id: 12, showName: 'Pizzas' },
});
const tiramisu = plate(4, 'Tiramisú', { price: 5500, category: { id: 13, showName: 'Postres' } });

const menu: Menu = {
  orderModeId: 5,
  hash: 'h1',
  categories: [
    { id: 10, name: 'Empanadas', showName: 'Empanadas', description: null, plates: [humita] },
    { id: 11, name: 'Bebidas', showName: 'Bebidas', description: null, plates: [coke] },
    { id: 12, name: 'Pizzas', showName: 'Pizzas', description: null, plates: [muzzarella] },
    { id: 13, name: 'Postres', showName: 'Postres', description: null, plates: [tiramisu] },
  ],
  remarkeds: [],
  upselleds: [coke],
};

describe('platesOfLink', () => {
  it('finds plates by id or by name, without accents or case, in link order and once each', () => {
    expect(platesOfLink(['2', 'tiramisu', 'EMPANADA DE HUMITA', 'Coca-Cola 500 ml'], menu)).toEqual([
      coke,
      tiramisu,
      humita,
    ]);
  });

  it('ignores what the menu does not have', () => {
    expect(platesOfLink(['999', 'Helado'], menu)).toEqual([]);
  });
});

describe('preselectionOf', () => {
  it('adds one unit of each plate without choices and opens the first that needs one', () => {
    const { inputs, toChoose } = preselectionOf(['Muzzarella', '1', '2'], menu, 2);
    expect(inputs.map((input) => [input.referenceId, input.quantity, input.basePrice])).toEqual([
      [1, 1, 180_000],
      [2, 1, 250_000],
    ]);
    expect(toChoose).toBe(muzzarella);
  });
});

describe('preselectedAdded', () => {
  it('names what was added', () => {
    expect(preselectedAdded(['Empanada de humita', 'Coca-Cola 500 ml'])).toBe(
      'Agregamos a tu pedido: Empanada de humita, Coca-Cola 500 ml.',
    );
  });
});
