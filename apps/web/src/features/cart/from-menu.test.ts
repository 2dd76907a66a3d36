import { addLine, type CartLine, type CartLineInput, cartSubtotal } from '@comanda/core';
import type { MenuDiscount, Plate } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  discountRulesOf,
  garnishRulesOf,
  lineInputOf,
  needsChoices,
  simpleLineInputOf,
} from './from-menu.ts';

function plate(overrides: Partial<Plate> = {}): Plate {
  return {
    id: 27,
    name: 'Empanada de carne',
    showName: 'Empanada de carne',
    description: null,
    price: 1800,
    sizes: [],
    garnishGroups: [],
    category: { id: 10, showName: 'Empanadas' },
    maxQuantity: 24,
    indicators: [],
    hasIndicators: false,
    withImage: false,
    imageUrl: null,
    excludedCategoryIds: [],
    ...overrides,
  };
}

const garnish = (id: number, name: string, price: number, visible = true) => ({
  id,
  name,
  description: null,
  price,
  visible,
});

const muzzarella = plate({
  id: 24,
  name: 'Muzzarella',
  showName: 'Muzzarella',
  price: 9000,
  maxQuantity: null,
  category: { id: 9, showName: 'Pizzas' },
  sizes: [
    { id: 3, name: 'Chica', price: 9000 },
    { id: 4, name: 'Grande', price: 12000 },
  ],
  garnishGroups: [
    {
      id: 7,
      name: 'Masa',
      minGarnishAmount: 1,
      maxGarnishAmount: 1,
      multipleSelection: false,
      mandatory: true,
      garnishes: [garnish(28, 'Tradicional', 0), garnish(29, 'Integral', 500)],
    },
    {
      id: 8,
      name: 'Extras',
      minGarnishAmount: 0,
      maxGarnishAmount: 3,
      multipleSelection: true,
      mandatory: false,
      garnishes: [garnish(30, 'Jamón', 1200), garnish(31, 'Morrones', 800), garnish(99, 'Oculto', 1, false)],
    },
  ],
});

const threeForTwo: MenuDiscount = {
  id: 3,
  name: '3x2',
  type: 'MULTIPLE',
  percentage: null,
  fixedDiscount: null,
  buy: 3,
  pay: 2,
  finalPrice: null,
  plates: [27],
};

describe('from-menu', () => {
  it('prices the demo order: Muzzarella Grande integral with jamón and morrones, then 2+1 empanadas', () => {
    const rules = discountRulesOf([threeForTwo], 2);
    const groups = garnishRulesOf(muzzarella, 2);
    const pizza = lineInputOf(
      {
        plate: muzzarella,
        sizeId: 4,
        groups,
        selections: { 7: { 29: 1 }, 8: { 30: 1, 31: 1 } },
        quantity: 1,
        notes: '',
      },
      2,
    );
    const empanadas = (quantity: number): CartLineInput => ({
      ...simpleLineInputOf(plate(), 2, 'PLATE'),
      quantity,
    });
    const lines = [pizza, empanadas(2), empanadas(1)].reduce<CartLine[]>(
      (current, input) => addLine(current, input, rules).lines,
      [],
    );
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ sizeName: 'Grande', price: 1_450_000 });
    expect(lines[0]?.extras.map((group) => group.groupItems.map((item) => item.name))).toEqual([
      ['Integral'],
      ['Jamón', 'Morrones'],
    ]);
    expect(lines[1]).toMatchObject({ quantity: 3, price: 360_000, originalPrice: 540_000 });
    expect(cartSubtotal(lines)).toBe(1_810_000);
  });

  it('leaves hidden garnishes out and converts every amount to minor units', () => {
    const extras = garnishRulesOf(muzzarella, 2)[1];
    expect(extras?.garnishes.map((g) => [g.name, g.price])).toEqual([
      ['Jamón', 120_000],
      ['Morrones', 80_000],
    ]);
    expect(
      discountRulesOf([{ ...threeForTwo, type: 'FIXED', fixedDiscount: 500 }], 0)[0]?.fixedDiscount,
    ).toBe(500);
  });

  it('marks an upsell line and knows which plates need a choice first', () => {
    expect(simpleLineInputOf(plate(), 2, 'UPSOLD')).toMatchObject({ source: 'UPSOLD', upsell: true });
    expect(needsChoices(plate())).toBe(false);
    expect(needsChoices(muzzarella)).toBe(true);
  });
});
