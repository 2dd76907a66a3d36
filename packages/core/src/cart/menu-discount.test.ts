import { describe, expect, it } from 'vitest';
import {
  discountedUnitPrice,
  discountPillText,
  lineDiscountAmount,
  type MenuDiscountRule,
} from './menu-discount.ts';

const ARS = { code: 'ARS', symbol: '$', decimals: 2 };
const rule = (r: Partial<MenuDiscountRule> & Pick<MenuDiscountRule, 'type'>): MenuDiscountRule => ({
  id: 1,
  plates: [1],
  ...r,
});

describe('menu discounts', () => {
  it('takes a percentage off the unit price with extras, for every unit', () => {
    // Napolitana 12.800 at 20% off: 2.560 per unit
    expect(
      lineDiscountAmount(rule({ type: 'PERCENT', percentage: 20 }), {
        basePrice: 1_280_000,
        extrasPrice: 0,
        quantity: 2,
      }),
    ).toBe(512_000);
    expect(
      lineDiscountAmount(rule({ type: 'PERCENT', percentage: 10 }), {
        basePrice: 1000,
        extrasPrice: 500,
        quantity: 1,
      }),
    ).toBe(150);
  });

  it('takes a fixed amount off each unit, never below zero', () => {
    // Coca-Cola 2.500 with $500 off
    expect(
      lineDiscountAmount(rule({ type: 'FIXED', fixedDiscount: 50_000 }), {
        basePrice: 250_000,
        extrasPrice: 0,
        quantity: 3,
      }),
    ).toBe(150_000);
    expect(
      lineDiscountAmount(rule({ type: 'FIXED', fixedDiscount: 900 }), {
        basePrice: 500,
        extrasPrice: 0,
        quantity: 2,
      }),
    ).toBe(1000);
  });

  it('gives buy-minus-pay units free for every complete group of buy units', () => {
    const threeForTwo = rule({ type: 'MULTIPLE', buy: 3, pay: 2 });
    const empanada = { basePrice: 180_000, extrasPrice: 0 };
    expect(lineDiscountAmount(threeForTwo, { ...empanada, quantity: 2 })).toBe(0);
    expect(lineDiscountAmount(threeForTwo, { ...empanada, quantity: 3 })).toBe(180_000);
    expect(lineDiscountAmount(threeForTwo, { ...empanada, quantity: 7 })).toBe(360_000);
    expect(lineDiscountAmount(rule({ type: 'MULTIPLE', buy: 2, pay: 2 }), { ...empanada, quantity: 4 })).toBe(
      0,
    );
  });

  it('replaces the base price by the final price and still charges extras', () => {
    // Flan 4.200 at a final price of 3.500
    const flan = rule({ type: 'FINAL_PRICE', finalPrice: 350_000 });
    expect(lineDiscountAmount(flan, { basePrice: 420_000, extrasPrice: 0, quantity: 2 })).toBe(140_000);
    expect(lineDiscountAmount(flan, { basePrice: 420_000, extrasPrice: 10_000, quantity: 1 })).toBe(70_000);
    expect(
      lineDiscountAmount(rule({ type: 'FINAL_PRICE', finalPrice: 500_000 }), {
        basePrice: 420_000,
        extrasPrice: 0,
        quantity: 1,
      }),
    ).toBe(0);
  });

  it('shows the unit price a card shows and a pill only above a zero price', () => {
    expect(discountedUnitPrice(rule({ type: 'PERCENT', percentage: 20 }), 1_280_000)).toBe(1_024_000);
    expect(discountedUnitPrice(rule({ type: 'MULTIPLE', buy: 3, pay: 2 }), 180_000)).toBe(180_000);
    expect(discountPillText(rule({ type: 'PERCENT', percentage: 20 }), 1_280_000, ARS)).toBe('-20%');
    expect(discountPillText(rule({ type: 'FIXED', fixedDiscount: 50_000 }), 250_000, ARS)).toBe('-$500');
    expect(discountPillText(rule({ type: 'MULTIPLE', buy: 3, pay: 2 }), 180_000, ARS)).toBe('3x2');
    expect(discountPillText(rule({ type: 'FINAL_PRICE', finalPrice: 350_000 }), 420_000, ARS)).toBe('-17%');
    expect(discountPillText(rule({ type: 'PERCENT', percentage: 20 }), 0, ARS)).toBeNull();
    expect(discountPillText(undefined, 1000, ARS)).toBeNull();
  });
});
