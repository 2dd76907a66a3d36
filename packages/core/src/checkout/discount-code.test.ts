import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartLine, type CartLineInput, priceLine } from '../cart/cart.ts';
import { formatMoney } from '../money.ts';
import { codeRule, DEMO_CODES, lineInput } from '../testing.ts';
import {
  type DiscountCodeContext,
  discountCodeAmount,
  discountCodeConditionError,
  isFreeDeliveryCode,
} from './discount-code.ts';

const ars = { code: 'ARS', symbol: '$', decimals: 2 };
const format = (minor: number) => formatMoney(minor, ars, { withDecimals: false });

const line = (overrides: Partial<CartLineInput>): CartLine => priceLine(lineInput(overrides), []);

const muzzarella = line({
  referenceId: 25,
  name: 'Muzzarella',
  basePrice: 1_200_000,
  categoryId: 1,
  categoryShowName: 'Pizzas',
});
const empanadas = line({ quantity: 6 });
const tiramisu = line({
  referenceId: 33,
  name: 'Tiramisú',
  basePrice: 550_000,
  categoryId: 4,
  categoryShowName: 'Postres',
});

// Don Mateo's codes (DEMO-DATA.md)
const {
  BIENVENIDA: bienvenida,
  ENVIOGRATIS: envioGratis,
  PIZZA15: pizza15,
  MIN20K: min20k,
  FLASH: flash,
} = DEMO_CODES;

const context = (overrides: Partial<DiscountCodeContext>): DiscountCodeContext => ({
  lines: [muzzarella, empanadas],
  productsPrice: 2_280_000,
  isDelivery: true,
  deliveryFee: 120_000,
  isFirstOrder: true,
  format,
  ...overrides,
});

describe('discount code conditions', () => {
  it('accepts BIENVENIDA on a first order and takes 10% of the products', () => {
    const ctx = context({ isFirstOrder: true });
    expect(discountCodeConditionError(bienvenida, ctx)).toBeNull();
    expect(discountCodeAmount(bienvenida, ctx)).toBe(228_000);
  });

  it('refuses BIENVENIDA to a returning customer', () => {
    expect(discountCodeConditionError(bienvenida, context({ isFirstOrder: false }))).toBe(
      'Este código es válido solo para tu primer pedido.',
    );
  });

  it('lets a code without the first-time flag be used by a returning customer', () => {
    expect(discountCodeConditionError(pizza15, context({ isFirstOrder: false }))).toBeNull();
  });

  it.each([
    ['19.999,99', 1_999_999],
    ['10.000', 1_000_000],
  ])('refuses MIN20K with %s in products', (_label, productsPrice) => {
    expect(discountCodeConditionError(min20k, context({ productsPrice }))).toBe(
      'Este código requiere un pedido mínimo de $20.000 en productos.',
    );
  });

  it.each([
    ['exactly 20.000', 2_000_000],
    ['20.000,01', 2_000_001],
  ])('accepts MIN20K with %s in products', (_label, productsPrice) => {
    expect(discountCodeConditionError(min20k, context({ productsPrice }))).toBeNull();
  });

  it('takes a fixed 2.000 off with MIN20K once the minimum is met', () => {
    expect(discountCodeAmount(min20k, context({ productsPrice: 2_000_000 }))).toBe(200_000);
  });

  it.each([
    ['Pizzas', 'Pizzas', [muzzarella]],
    ['pizzas', 'Pizzas', [muzzarella]],
    [' PIZZAS ', 'Pizzas', [muzzarella]],
    ['Pizzas', 'PIZZAS', [line({ categoryShowName: 'PIZZAS' })]],
  ])(
    'accepts a code for the category %j with an item of the category %j, whatever the case',
    (categoryName, _shown, lines) => {
      expect(discountCodeConditionError({ ...pizza15, categoryName }, context({ lines }))).toBeNull();
    },
  );

  it.each([
    ['empanadas and a tiramisú', [empanadas, tiramisu]],
    ['an empty cart', []],
  ])('refuses PIZZA15 with %s', (_label, lines) => {
    expect(discountCodeConditionError(pizza15, context({ lines }))).toBe(
      'Este código requiere un producto de la categoría Pizzas en el pedido.',
    );
  });

  it('takes 15% of the products with PIZZA15', () => {
    expect(discountCodeAmount(pizza15, context({ productsPrice: 2_280_000 }))).toBe(342_000);
  });

  it('requires the code plate in the cart, naming it', () => {
    const rule = codeRule({ plate: { id: 33, name: 'Tiramisú' } });
    expect(discountCodeConditionError(rule, context({ lines: [muzzarella] }))).toBe(
      'Este código requiere Tiramisú en el pedido.',
    );
    expect(discountCodeConditionError(rule, context({ lines: [muzzarella, tiramisu] }))).toBeNull();
  });

  it.each([
    ['paying cash in Palermo', 150_000],
    ['paying by card in Palermo', 120_000],
    ['paying cash in Alrededores', 250_000],
    ['paying by card in Alrededores', 220_000],
  ])('makes ENVIOGRATIS worth the delivery fee of the payment method %s', (_label, deliveryFee) => {
    const ctx = context({ deliveryFee });
    expect(discountCodeConditionError(envioGratis, ctx)).toBeNull();
    expect(discountCodeAmount(envioGratis, ctx)).toBe(deliveryFee);
  });

  it('refuses a free-delivery code when delivery is already free', () => {
    expect(discountCodeConditionError(envioGratis, context({ deliveryFee: 0 }))).toBe(
      'Tu pedido ya tiene envío gratis.',
    );
  });

  it('refuses a free-delivery code off delivery', () => {
    expect(discountCodeConditionError(envioGratis, context({ isDelivery: false, deliveryFee: 0 }))).toBe(
      'Este código de envío gratis solo aplica a pedidos con envío.',
    );
  });

  it('treats a code flagged free delivery as a free-delivery code whatever its type', () => {
    const flagged = codeRule({ type: 'PERCENT', value: 0.1, freeDelivery: true });
    expect(isFreeDeliveryCode(flagged)).toBe(true);
    expect(isFreeDeliveryCode(envioGratis)).toBe(true);
    expect(isFreeDeliveryCode(bienvenida)).toBe(false);
    expect(discountCodeAmount(flagged, context({ deliveryFee: 150_000 }))).toBe(150_000);
    expect(discountCodeConditionError(flagged, context({ deliveryFee: 0 }))).toBe(
      'Tu pedido ya tiene envío gratis.',
    );
  });

  it('ignores delivery for codes that are not free-delivery codes', () => {
    expect(discountCodeConditionError(bienvenida, context({ isDelivery: false, deliveryFee: 0 }))).toBeNull();
  });

  it('reports the minimum before the other unmet conditions', () => {
    const strict = codeRule({
      minimumOrderAmount: 2_000_000,
      plate: { id: 33, name: 'Tiramisú' },
      categoryName: 'Postres',
      firstTimeOnly: true,
    });
    const ctx = context({ lines: [empanadas], productsPrice: 1_080_000, isFirstOrder: false });
    expect(discountCodeConditionError(strict, ctx)).toBe(
      'Este código requiere un pedido mínimo de $20.000 en productos.',
    );
    expect(discountCodeConditionError(strict, { ...ctx, productsPrice: 2_000_000 })).toBe(
      'Este código requiere Tiramisú en el pedido.',
    );
    expect(discountCodeConditionError(strict, { ...ctx, productsPrice: 2_000_000, lines: [tiramisu] })).toBe(
      'Este código es válido solo para tu primer pedido.',
    );
  });
});

