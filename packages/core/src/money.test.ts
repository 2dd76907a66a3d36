import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CurrencyInfo,
  cashChange,
  currencyDecimals,
  formatMoney,
  fromMinor,
  percentOf,
  roundMinor,
  toMinor,
} from './money.ts';

const ARS: CurrencyInfo = { code: 'ARS', symbol: '$', decimals: 2 };
const CLP: CurrencyInfo = { code: 'CLP', symbol: '$', decimals: 0 };

describe('currency decimals', () => {
  it.each([
    ['CLP', 0],
    ['PYG', 0],
    ['JPY', 0],
    ['COP', 2],
    ['ARS', 2],
    ['UYU', 2],
    ['USD', 2],
    ['MXN', 2],
    ['PEN', 2],
    ['BRL', 2],
    ['XYZ', 2],
    ['clp', 0],
  ])('gives %s %d decimals', (code, decimals) => {
    expect(currencyDecimals(code)).toBe(decimals);
  });
});

describe('minor units', () => {
  it.each([
    [12.5, 2, 1250],
    [1.005, 2, 101],
    [8.575, 2, 858],
    [-1.005, 2, -101],
    [0.1 + 0.2, 2, 30],
    [4500, 0, 4500],
    [4500.5, 0, 4501],
    [-4500.5, 0, -4501],
  ])('converts %d with %d decimals to %d minor units', (amount, decimals, minor) => {
    expect(toMinor(amount, decimals)).toBe(minor);
  });

  it('converts minor units back to a decimal amount', () => {
    expect(fromMinor(1250, 2)).toBe(12.5);
    expect(fromMinor(4500, 0)).toBe(4500);
  });

  it('rounds half away from zero, symmetrically for negatives', () => {
    expect(roundMinor(0.5)).toBe(1);
    expect(roundMinor(-0.5)).toBe(-1);
    expect(roundMinor(1.49)).toBe(1);
  });

  it('takes a percentage share rounded to a whole minor unit', () => {
    expect(percentOf(10000, 0.02)).toBe(200);
    expect(percentOf(1050, 0.15)).toBe(158);
    expect(percentOf(1005, 0.1)).toBe(101);
    expect(percentOf(1249, 0.02)).toBe(25);
  });

  it('gets every integer back through fromMinor and toMinor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }),
        fc.constantFrom(0, 2, 3),
        (minor, decimals) => toMinor(fromMinor(minor, decimals), decimals) === minor,
      ),
    );
  });

  it('rounds a negated value to the negated rounding', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (value) => {
        return roundMinor(-value) === -roundMinor(value);
      }),
    );
  });
});

describe('money formatting', () => {
  it.each([
    [1200000, '$12.000'],
    [1250, '$12,50'],
    [5, '$0,05'],
    [123456789, '$1.234.567,89'],
    [0, '$0'],
    [-50000, '-$500'],
    [-1250, '-$12,50'],
  ])('shows ARS %d minor units as %s', (minor, expected) => {
    expect(formatMoney(minor, ARS)).toBe(expected);
  });

  it.each([
    [4500, '$4.500'],
    [1234567, '$1.234.567'],
    [-500, '-$500'],
  ])('shows CLP %d as %s', (minor, expected) => {
    expect(formatMoney(minor, CLP)).toBe(expected);
  });

  it('shows decimals on a whole amount when asked to', () => {
    expect(formatMoney(1200000, ARS, { withDecimals: true })).toBe('$12.000,00');
  });

  it('rounds to whole units when decimals are turned off, as the minimum order is shown', () => {
    expect(formatMoney(1250, ARS, { withDecimals: false })).toBe('$13');
    expect(formatMoney(1249, ARS, { withDecimals: false })).toBe('$12');
    expect(formatMoney(-1250, ARS, { withDecimals: false })).toBe('-$13');
    expect(formatMoney(-40, ARS, { withDecimals: false })).toBe('$0');
  });

  it('never shows decimals for a currency without them', () => {
    expect(formatMoney(4500, CLP, { withDecimals: true })).toBe('$4.500');
  });

  it('uses the currency symbol it is given', () => {
    expect(formatMoney(150000, { code: 'USD', symbol: 'US$', decimals: 2 })).toBe('US$1.500');
  });
});

describe('cashChange', () => {
  it('is what the customer pays with minus the total, only for cash with a larger note', () => {
    expect(cashChange('CASH', 2_000_000, 1_550_000)).toBe(450_000);
    expect(cashChange('CASH', 1_550_000, 1_550_000)).toBeNull();
    expect(cashChange('CASH', null, 1_550_000)).toBeNull();
    expect(cashChange('CARD', 2_000_000, 1_550_000)).toBeNull();
  });
});
