import { describe, expect, it } from 'vitest';
import { formatDecimal, groupThousands, roundHalfAwayFromZero } from './number-format.ts';

describe('number formatting', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [1.005 * 100, 101],
    [-0.4, 0],
  ])('rounds %d half away from zero to %d', (value, expected) => {
    expect(roundHalfAwayFromZero(value)).toBe(expected);
  });

  it('never answers negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
  });

  it('refuses to round a non-finite number', () => {
    expect(() => roundHalfAwayFromZero(Number.NaN)).toThrow(RangeError);
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1.000'],
    [1234567, '1.234.567'],
  ])('groups %d as %s', (value, expected) => {
    expect(groupThousands(value)).toBe(expected);
  });

  it('formats decimals with a comma and thousands with a dot', () => {
    expect(formatDecimal(1234.56, 1)).toBe('1.234,6');
    expect(formatDecimal(4.25, 1)).toBe('4,3');
    expect(formatDecimal(-12.345, 2)).toBe('-12,35');
    expect(formatDecimal(7.6, 0)).toBe('8');
  });
});
