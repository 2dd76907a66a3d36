import type { Menu, MenuDiscount, Plate, RecoveryItem } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { toRecoveryItems } from '../abandoned-cart/recovery-items.ts';
import { cartLinesFromRecovery } from './from-recovery.ts';

function plate(overrides: Partial<Plate> = {}): Plate {
  return {
    id: 1,
    name: 'Muzzarella',
    showName: 'Muzzarella',
    description: null,
    price: 9000,
    sizes: [],
    garnishGroups: [],
    category: { id: 10, showName: 'Pizzas' },
    maxQuantity: null,
    indicators: [],
    hasIndicators: false,
    withImage: false,
    imageUrl: null,
    excludedCategoryIds: [],
    ...overrides,
  };
}

function menuOf(plates: Plate[]): Menu {
  return {
    orderModeId: 5,
    hash: 'h1',
    categories: [{ id: 10, name: 'Pizzas', showName: 'Pizzas', description: null, plates }],
    remarkeds: [],
    upselleds: [],
  };
}

function item(overrides: Partial<RecoveryItem> = {}): RecoveryItem {
  return {
    referenceId: 1,
    name: 'Muzzarella',
    quantity: 1,
    notes: '',
    sizeId: null,
    source: 'PLATE',
    extras: [],
    ...overrides,
  };
}

const dough = {
  id: 30,
  name: 'Masa',
  minGarnishAmount: 1,
  maxGarnishAmount: 1,
  multipleSelection: false,
  mandatory: true,
  garnishes: [{ id: 31, name: 'Integral', description: null, price: 500, visible: true }],
};

describe('cartLinesFromRecovery', () => {
  it('prices a recovered size and garnish from the current menu, in minor units', () => {
    const menu = menuOf([
      plate({ sizes: [{ id: 20, name: 'Grande', price: 12000 }], garnishGroups: [dough] }),
    ]);
    const { lines, skipped } = cartLinesFromRecovery(
      [
        item({
          sizeId: 20,
          quantity: 2,
          extras: [{ groupId: 30, groupItems: [{ referenceId: 31, quantity: 1 }] }],
        }),
      ],
      menu,
      [],
      2,
    );
    expect(skipped).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ sizeName: 'Grande', basePrice: 1_200_000, price: 2_500_000 });
  });

  it('applies the menu discount of the plate', () => {
    const discount: MenuDiscount = {
      id: 7,
      name: '20% off',
      type: 'PERCENT',
      percentage: 20,
      fixedDiscount: null,
      buy: null,
      pay: null,
      finalPrice: null,
      plates: [1],
    };
    const { lines } = cartLinesFromRecovery([item()], menuOf([plate()]), [discount], 2);
    expect(lines[0]?.price).toBe(720_000);
  });

  it('skips items whose plate, size or garnish no longer exists', () => {
    const menu = menuOf([
      plate({ sizes: [{ id: 20, name: 'Grande', price: 12000 }], garnishGroups: [dough] }),
    ]);
    const gone = [
      item({ referenceId: 99 }),
      item({ sizeId: 21 }),
      item({ sizeId: 20, extras: [{ groupId: 30, groupItems: [{ referenceId: 32, quantity: 1 }] }] }),
      // a mandatory group left empty is no longer a valid choice
      item({ sizeId: 20 }),
    ];
    const { lines, skipped } = cartLinesFromRecovery(gone, menu, [], 2);
    expect(lines).toEqual([]);
    expect(skipped).toHaveLength(4);
  });

  it('merges identical items and keeps the plate maximum', () => {
    const menu = menuOf([plate({ maxQuantity: 3 })]);
    const { lines, skipped } = cartLinesFromRecovery(
      [item({ quantity: 2 }), item({ quantity: 1 }), item({ quantity: 1 })],
      menu,
      [],
      2,
    );
    expect(lines.map((line) => line.quantity)).toEqual([3]);
    expect(skipped).toHaveLength(1);
  });

  it('round-trips through the abandoned-cart items', () => {
    const menu = menuOf([plate({ garnishGroups: [dough] })]);
    const recovered = [
      item({
        notes: 'bien cocida',
        extras: [{ groupId: 30, groupItems: [{ referenceId: 31, quantity: 1 }] }],
      }),
    ];
    const { lines } = cartLinesFromRecovery(recovered, menu, [], 2);
    expect(toRecoveryItems(lines)).toEqual(recovered);
  });
});
