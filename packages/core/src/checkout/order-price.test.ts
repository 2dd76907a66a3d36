import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CartLine, cartSubtotal, repriceCart } from '../cart/cart.ts';
import type { MenuDiscountRule } from '../cart/menu-discount.ts';
import { formatMoney } from '../money.ts';
import { codeRule, DEMO_CODES, lineInput, PUNTOS_MATEO, zoneRule } from '../testing.ts';
import type { AdjustmentRule } from './adjustments.ts';
import { deliveryFeeOf } from './delivery-zone.ts';
import { type DiscountCodeRule, discountCodeConditionError } from './discount-code.ts';
import { initialRedeemValue, pointsEarned, redemptionError } from './loyalty.ts';
import {
  computeOrderPrice,
  type OrderPriceInput,
  productsPriceOf,
  type ServiceFeeRule,
} from './order-price.ts';

const format = (minor: number) =>
  formatMoney(minor, { code: 'ARS', symbol: '$', decimals: 2 }, { withDecimals: false });

// Don Mateo's menu discounts: empanadas 3x2, Coca-Cola $500 off
const menuDiscounts: MenuDiscountRule[] = [
  { id: 3, type: 'MULTIPLE', buy: 3, pay: 2, plates: [27] },
  { id: 4, type: 'FIXED', fixedDiscount: 50_000, plates: [29] },
];

const garnish = (referenceId: number, name: string, price: number) => ({
  referenceId,
  referenceType: 'GARNISH' as const,
  name,
  price,
  quantity: 1,
});

/** Muzzarella Grande, masa integral, jamón and morrones ($14.500); three empanadas de carne, 3x2 ($3.600); a Coca-Cola ($2.000). */
const demoCart: CartLine[] = repriceCart(
  [
    lineInput({
      referenceId: 25,
      name: 'Muzzarella',
      sizeId: 2,
      sizeName: 'Grande',
      basePrice: 1_200_000,
      categoryId: 1,
      categoryShowName: 'Pizzas',
      maxQuantity: null,
      extras: [
        {
          groupId: 1,
          groupName: 'Masa',
          min: 1,
          max: 1,
          multipleSelection: false,
          groupItems: [garnish(11, 'Integral', 50_000)],
        },
        {
          groupId: 2,
          groupName: 'Extras',
          min: 0,
          max: 3,
          multipleSelection: true,
          groupItems: [garnish(20, 'Jamón', 120_000), garnish(21, 'Morrones', 80_000)],
        },
      ],
    }),
    lineInput({ quantity: 3 }),
    lineInput({
      referenceId: 29,
      name: 'Coca-Cola 500 ml',
      basePrice: 250_000,
      categoryId: 3,
      categoryShowName: 'Bebidas',
      source: 'UPSOLD',
      upsell: true,
      maxQuantity: null,
    }),
  ],
  menuDiscounts,
);

const palermo = zoneRule();
const alrededores = zoneRule({ id: 2, name: 'Alrededores', cashFee: 250_000, otherFee: 220_000 });

const serviceFee: ServiceFeeRule = { userFee: 30_000, percentageUserFee: 0.02 };

const { BIENVENIDA: bienvenida, ENVIOGRATIS: envioGratis, MIN20K: min20k } = DEMO_CODES;
const puntosMateo = PUNTOS_MATEO;

const order = (overrides: Partial<OrderPriceInput>): OrderPriceInput => ({
  lines: demoCart,
  generalDiscounts: [],
  generalSurcharges: [],
  code: null,
  redeemedPoints: 0,
  pointValue: 100,
  serviceFee: null,
  deliveryFee: 0,
  ...overrides,
});

