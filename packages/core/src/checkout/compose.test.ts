import { describe, expect, it } from 'vitest';
import { type CartLine, repriceCart } from '../cart/cart.ts';
import { MESSAGES } from '../messages.ts';
import { formatMoney } from '../money.ts';
import { DEMO_CODES, lineInput, PUNTOS_MATEO, zoneRule } from '../testing.ts';
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
