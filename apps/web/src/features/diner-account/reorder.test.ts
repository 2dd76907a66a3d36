import type { Menu, OrderMode, Plate, RecoveryItem } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { reorderLines, reorderMode } from './reorder.ts';

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

describe("'Repetir pedido'", () => {
  const menu = menuOf([
    plate({ sizes: [{ id: 20, name: 'Grande', price: 12000 }], garnishGroups: [dough] }),
    plate({ id: 2, name: 'Tiramisú', showName: 'Tiramisú', price: 5500, maxQuantity: 2 }),
  ]);
  const pizza = item({
    sizeId: 20,
    extras: [{ groupId: 30, groupItems: [{ referenceId: 31, quantity: 1 }] }],
  });

  it("prices the order's lines on today's menu", () => {
    const { lines, skipped } = reorderLines(
      [pizza, item({ referenceId: 2, name: 'Tiramisú' })],
      [],
      menu,
      [],
      2,
    );
    expect(skipped).toEqual([]);
    expect(lines.map((line) => [line.name, line.quantity, line.price])).toEqual([
      ['Muzzarella', 1, 1_250_000],
      ['Tiramisú', 1, 550_000],
    ]);
  });

  it('skips a plate no longer on the menu (taken off or out of stock) and keeps the rest', () => {
    const { lines, skipped } = reorderLines(
      [pizza, item({ referenceId: 99, name: 'Fugazzeta' })],
      [],
      menu,
      [],
      2,
    );
    expect(lines).toHaveLength(1);
    expect(skipped.map((gone) => gone.name)).toEqual(['Fugazzeta']);
  });

  it('skips a line whose garnishes no longer fit the plate', () => {
    const old = item({
      sizeId: 20,
      extras: [{ groupId: 30, groupItems: [{ referenceId: 77, quantity: 1 }] }],
    });
    expect(reorderLines([old], [], menu, [], 2).skipped).toHaveLength(1);
  });

  it('joins the lines already in the cart, merging an identical one', () => {
    const first = reorderLines([pizza], [], menu, [], 2).lines;
    const { lines } = reorderLines([pizza], first, menu, [], 2);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(2);
  });

  it("keeps a plate's maximum of units: what passes it is skipped", () => {
    const tiramisu = item({ referenceId: 2, name: 'Tiramisú', quantity: 2 });
    const first = reorderLines([tiramisu], [], menu, [], 2).lines;
    const again = reorderLines([tiramisu], first, menu, [], 2);
    expect(again.lines[0]?.quantity).toBe(2);
    expect(again.skipped).toHaveLength(1);
  });

  it("orders again in the order's mode, else one of its type, else the first offered", () => {
    const mode = (id: number, type: OrderMode['type'], active = true) => ({ id, type, active }) as OrderMode;
    const modes = [mode(1, 'TAKE_AWAY'), mode(2, 'DELIVERY'), mode(3, 'DELIVERY', false)];
    expect(reorderMode({ orderModeId: 2, type: 'DELIVERY' }, modes)?.id).toBe(2);
    expect(reorderMode({ orderModeId: 3, type: 'DELIVERY' }, modes)?.id).toBe(2);
    expect(reorderMode({ orderModeId: 9, type: 'TABLE' }, modes)?.id).toBe(1);
    expect(reorderMode({ orderModeId: 9, type: 'TABLE' }, [])).toBeNull();
  });
});