describe('order price', () => {
  it('prices the demo cart at $20.100 after the menu discounts', () => {
    expect(demoCart.map((l) => l.price)).toEqual([1_450_000, 360_000, 200_000]);
    expect(cartSubtotal(demoCart)).toBe(2_010_000);
  });

  it('prices a Don Mateo delivery by card in Palermo with MIN20K and Lucía’s 2.400 points', () => {
    const { productsPrice } = productsPriceOf(demoCart, [], []);
    const deliveryFee = deliveryFeeOf(palermo, { isCash: false, itemsPrice: productsPrice });
    expect(deliveryFee).toBe(120_000);
    expect(
      discountCodeConditionError(min20k, {
        lines: demoCart,
        productsPrice,
        isDelivery: true,
        deliveryFee,
        isFirstOrder: false,
        format,
      }),
    ).toBeNull();
    // points may pay 30% of $18.100 ($5.430): her whole balance fits
    const loyalty = { balance: 2_400, orderAmount: productsPrice - 200_000, pointValue: 100 };
    const redeemedPoints = initialRedeemValue(puntosMateo, loyalty);
    expect(redeemedPoints).toBe(2_400);
    expect(redemptionError(redeemedPoints, puntosMateo, loyalty)).toBeNull();

    const price = computeOrderPrice(order({ code: min20k, redeemedPoints, serviceFee, deliveryFee }));

    expect(price).toEqual({
      itemsPrice: 2_010_000,
      surcharges: [],
      discounts: [
        {
          name: 'MIN20K',
          type: 'FIXED',
          value: 200_000,
          amount: 200_000,
          referenceId: 14,
          code: 'MIN20K',
          externalBenefitType: null,
        },
      ],
      productsPrice: 2_010_000,
      codeDiscount: 200_000,
      orderAmount: 1_810_000,
      pointsDiscount: 240_000,
      // $300 plus 2% of $18.100
      userServiceFee: 66_200,
      deliveryFee: 120_000,
      // 20.100 - 2.000 - 2.400 + 662 + 1.200 = $17.562
      total: 1_756_200,
    });
    // she earns 5% of the $15.700 she paid for products
    expect(pointsEarned(puntosMateo, price.orderAmount - price.pointsDiscount, 100)).toBe(785);
  });

  it('cancels the delivery fee with a free-delivery code, keeping the fee visible (cash in Alrededores)', () => {
    const deliveryFee = deliveryFeeOf(alrededores, { isCash: true, itemsPrice: 2_010_000 });
    const price = computeOrderPrice(order({ code: envioGratis, serviceFee, deliveryFee }));
    expect(price).toEqual({
      itemsPrice: 2_010_000,
      surcharges: [],
      discounts: [
        {
          name: 'ENVIOGRATIS',
          type: 'FREE_DELIVERY',
          value: 0,
          amount: 250_000,
          referenceId: 12,
          code: 'ENVIOGRATIS',
          externalBenefitType: null,
        },
      ],
      productsPrice: 2_010_000,
      codeDiscount: 250_000,
      // the code does not lower what the products cost
      orderAmount: 2_010_000,
      pointsDiscount: 0,
      userServiceFee: 70_200,
      deliveryFee: 250_000,
      total: 2_080_200,
    });
    expect(price.total).toBe(price.productsPrice + price.userServiceFee);
  });

  it.each([
    ['paying cash', 150_000],
    ['paying by card', 120_000],
  ])('makes a free-delivery code worth the Palermo fee %s', (_label, deliveryFee) => {
    const price = computeOrderPrice(order({ code: envioGratis, deliveryFee }));
    expect(price.codeDiscount).toBe(deliveryFee);
    expect(price.total).toBe(2_010_000);
  });

  it('applies general surcharges and discounts on the items, then the code on the products', () => {
    const generalDiscounts: AdjustmentRule[] = [
      { id: 7, name: 'Descuento Take Away', type: 'PERCENT', value: 0.1 },
    ];
    const generalSurcharges: AdjustmentRule[] = [{ id: 8, name: 'Embalaje', type: 'FIXED', value: 20_000 }];
    const price = computeOrderPrice(order({ generalDiscounts, generalSurcharges, code: bienvenida }));
    expect(price).toEqual({
      itemsPrice: 2_010_000,
      surcharges: [{ name: 'Embalaje', type: 'FIXED', value: 20_000, amount: 20_000, referenceId: 8 }],
      discounts: [
        {
          name: 'Descuento Take Away',
          type: 'PERCENT',
          value: 0.1,
          amount: 201_000,
          referenceId: 7,
          code: null,
          externalBenefitType: null,
        },
        {
          name: 'BIENVENIDA',
          type: 'PERCENT',
          value: 0.1,
          amount: 182_900,
          referenceId: 11,
          code: 'BIENVENIDA',
          externalBenefitType: null,
        },
      ],
      // 20.100 + 200 - 2.010
      productsPrice: 1_829_000,
      codeDiscount: 182_900,
      orderAmount: 1_646_100,
      pointsDiscount: 0,
      userServiceFee: 0,
      deliveryFee: 0,
      total: 1_646_100,
    });
  });

  it('charges the fixed service fee even when the order amount is zero, and none without a fee rule', () => {
    const free = codeRule({ type: 'FIXED', value: 5_000_000 });
    expect(computeOrderPrice(order({ code: free, serviceFee })).userServiceFee).toBe(30_000);
    expect(computeOrderPrice(order({ serviceFee: null })).userServiceFee).toBe(0);
    expect(
      computeOrderPrice(order({ serviceFee: { userFee: 0, percentageUserFee: 0 } })).userServiceFee,
    ).toBe(0);
  });

  it('rounds the percentage of the service fee to whole minor units', () => {
    // 2% of $18.100,25 is $362,005: half a cent rounds up
    const lines = repriceCart([lineInput({ basePrice: 1_810_025, referenceId: 40 })], []);
    expect(computeOrderPrice(order({ lines, serviceFee })).userServiceFee).toBe(30_000 + 36_201);
  });

  it('counts points in CLP as one peso each (La Casona)', () => {
    const lines = repriceCart(
      [
        lineInput({ referenceId: 50, name: 'Completo italiano', basePrice: 4_500, quantity: 2 }),
        lineInput({ referenceId: 51, name: 'Empanada de pino', basePrice: 2_800 }),
      ],
      [],
    );
    const price = computeOrderPrice(
      order({ lines, redeemedPoints: 1_000, pointValue: 1, deliveryFee: 2_000 }),
    );
    expect(price).toMatchObject({
      itemsPrice: 11_800,
      pointsDiscount: 1_000,
      deliveryFee: 2_000,
      total: 12_800,
    });
  });

  it('lets points pay the order amount at most', () => {
    const lines = repriceCart([lineInput({ basePrice: 300_000, referenceId: 40 })], []);
    const price = computeOrderPrice(
      order({ lines, redeemedPoints: 5_000, serviceFee, deliveryFee: 120_000 }),
    );
    expect(price.pointsDiscount).toBe(300_000);
    // the service fee is still 2% of the order amount: points pay for the products, not for the fee
    expect(price.userServiceFee).toBe(30_000 + 6_000);
    expect(price.total).toBe(36_000 + 120_000);
  });

  it('ignores negative points and a negative delivery fee', () => {
    const price = computeOrderPrice(order({ redeemedPoints: -500, deliveryFee: -120_000 }));
    expect(price).toMatchObject({ pointsDiscount: 0, deliveryFee: 0, total: 2_010_000 });
  });

  it.each([
    ['a fixed code above the products', { code: codeRule({ type: 'FIXED', value: 5_000_000 }) }],
    ['a code and more points than the products cost', { code: min20k, redeemedPoints: 50_000 }],
    [
      'general discounts that add up to more than the items',
      {
        generalDiscounts: [
          { id: 1, name: 'A', type: 'PERCENT', value: 0.6 },
          { id: 2, name: 'B', type: 'PERCENT', value: 0.6 },
        ] satisfies AdjustmentRule[],
      },
    ],
  ])('never charges a negative total with %s', (_label, overrides) => {
    const price = computeOrderPrice(order(overrides));
    expect(price.productsPrice).toBeGreaterThanOrEqual(0);
    expect(price.total).toBe(0);
  });

  it('charges the demo cart alone when there is nothing else', () => {
    expect(computeOrderPrice(order({}))).toMatchObject({ total: 2_010_000, discounts: [], surcharges: [] });
    expect(computeOrderPrice(order({ lines: [] })).total).toBe(0);
  });
});

