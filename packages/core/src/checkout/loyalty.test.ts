import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUNTOS_MATEO } from '../testing.ts';
import { initialRedeemValue, pointsEarned, type RedemptionContext, redemptionError } from './loyalty.ts';

// Don Mateo's programme (DEMO-DATA.md)
const puntosMateo = PUNTOS_MATEO;

// ARS: one point pays $1, 100 minor units
const ars = (balance: number, orderAmount: number): RedemptionContext => ({
  balance,
  orderAmount,
  pointValue: 100,
});
// CLP: one point pays $1, which is one minor unit
const clp = (balance: number, orderAmount: number): RedemptionContext => ({
  balance,
  orderAmount,
  pointValue: 1,
});

describe('initial redeem value', () => {
  it.each([
    // [label, balance, order amount in minor units, expected]
    ['the balance when it is the smallest (Lucía: 2.400 points, $18.100 order)', 2_400, 1_810_000, 2_400],
    ['the maximum points when it is the smallest', 9_000, 5_000_000, 5_000],
    ['the 30% cap when it is the smallest ($10.000 order: 3.000 points)', 9_000, 1_000_000, 3_000],
    ['the 30% cap rounded down to whole points ($10.003 order: 3.000,9)', 9_000, 1_000_300, 3_000],
    ['zero with no balance', 0, 1_810_000, 0],
    ['zero with an empty order', 2_400, 0, 0],
  ])('starts at %s', (_label, balance, orderAmount, expected) => {
    expect(initialRedeemValue(puntosMateo, ars(balance, orderAmount))).toBe(expected);
  });

  it('has no upper limit from a missing maximum or percentage', () => {
    const unlimited = { ...puntosMateo, maxRedeemedPoints: null, maxRedeemedPercentage: null };
    expect(initialRedeemValue(unlimited, ars(12_000, 1_000_000))).toBe(12_000);
  });

  it('counts one CLP point as one peso', () => {
    // La Casona: two Completos italianos, $9.000 CLP; 30% is 2.700 points
    expect(initialRedeemValue(puntosMateo, clp(4_000, 9_000))).toBe(2_700);
    expect(initialRedeemValue(puntosMateo, clp(1_000, 9_000))).toBe(1_000);
  });

  it('is accepted by the redemption checks whenever it reaches the minimum (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(1, 100),
        (balance, orderAmount, pointValue) => {
          const ctx = { balance, orderAmount, pointValue };
          const value = initialRedeemValue(puntosMateo, ctx);
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(balance);
          expect(value).toBeLessThanOrEqual(5_000);
          expect(value * pointValue).toBeLessThanOrEqual(orderAmount * 0.3);
          if (value >= 500) expect(redemptionError(value, puntosMateo, ctx)).toBeNull();
        },
      ),
    );
  });
});

