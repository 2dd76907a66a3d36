import { describe, expect, it } from 'vitest';
import { type CartLine, repriceCart } from '../cart/cart.ts';
import { MESSAGES } from '../messages.ts';
import { formatMoney, type MoneyRounding, moneyRoundingOf } from '../money.ts';
import { codeRule, DEMO_CODES, lineInput, PUNTOS_MATEO, zoneRule } from '../testing.ts';
import { type CheckoutInput, composeCheckout, pointValueOf, programForContact } from './compose.ts';

const format = (minor: number) =>
  formatMoney(minor, { code: 'ARS', symbol: '$', decimals: 2 }, { withDecimals: false });

const pizza = (quantity: number): CartLine[] =>
  repriceCart(
    [
      lineInput({
        referenceId: 25,
        name: 'Muzzarella',
        basePrice: 1_200_000,
        categoryShowName: 'Pizzas',
        quantity,
      }),
    ],
    [],
  );

/** Don Mateo's delivery: fee 2% plus $300, the Palermo zone, 2.400 points in Puntos Mateo. */
const base: CheckoutInput = {
  lines: pizza(1),
  generalDiscounts: [],
  generalSurcharges: [],
  serviceFee: { userFee: 30_000, percentageUserFee: 0.02 },
  isDelivery: true,
  zone: zoneRule(),
  isCash: false,
  code: null,
  isFirstOrder: true,
  program: PUNTOS_MATEO,
  redeemedPoints: 0,
  balance: 2_400,
  decimals: 2,
  format,
};

describe('composeCheckout', () => {
  // each row: what changes from Don Mateo's one-pizza delivery paid by transfer, and what the diner pays
  it.each<
    [string, Partial<CheckoutInput>, { total: number; delivery: number; code?: string; points?: string }]
  >([
    [
      'a card payer pays the other-payments fee',
      {},
      { total: 1_200_000 + 120_000 + 54_000, delivery: 120_000 },
    ],
    [
      'a cash payer pays the cash fee',
      { isCash: true },
      { total: 1_200_000 + 150_000 + 54_000, delivery: 150_000 },
    ],
    ['take-away has no delivery fee', { isDelivery: false, zone: null }, { total: 1_254_000, delivery: 0 }],
    ['from $30.000 delivery is free', { lines: pizza(3) }, { total: 3_600_000 + 102_000, delivery: 0 }],
    [
      'a 15% pizza code takes its share before the fee',
      { code: DEMO_CODES.PIZZA15 },
      { total: 1_020_000 + 120_000 + 50_400, delivery: 120_000 },
    ],
    [
      'a code whose minimum is not met is left out, with its reason',
      { code: DEMO_CODES.MIN20K },
      { total: 1_374_000, delivery: 120_000, code: MESSAGES.codeMinimumOrder('$20.000') },
    ],
    [
      'a free-delivery code on a free delivery is refused',
      { lines: pizza(3), code: DEMO_CODES.ENVIOGRATIS },
      { total: 3_702_000, delivery: 0, code: MESSAGES.codeDeliveryAlreadyFree },
    ],
    [
      'a first-order code on a second order is refused',
      { code: DEMO_CODES.BIENVENIDA, isFirstOrder: false },
      { total: 1_374_000, delivery: 120_000, code: MESSAGES.codeFirstOrderOnly },
    ],
    [
      'a partner’s 10% benefit is priced as a general discount, and a pizza code after it',
      {
        generalDiscounts: [
          { id: 9, name: 'Beneficio socio', type: 'PERCENT', value: 0.1, externalBenefitType: 'PARTNER' },
        ],
        code: DEMO_CODES.PIZZA15,
      },
      // 12.000 - 1.200 = 10.800; the code's 15% of that is 1.620; fee 300 plus 2% of 9.180 (184, whole pesos)
      { total: 918_000 + 120_000 + 48_400, delivery: 120_000 },
    ],
    [
      '1.000 points pay $1.000 and lower the fee base',
      { redeemedPoints: 1_000 },
      // the fee is on the order amount before points: 2% of 12.000 plus 300
      { total: 1_200_000 - 100_000 + 120_000 + 54_000, delivery: 120_000 },
    ],
    [
      'points above the balance are not applied',
      { redeemedPoints: 2_401 },
      { total: 1_374_000, delivery: 120_000, points: MESSAGES.loyaltyAboveBalance('Puntos Mateo', 2_400) },
    ],
    [
      'points above 30% of the order are not applied',
      { redeemedPoints: 3_601, balance: 10_000 },
      { total: 1_374_000, delivery: 120_000, points: MESSAGES.loyaltyAbovePercentage('Puntos Mateo', 30) },
    ],
    [
      'points below the minimum are not applied',
      { redeemedPoints: 499 },
      { total: 1_374_000, delivery: 120_000, points: MESSAGES.loyaltyBelowMinimum('Puntos Mateo', 500) },
    ],
    [
      'points where no programme runs are refused',
      { redeemedPoints: 500, program: null },
      { total: 1_374_000, delivery: 120_000, points: MESSAGES.loyaltyNoProgram },
    ],
    [
      'points beside a code when the programme does not combine them are refused',
      {
        redeemedPoints: 500,
        code: DEMO_CODES.PIZZA15,
        program: { ...PUNTOS_MATEO, supportsDiscounts: false },
      },
      {
        total: 1_020_000 + 120_000 + 50_400,
        delivery: 120_000,
        points: MESSAGES.codeNotCombinableWithPoints('Puntos Mateo'),
      },
    ],
  ])('%s', (_name, change, expected) => {
    const result = composeCheckout({ ...base, ...change });
    expect(result.price.total).toBe(expected.total);
    expect(result.price.deliveryFee).toBe(expected.delivery);
    expect(result.codeProblem).toBe(expected.code ?? null);
    expect(result.pointsProblem).toBe(expected.points ?? null);
    if (expected.code) expect(result.appliedCode).toBeNull();
    if (expected.points) {
      expect(result.redeemedPoints).toBe(0);
      expect(result.price.pointsDiscount).toBe(0);
    }
  });

  it('prices CLP points at one peso each', () => {
    const result = composeCheckout({
      ...base,
      lines: repriceCart([lineInput({ basePrice: 4_500, quantity: 2 })], []),
      decimals: 0,
      isDelivery: false,
      zone: null,
      serviceFee: null,
      redeemedPoints: 1_000,
      balance: 5_000,
    });
    expect(result.pointValue).toBe(1);
    expect(result.price.total).toBe(8_000);
  });
});