describe('discount code amount', () => {
  it('caps a percentage at the code maximum', () => {
    const capped = { ...flash, maximumDiscount: 500_000 };
    expect(discountCodeAmount(capped, context({ productsPrice: 4_000_000 }))).toBe(500_000);
    expect(discountCodeAmount(capped, context({ productsPrice: 1_000_000 }))).toBe(250_000);
  });

  it('caps a fixed amount at the code maximum', () => {
    expect(discountCodeAmount({ ...min20k, maximumDiscount: 150_000 }, context({}))).toBe(150_000);
  });

  it.each([
    ['a fixed 2.000 on 1.500 of products', codeRule({ type: 'FIXED', value: 200_000 }), 150_000],
    ['a percentage above 100%', codeRule({ type: 'PERCENT', value: 1.2 }), 150_000],
    [
      'a fixed 2.000 on 1.500 of products with a larger maximum',
      codeRule({ type: 'FIXED', value: 200_000, maximumDiscount: 1_000_000 }),
      150_000,
    ],
  ])('never takes off more than the products with %s', (_label, rule, expected) => {
    expect(discountCodeAmount(rule, context({ productsPrice: 150_000 }))).toBe(expected);
  });

  it('rounds a percentage code half away from zero', () => {
    // 10% of $123,45
    expect(discountCodeAmount(bienvenida, context({ productsPrice: 12_345 }))).toBe(1_235);
  });

  it('never takes off a negative amount', () => {
    expect(discountCodeAmount(codeRule({ type: 'FIXED', value: -50_000 }), context({}))).toBe(0);
    expect(discountCodeAmount(codeRule({ type: 'PERCENT', value: -0.1 }), context({}))).toBe(0);
    expect(discountCodeAmount(envioGratis, context({ deliveryFee: -10 }))).toBe(0);
  });

  it('keeps a product code between zero, the maximum and the products (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'PERCENT' | 'FIXED'>('PERCENT', 'FIXED'),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 5_000_000 })),
        fc.integer({ min: 0, max: 10_000_000 }),
        (type, percent, fixed, maximumDiscount, productsPrice) => {
          const rule = codeRule({ type, value: type === 'PERCENT' ? percent / 100 : fixed, maximumDiscount });
          const amount = discountCodeAmount(rule, { productsPrice, deliveryFee: 120_000 });
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(productsPrice);
          if (maximumDiscount !== null) expect(amount).toBeLessThanOrEqual(maximumDiscount);
        },
      ),
    );
  });
});
