import { describe, expect, it } from 'vitest';
import {
  discountedUnitPrice,
  discountPillText,
  lineDiscountAmount,
  type MenuDiscountRule,
  menuUnitPrice,
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

  it('charges one unit what a line of one unit costs, extras included', () => {
    expect(discountedUnitPrice(rule({ type: 'PERCENT', percentage: 20 }), 1_280_000)).toBe(1_024_000);
    expect(discountedUnitPrice(rule({ type: 'PERCENT', percentage: 10 }), 1000, 500)).toBe(1350);
    expect(discountedUnitPrice(rule({ type: 'FIXED', fixedDiscount: 50_000 }), 250_000)).toBe(200_000);
    expect(discountedUnitPrice(rule({ type: 'FIXED', fixedDiscount: 900 }), 500)).toBe(0);
    // the final price replaces the base price only: extras are still charged
    expect(discountedUnitPrice(rule({ type: 'FINAL_PRICE', finalPrice: 350_000 }), 420_000)).toBe(350_000);
    expect(discountedUnitPrice(rule({ type: 'FINAL_PRICE', finalPrice: 350_000 }), 420_000, 10_000)).toBe(
      360_000,
    );
    // one unit of a 3x2 is not free
    expect(discountedUnitPrice(rule({ type: 'MULTIPLE', buy: 3, pay: 2 }), 180_000)).toBe(180_000);
    expect(discountedUnitPrice(undefined, 180_000, 500)).toBe(180_500);
  });

  it('matches the cart price of a line of one unit for every rule', () => {
    const rules = [
      rule({ type: 'PERCENT', percentage: 12.5 }),
      rule({ type: 'FIXED', fixedDiscount: 70_000 }),
      rule({ type: 'FINAL_PRICE', finalPrice: 99_990 }),
      rule({ type: 'MULTIPLE', buy: 2, pay: 1 }),
    ];
    for (const r of rules) {
      const input = { basePrice: 123_456, extrasPrice: 7_890, quantity: 1 };
      expect(discountedUnitPrice(r, input.basePrice, input.extrasPrice)).toBe(
        input.basePrice + input.extrasPrice - lineDiscountAmount(r, input),
      );
    }
  });

  it('labels the pill by discount type, only above a zero price and when a unit saves', () => {
    expect(discountPillText(rule({ type: 'PERCENT', percentage: 20 }), 1_280_000, ARS)).toBe('-20%');
    expect(discountPillText(rule({ type: 'PERCENT', percentage: 12.5 }), 1_280_000, ARS)).toBe('-12,5%');
    expect(discountPillText(rule({ type: 'FIXED', fixedDiscount: 50_000 }), 250_000, ARS)).toBe('-$500');
    // a fixed discount above the price saves the price only
    expect(discountPillText(rule({ type: 'FIXED', fixedDiscount: 50_000 }), 40_000, ARS)).toBe('-$400');
    expect(discountPillText(rule({ type: 'MULTIPLE', buy: 3, pay: 2 }), 180_000, ARS)).toBe(
      'Llevá 3, pagá 2',
    );
    expect(discountPillText(rule({ type: 'MULTIPLE', buy: 2, pay: 2 }), 180_000, ARS)).toBeNull();
    // the Flan: 4.200 at a final price of 3.500 saves exactly $700 (a rounded -17% would overstate)
    expect(discountPillText(rule({ type: 'FINAL_PRICE', finalPrice: 350_000 }), 420_000, ARS)).toBe('-$700');
    expect(discountPillText(rule({ type: 'FINAL_PRICE', finalPrice: 500_000 }), 420_000, ARS)).toBeNull();
    expect(discountPillText(rule({ type: 'PERCENT', percentage: 0 }), 1000, ARS)).toBeNull();
    expect(discountPillText(rule({ type: 'PERCENT', percentage: 20 }), 0, ARS)).toBeNull();
    expect(discountPillText(undefined, 1000, ARS)).toBeNull();
  });

  it('gives the demo dishes their paid price, struck original and pill', () => {
    expect(menuUnitPrice(rule({ type: 'PERCENT', percentage: 20 }), 1_280_000, ARS)).toEqual({
      price: 1_024_000,
      originalPrice: 1_280_000,
      pill: '-20%',
    });
    expect(menuUnitPrice(rule({ type: 'FINAL_PRICE', finalPrice: 350_000 }), 420_000, ARS)).toEqual({
      price: 350_000,
      originalPrice: 420_000,
      pill: '-$700',
    });
    expect(menuUnitPrice(rule({ type: 'FIXED', fixedDiscount: 50_000 }), 250_000, ARS)).toEqual({
      price: 200_000,
      originalPrice: 250_000,
      pill: '-$500',
    });
    // a 3x2 keeps the unit price, with its pill
    expect(menuUnitPrice(rule({ type: 'MULTIPLE', buy: 3, pay: 2 }), 180_000, ARS)).toEqual({
      price: 180_000,
      originalPrice: null,
      pill: 'Llevá 3, pagá 2',
    });
    expect(menuUnitPrice(undefined, 1_350_000, ARS)).toEqual({
      price: 1_350_000,
      originalPrice: null,
      pill: null,
    });
    // a percentage counts the chosen extras too
    expect(menuUnitPrice(rule({ type: 'PERCENT', percentage: 20 }), 1_280_000, ARS, 120_000)).toEqual({
      price: 1_120_000,
      originalPrice: 1_400_000,
      pill: '-20%',
    });
  });
});