describe('redemption checks', () => {
  // Lucía Fernández: 2.400 points; an order of $18.100 lets points pay up to $5.430
  const lucia = ars(2_400, 1_810_000);

  it.each([
    ['the minimum', 500, null],
    ['her whole balance', 2_400, null],
    ['nothing (no redemption)', 0, null],
    ['one point below the minimum', 499, 'Tenés que canjear al menos 500 Puntos Mateo.'],
    ['more than her balance', 2_401, 'No tenés suficientes Puntos Mateo: tu saldo es de 2.400.'],
    ['a negative amount', -1, 'Ingresá una cantidad válida de Puntos Mateo.'],
    ['a fraction of a point', 600.5, 'Ingresá una cantidad válida de Puntos Mateo.'],
  ])('judges redeeming %s (%d points)', (_label, points, expected) => {
    expect(redemptionError(points, puntosMateo, lucia)).toBe(expected);
  });

  it('refuses more than the maximum points per order', () => {
    const ctx = ars(9_000, 5_000_000);
    expect(redemptionError(5_000, puntosMateo, ctx)).toBeNull();
    expect(redemptionError(5_001, puntosMateo, ctx)).toBe(
      'Podés canjear como máximo 5.000 Puntos Mateo por pedido.',
    );
  });

  it('refuses points that pay more than 30% of the order amount', () => {
    // $10.000 order: 3.000 points at most
    const ctx = ars(9_000, 1_000_000);
    expect(redemptionError(3_000, puntosMateo, ctx)).toBeNull();
    expect(redemptionError(3_001, puntosMateo, ctx)).toBe(
      'Con Puntos Mateo podés pagar hasta el 30% del pedido.',
    );
  });

  it('refuses any redemption while the programme is inactive', () => {
    expect(redemptionError(500, { ...puntosMateo, active: false }, lucia)).toBe(
      'Puntos Mateo no está disponible en este momento.',
    );
    expect(redemptionError(0, { ...puntosMateo, active: false }, lucia)).toBeNull();
  });

  it('checks the balance first, then the maximum, then the percentage, then the minimum', () => {
    // 6.000 points on a $1.000 order with 5.500 points: every upper limit is passed
    const ctx = ars(5_500, 100_000);
    expect(redemptionError(6_000, puntosMateo, ctx)).toBe(
      'No tenés suficientes Puntos Mateo: tu saldo es de 5.500.',
    );
    expect(redemptionError(5_400, puntosMateo, ctx)).toBe(
      'Podés canjear como máximo 5.000 Puntos Mateo por pedido.',
    );
    expect(redemptionError(400, puntosMateo, ctx)).toBe(
      'Con Puntos Mateo podés pagar hasta el 30% del pedido.',
    );
    expect(redemptionError(400, puntosMateo, ars(5_500, 1_000_000))).toBe(
      'Tenés que canjear al menos 500 Puntos Mateo.',
    );
  });

  it('names the programme and its percentage in the message', () => {
    const club = { ...puntosMateo, name: 'Club Casona', maxRedeemedPercentage: 0.15 };
    expect(redemptionError(1_000, club, clp(4_000, 4_500))).toBe(
      'Con Club Casona podés pagar hasta el 15% del pedido.',
    );
  });

  it.each([
    // [percentage, order amount in minor units, currency, the exact share in points]
    // float arithmetic makes 180 * 0.35 62.99999999999999: a plain floor would allow 62
    [0.35, 180, 'CLP', 63],
    [0.35, 720, 'CLP', 252],
    [0.7, 90, 'CLP', 63],
    [0.35, 22_000, 'ARS', 77],
    [0.7, 11_000, 'ARS', 77],
  ] as const)(
    'lets points pay exactly the share %s of an order of %d minor units in %s: %d points',
    (pct, orderAmount, currency, exact) => {
      const program = { ...puntosMateo, minRedeemedPoints: 0, maxRedeemedPercentage: pct };
      const ctx = { balance: 10_000, orderAmount, pointValue: currency === 'CLP' ? 1 : 100 };
      expect(initialRedeemValue(program, ctx)).toBe(exact);
      expect(redemptionError(exact, program, ctx)).toBeNull();
      expect(redemptionError(exact + 1, program, ctx)).not.toBeNull();
    },
  );

  it('caps points at the whole-percent share of the order, computed exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(1, 100),
        (percent, orderAmount, pointValue) => {
          const program = { ...puntosMateo, maxRedeemedPoints: null, maxRedeemedPercentage: percent / 100 };
          const ctx = { balance: Number.MAX_SAFE_INTEGER, orderAmount, pointValue };
          // integer arithmetic: the largest whole number of points worth at most percent% of the order
          const exact = Math.floor((orderAmount * percent) / (100 * pointValue));
          expect(initialRedeemValue(program, ctx)).toBe(exact);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('points earned', () => {
  it.each([
    // [label, paid products in minor units, point value, expected]
    ['5% of $15.700 paid in ARS', 1_570_000, 100, 785],
    ['5% of $19.999 rounded down', 1_999_900, 100, 999],
    ['5% of $19,99: nothing, rounded down', 1_999, 100, 0],
    ['5% of $20 in ARS', 2_000, 100, 1],
    ['5% of $9.000 in CLP', 9_000, 1, 450],
    ['5% of $4.510 in CLP rounded down', 4_510, 1, 225],
    ['5% of $19 in CLP rounded down', 19, 1, 0],
  ])('earns %s', (_label, paid, pointValue, expected) => {
    expect(pointsEarned(puntosMateo, paid, pointValue)).toBe(expected);
  });

  it.each([
    ['an inactive programme', { ...puntosMateo, active: false }, 1_570_000],
    ['a programme with no order percentage', { ...puntosMateo, orderPercentage: 0 }, 1_570_000],
    ['an order paid entirely by discounts', puntosMateo, 0],
    ['a negative amount', puntosMateo, -100_000],
  ])('earns nothing with %s', (_label, program, paid) => {
    expect(pointsEarned(program, paid, 100)).toBe(0);
  });

  it('earns the exact whole-percent share, rounded down (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        // up to $200.000 ARS or $20.000.000 CLP: well beyond any real order
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.constantFrom(1, 100),
        (percent, paid, pointValue) => {
          const program = { ...puntosMateo, orderPercentage: percent / 100 };
          expect(pointsEarned(program, paid, pointValue)).toBe(
            Math.floor((paid * percent) / (100 * pointValue)),
          );
        },
      ),
    );
  });
});
