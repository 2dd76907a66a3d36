import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyDisplayDecimals,
  type MoneyRounding,
  moneyRoundingOf,
  percentOf,
  roundAmount,
} from './money.ts';

const WHOLE_PESOS: MoneyRounding = { step: 100, mode: 'NEAREST' };

describe('currency display decimals', () => {
  it.each([
    ['ARS', 2, 0],
    ['ars', 2, 0],
    ['COP', 2, 0],
    ['UYU', 2, 0],
    ['CLP', 0, 0],
    ['PYG', 0, 0],
    ['USD', 2, 2],
    ['MXN', 2, 2],
    ['BRL', 2, 2],
    ['PEN', 2, 2],
  ])('shows %s (%d minor digits) with %d decimals', (code, decimals, shown) => {
    expect(currencyDisplayDecimals(code, decimals)).toBe(shown);
  });
});

describe('moneyRoundingOf', () => {
  it('rounds ARS to whole pesos, to the nearest by default', () => {
    expect(moneyRoundingOf('ARS', 2)).toEqual({ step: 100, mode: 'NEAREST' });
    expect(moneyRoundingOf('ARS', 2, {})).toEqual({ step: 100, mode: 'NEAREST' });
    expect(moneyRoundingOf('ARS', 2, null)).toEqual({ step: 100, mode: 'NEAREST' });
  });

  it("takes the branch's mode from its generalConfig", () => {
    expect(moneyRoundingOf('ARS', 2, { roundingMode: 'DOWN' })).toEqual({ step: 100, mode: 'DOWN' });
    expect(moneyRoundingOf('ARS', 2, { roundingMode: 'UP' })).toEqual({ step: 100, mode: 'UP' });
  });

  it('ignores an unknown mode', () => {
    expect(moneyRoundingOf('ARS', 2, { roundingMode: 'sideways' }).mode).toBe('NEAREST');
    expect(moneyRoundingOf('ARS', 2, { roundingMode: 3 }).mode).toBe('NEAREST');
  });

  it('keeps cents for a currency shown with cents, and the peso for one without minor units', () => {
    expect(moneyRoundingOf('USD', 2, { roundingMode: 'UP' })).toEqual({ step: 1, mode: 'UP' });
    expect(moneyRoundingOf('CLP', 0)).toEqual({ step: 1, mode: 'NEAREST' });
  });
});

describe('roundAmount', () => {
  it.each<[number, MoneyRounding['mode'], number]>([
    [122_880, 'NEAREST', 122_900],
    [122_880, 'DOWN', 122_800],
    [122_880, 'UP', 122_900],
    [122_850, 'NEAREST', 122_900],
    [122_849.9, 'NEAREST', 122_800],
    [122_820, 'UP', 122_900],
    [122_800, 'UP', 122_800],
    [122_800, 'DOWN', 122_800],
    [0, 'UP', 0],
  ])('rounds %d cents %s to %d', (value, mode, rounded) => {
    expect(roundAmount(value, { step: 100, mode })).toBe(rounded);
  });

  it('rounds the raw share once, not first to cents: 1.495 pesos is 1 peso, not 2', () => {
    expect(roundAmount(149.5, WHOLE_PESOS)).toBe(100);
  });

  it('does not push a share that is whole but for float error up a peso', () => {
    // $100 * 7% is 700.0000000000001 cents and $220 * 35% 7699.999999999999 in floating point
    expect(10_000 * 0.07).not.toBe(700);
    expect(percentOf(10_000, 0.07, { step: 100, mode: 'UP' })).toBe(700);
    expect(22_000 * 0.35).not.toBe(7_700);
    expect(percentOf(22_000, 0.35, { step: 100, mode: 'DOWN' })).toBe(7_700);
  });

  it('rounds to a whole minor unit without a rounding, as before', () => {
    expect(roundAmount(122_880.4)).toBe(122_880);
    expect(percentOf(1_050, 0.15)).toBe(158);
  });

  it('keeps cents for a currency shown with cents', () => {
    expect(percentOf(4_915, 0.025, { step: 1, mode: 'NEAREST' })).toBe(123);
    expect(percentOf(4_915, 0.025, { step: 1, mode: 'DOWN' })).toBe(122);
    expect(percentOf(4_915, 0.025, { step: 1, mode: 'UP' })).toBe(123);
  });

  it('gives a multiple of the step within one step of the raw value, on the chosen side', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.constantFrom(1, 100),
        (minor, ratio, step) => {
          const raw = minor * ratio;
          const near = percentOf(minor, ratio, { step, mode: 'NEAREST' });
          const down = percentOf(minor, ratio, { step, mode: 'DOWN' });
          const up = percentOf(minor, ratio, { step, mode: 'UP' });
          for (const r of [near, down, up]) expect(r % step).toBe(0);
          expect(Math.abs(near - raw)).toBeLessThanOrEqual(step / 2 + 1e-6 * Math.max(1, raw));
          expect(down).toBeLessThanOrEqual(raw + 1e-6 * Math.max(1, raw));
          expect(up).toBeGreaterThanOrEqual(raw - 1e-6 * Math.max(1, raw));
          expect(up - down).toBeLessThanOrEqual(step);
        },
      ),
    );
  });
});
