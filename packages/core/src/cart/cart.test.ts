import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineInput } from '../testing.ts';
import {
  addLine,
  type CartLine,
  type CartLineInput,
  cartItemCount,
  cartSubtotal,
  lineKey,
  setLineQuantity,
} from './cart.ts';
import type { MenuDiscountRule } from './menu-discount.ts';

const discounts: MenuDiscountRule[] = [
  { id: 3, type: 'MULTIPLE', buy: 3, pay: 2, plates: [27] },
  { id: 5, type: 'FINAL_PRICE', finalPrice: 350_000, plates: [31] },
];

function muzzarellaGrande(extraIds: number[]): CartLineInput {
  const prices: Record<number, [string, number]> = { 20: ['Jamón', 120_000], 21: ['Morrones', 80_000] };
  return {
    referenceId: 25,
    name: 'Muzzarella',
    notes: '',
    quantity: 1,
    sizeId: 2,
    sizeName: 'Grande',
    basePrice: 1_200_000,
    categoryId: 1,
    categoryShowName: 'Pizzas',
    source: 'PLATE',
    upsell: false,
    maxQuantity: null,
    extras: [
      {
        groupId: 1,
        groupName: 'Masa',
        min: 1,
        max: 1,
        multipleSelection: false,
        groupItems: [
          { referenceId: 11, referenceType: 'GARNISH', name: 'Integral', price: 50_000, quantity: 1 },
        ],
      },
      {
        groupId: 2,
        groupName: 'Extras',
        min: 0,
        max: 3,
        multipleSelection: true,
        groupItems: extraIds.map((id) => ({
          referenceId: id,
          referenceType: 'GARNISH' as const,
          name: prices[id]?.[0] ?? '',
          price: prices[id]?.[1] ?? 0,
          quantity: 1,
        })),
      },
    ],
  };
}

const empanada = (quantity: number, notes = ''): CartLineInput => lineInput({ quantity, notes });

function build(inputs: CartLineInput[]): CartLine[] {
  return inputs.reduce<CartLine[]>((lines, input) => addLine(lines, input, discounts).lines, []);
}

describe('cart', () => {
  it('prices the demo order: Muzzarella Grande integral with two extras and three empanadas (3x2)', () => {
    const lines = build([muzzarellaGrande([20, 21]), empanada(2), empanada(1)]);
    expect(lines).toHaveLength(2);
    expect(lines[0]?.price).toBe(1_450_000);
    expect(lines[1]).toMatchObject({ quantity: 3, originalPrice: 540_000, price: 360_000 });
    // the spec's cart line discount names the plate it applies to (itemId)
    expect(lines[1]?.discount).toEqual({
      itemId: 27,
      type: 'MULTIPLE',
      discountReferenceId: 3,
      amount: 180_000,
    });
    expect(cartSubtotal(lines)).toBe(1_810_000);
  });

  it('counts a 3x2 over every line of the plate, whatever their notes', () => {
    const lines = build([empanada(2, 'sin cebolla'), empanada(1)]);
    expect(lines).toHaveLength(2);
    expect(cartSubtotal(lines)).toBe(360_000);
    expect(lines.map((l) => l.discount?.amount ?? 0).reduce((a, b) => a + b, 0)).toBe(180_000);
    // removing the plain one breaks the group of three: no unit is free any more
    const plain = lines.find((l) => l.notes === '') as CartLine;
    const after = setLineQuantity(lines, lineKey(plain), 0, discounts).lines;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ price: 360_000, discount: null });
  });

  it('makes the cheapest units free when the lines of a 3x2 cost differently', () => {
    const rules: MenuDiscountRule[] = [{ id: 9, type: 'MULTIPLE', buy: 3, pay: 2, plates: [27, 28] }];
    const carne = empanada(2);
    const especial: CartLineInput = {
      ...empanada(2),
      referenceId: 28,
      name: 'Empanada especial',
      basePrice: 250_000,
    };
    const lines = [carne, especial].reduce<CartLine[]>((acc, input) => addLine(acc, input, rules).lines, []);
    // 4 units of the rule's two plates: one group of three, one free unit, the cheaper one
    expect(lines.find((l) => l.referenceId === 27)?.discount).toEqual({
      itemId: 27,
      type: 'MULTIPLE',
      discountReferenceId: 9,
      amount: 180_000,
    });
    expect(lines.find((l) => l.referenceId === 28)?.discount).toBeNull();
    expect(cartSubtotal(lines)).toBe(180_000 + 500_000);
  });

  it('keeps lines apart when notes or extras differ, and merges the same extras in any order', () => {
    expect(build([empanada(1), empanada(1, 'bien cocida')])).toHaveLength(2);
    expect(build([muzzarellaGrande([20]), muzzarellaGrande([21])])).toHaveLength(2);
    const a = muzzarellaGrande([20, 21]);
    const b = muzzarellaGrande([21, 20]);
    expect(lineKey(a)).toBe(lineKey(b));
    expect(build([a, b])[0]?.quantity).toBe(2);
  });

  it('removes a line at quantity zero and refuses to pass the plate maximum', () => {
    const lines = build([empanada(20)]);
    const key = lineKey(lines[0] as CartLine);
    expect(setLineQuantity(lines, key, 0, discounts).lines).toEqual([]);
    expect(setLineQuantity(lines, key, 25, discounts)).toEqual({
      lines,
      error: 'Has alcanzado el máximo de unidades (24) para este producto',
    });
    expect(addLine(lines, empanada(5, 'otra'), discounts).error).toBe(
      'Has alcanzado el máximo de unidades (24) para este producto',
    );
    expect(setLineQuantity(lines, key, 24, discounts).lines[0]?.quantity).toBe(24);
  });

  const inputArb = fc.record({
    plate: fc.constantFrom(25, 27, 31),
    quantity: fc.integer({ min: 1, max: 4 }),
    notes: fc.constantFrom('', 'sin sal', 'bien cocida'),
    extra: fc.constantFrom<number[]>([], [20], [21], [20, 21]),
  });
  const toInput = (x: { plate: number; quantity: number; notes: string; extra: number[] }): CartLineInput =>
    x.plate === 25
      ? { ...muzzarellaGrande(x.extra), quantity: x.quantity, notes: x.notes }
      : { ...empanada(x.quantity, x.notes), referenceId: x.plate, maxQuantity: null };

  it('merges into the same lines and totals whatever the order of adding (property)', () => {
    fc.assert(
      fc.property(
        fc
          .array(inputArb, { maxLength: 12 })
          .chain((xs) => fc.tuple(fc.constant(xs), fc.shuffledSubarray(xs, { minLength: xs.length }))),
        ([xs, shuffled]) => {
          const a = build(xs.map(toInput));
          const b = build(shuffled.map(toInput));
          const byKey = (lines: CartLine[]) =>
            Object.fromEntries(lines.map((l) => [lineKey(l), [l.quantity, l.price]]));
          expect(byKey(a)).toEqual(byKey(b));
          expect(cartSubtotal(a)).toBe(cartSubtotal(b));
        },
      ),
    );
  });

  it('never loses a unit or a distinct line (property)', () => {
    fc.assert(
      fc.property(fc.array(inputArb, { maxLength: 12 }), (xs) => {
        const inputs = xs.map(toInput);
        const lines = build(inputs);
        expect(cartItemCount(lines)).toBe(inputs.reduce((sum, i) => sum + i.quantity, 0));
        expect(lines.length).toBe(new Set(inputs.map(lineKey)).size);
        expect(lines.every((l) => l.price <= l.originalPrice && l.price >= 0)).toBe(true);
      }),
    );
  });
});