describe('order price properties', () => {
  const lineArb = fc.record({
    basePrice: fc.integer({ min: 0, max: 2_000_000 }),
    quantity: fc.integer({ min: 1, max: 5 }),
  });
  const adjustmentArb = fc.oneof(
    fc
      .integer({ min: 0, max: 120 })
      .map((p): AdjustmentRule => ({ id: 1, name: 'P', type: 'PERCENT', value: p / 100 })),
    fc
      .integer({ min: 0, max: 3_000_000 })
      .map((v): AdjustmentRule => ({ id: 2, name: 'F', type: 'FIXED', value: v })),
  );
  const codeArb = fc.option(
    fc.record({
      type: fc.constantFrom<DiscountCodeRule['type']>('PERCENT', 'FIXED', 'FREE_DELIVERY'),
      percent: fc.integer({ min: 0, max: 120 }),
      fixed: fc.integer({ min: 0, max: 3_000_000 }),
      maximumDiscount: fc.option(fc.integer({ min: 0, max: 1_000_000 })),
    }),
  );
  const inputArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 5 }),
    generalDiscounts: fc.array(adjustmentArb, { maxLength: 2 }),
    generalSurcharges: fc.array(adjustmentArb, { maxLength: 2 }),
    code: codeArb,
    redeemedPoints: fc.integer({ min: -100, max: 20_000 }),
    pointValue: fc.constantFrom(1, 100),
    serviceFee: fc.option(
      fc.record({
        userFee: fc.integer({ min: 0, max: 50_000 }),
        percentageUserFee: fc.integer({ min: 0, max: 10 }).map((p) => p / 100),
      }),
    ),
    deliveryFee: fc.constantFrom(0, 120_000, 150_000, 220_000, 250_000),
  });
  type Drawn = typeof inputArb extends fc.Arbitrary<infer T> ? T : never;
  const toInput = (x: Drawn): OrderPriceInput => ({
    ...x,
    lines: repriceCart(
      x.lines.map((l, i) => lineInput({ ...l, referenceId: 100 + i })),
      [],
    ),
    code: x.code
      ? codeRule({
          type: x.code.type,
          value:
            x.code.type === 'PERCENT' ? x.code.percent / 100 : x.code.type === 'FIXED' ? x.code.fixed : 0,
          maximumDiscount: x.code.maximumDiscount,
          freeDelivery: x.code.type === 'FREE_DELIVERY',
        })
      : null,
  });

  it('adds up: total = products - code - points + service fee + delivery fee (property)', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const p = computeOrderPrice(toInput(x));
        expect(p.total).toBe(
          p.productsPrice - p.codeDiscount - p.pointsDiscount + p.userServiceFee + p.deliveryFee,
        );
        for (const amount of [p.total, p.productsPrice, p.codeDiscount, p.pointsDiscount, p.userServiceFee]) {
          expect(Number.isInteger(amount)).toBe(true);
        }
      }),
    );
  });

  it('never charges a negative total (property)', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        expect(computeOrderPrice(toInput(x)).total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never lets points pay more than the order amount or than the points are worth (property)', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const p = computeOrderPrice(toInput(x));
        expect(p.pointsDiscount).toBeGreaterThanOrEqual(0);
        expect(p.pointsDiscount).toBeLessThanOrEqual(p.orderAmount);
        expect(p.pointsDiscount).toBeLessThanOrEqual(Math.max(0, x.redeemedPoints) * x.pointValue);
      }),
    );
  });

  it('takes a product code off the products only, and a free-delivery code off the delivery fee only (property)', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const p = computeOrderPrice(toInput(x));
        if (x.code === null) {
          expect(p.codeDiscount).toBe(0);
          expect(p.orderAmount).toBe(p.productsPrice);
        } else if (x.code.type === 'FREE_DELIVERY') {
          expect(p.codeDiscount).toBe(p.deliveryFee);
          expect(p.orderAmount).toBe(p.productsPrice);
        } else {
          expect(p.codeDiscount).toBeLessThanOrEqual(p.productsPrice);
          expect(p.orderAmount).toBe(p.productsPrice - p.codeDiscount);
        }
        const codeEntries = p.discounts.filter((d) => d.code !== null);
        expect(codeEntries.map((d) => d.amount)).toEqual(x.code ? [p.codeDiscount] : []);
      }),
    );
  });
});