describe('programForContact', () => {
  const program = { ...PUNTOS_MATEO, branchContactIds: [] as number[] };
  it.each([
    ['every contact takes part when the list is empty', program, 7, true],
    ['a listed contact takes part', { ...program, branchContactIds: [7] }, 7, true],
    ['an unlisted contact does not', { ...program, branchContactIds: [8] }, 7, false],
    ['an inactive programme has nobody', { ...program, active: false }, 7, false],
    ['no programme has nobody', null, 7, false],
  ])('%s', (_name, p, contactId, takesPart) => {
    expect(programForContact(p, contactId) !== null).toBe(takesPart);
  });

  it('counts a point as one currency unit', () => {
    expect(pointValueOf(2)).toBe(100);
    expect(pointValueOf(0)).toBe(1);
  });
});

describe('whole-peso amounts (ARS is shown without cents)', () => {
  const cart = (minor: number): CartLine[] =>
    repriceCart([lineInput({ basePrice: minor, categoryShowName: 'Pizzas' })], []);
  const takeAway = (minor: number, change: Partial<CheckoutInput> = {}) =>
    composeCheckout({
      ...base,
      lines: cart(minor),
      isDelivery: false,
      zone: null,
      serviceFee: { userFee: 0, percentageUserFee: 0.025 },
      ...change,
    });
  const rounding = (mode: MoneyRounding['mode']): MoneyRounding => ({ step: 100, mode });

  it('a 2.5% service fee on $49.152 is $1.229, not $1.228,80', () => {
    const result = takeAway(4_915_200, { rounding: moneyRoundingOf('ARS', 2) });
    expect(result.price.userServiceFee).toBe(122_900);
    expect(result.price.total).toBe(4_915_200 + 122_900);
    expect(format(result.price.userServiceFee)).toBe('$1.229');
  });

  it.each<[string, number, MoneyRounding['mode'], number]>([
    ['$49.152 (fee $1.228,80) to the nearest', 4_915_200, 'NEAREST', 122_900],
    ['$49.152 (fee $1.228,80) down', 4_915_200, 'DOWN', 122_800],
    ['$49.152 (fee $1.228,80) up', 4_915_200, 'UP', 122_900],
    ['$49.132 (fee $1.228,30) to the nearest', 4_913_200, 'NEAREST', 122_800],
    ['$49.132 (fee $1.228,30) down', 4_913_200, 'DOWN', 122_800],
    ['$49.132 (fee $1.228,30) up', 4_913_200, 'UP', 122_900],
    ['$49.140 (fee $1.228,50) to the nearest, half up', 4_914_000, 'NEAREST', 122_900],
    ['$49.140 (fee $1.228,50) down', 4_914_000, 'DOWN', 122_800],
  ])('rounds the fee on %s %s', (_name, items, mode, fee) => {
    const result = takeAway(items, { rounding: rounding(mode) });
    expect(result.price.userServiceFee).toBe(fee);
    expect(result.price.total).toBe(items + fee);
    expect(result.rounding).toEqual(rounding(mode));
  });

  it("rounds Don Mateo's delivery fee: $300 plus 2% of $46.440 is $1.229", () => {
    const result = composeCheckout({
      ...base,
      lines: cart(4_644_000),
      rounding: moneyRoundingOf('ARS', 2),
    });
    // delivery is free from $30.000
    expect(result.price.userServiceFee).toBe(30_000 + 92_900);
    expect(result.price.total).toBe(4_644_000 + 122_900);
  });

  it('rounds percentage discounts, surcharges and codes, and points pay whole pesos', () => {
    const result = takeAway(1_234_500, {
      rounding: moneyRoundingOf('ARS', 2),
      generalDiscounts: [{ id: 1, name: 'Efectivo', type: 'PERCENT', value: 0.15 }],
      generalSurcharges: [{ id: 2, name: 'Recargo', type: 'PERCENT', value: 0.1 }],
      code: codeRule({ code: 'DIEZ', value: 0.1 }),
      redeemedPoints: 500,
      balance: 5_000,
    });
    const { price } = result;
    expect(result.codeProblem).toBeNull();
    expect(result.pointsProblem).toBeNull();
    // 10% of $12.345 is $1.234,50: $1.235; 15% is $1.851,75: $1.852
    expect(price.surcharges.map((s) => s.amount)).toEqual([123_500]);
    expect(price.discounts.map((d) => d.amount)).toEqual([185_200, 117_300]);
    // products $12.345 + $1.235 - $1.852 = $11.728; the 10% code is $1.172,80: $1.173
    expect(price.productsPrice).toBe(1_172_800);
    expect(price.codeDiscount).toBe(117_300);
    expect(price.pointsDiscount).toBe(50_000);
    // 2.5% of $10.555 is $263,875: $264
    expect(price.userServiceFee).toBe(26_400);
    expect(price.total).toBe(1_172_800 - 117_300 - 50_000 + 26_400);
    const amounts = [
      ...price.surcharges.map((s) => s.amount),
      ...price.discounts.map((d) => d.amount),
      price.productsPrice,
      price.codeDiscount,
      price.pointsDiscount,
      price.userServiceFee,
      price.total,
    ];
    for (const amount of amounts) {
      expect(amount % 100).toBe(0);
      expect(format(amount)).not.toContain(',');
    }
  });

  it('rounds to whole units, to the nearest, when no rounding is given', () => {
    expect(takeAway(4_915_200).price.userServiceFee).toBe(122_900);
    expect(takeAway(4_915_200).rounding).toEqual({ step: 100, mode: 'NEAREST' });
  });

  it('keeps cents for a currency shown with cents', () => {
    const usd = moneyRoundingOf('USD', 2);
    expect(takeAway(4_915_200, { rounding: usd }).price.userServiceFee).toBe(122_880);
    expect(takeAway(4_913_300, { rounding: { ...usd, mode: 'DOWN' } }).price.userServiceFee).toBe(122_832);
    expect(takeAway(4_913_300, { rounding: { ...usd, mode: 'UP' } }).price.userServiceFee).toBe(122_833);
  });

  it('leaves a CLP fee in whole pesos', () => {
    const result = takeAway(49_152, { decimals: 0, rounding: moneyRoundingOf('CLP', 0), redeemedPoints: 0 });
    expect(result.price.userServiceFee).toBe(1_229);
  });
});
