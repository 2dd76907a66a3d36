import { describe, expect, it } from 'vitest';
import { bars, compactMoney, labelEvery, niceCeiling, ticks } from './chart-geometry.ts';

describe('sales chart geometry', () => {
  it('rounds the axis top up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(32000)).toBe(50000);
    expect(niceCeiling(20000)).toBe(20000);
    expect(niceCeiling(21000)).toBe(25000);
    expect(niceCeiling(1_100_000)).toBe(2_000_000);
  });

  it('splits the axis in equal ticks', () => {
    expect(ticks(40000)).toEqual([0, 10000, 20000, 30000, 40000]);
  });

  it('labels every day while they fit, then every few days', () => {
    expect(labelEvery(7, 10)).toBe(1);
    expect(labelEvery(30, 10)).toBe(3);
    expect(labelEvery(366, 12)).toBe(31);
  });

  it('draws bars from the bottom, a zero day as no bar', () => {
    const [first, second] = bars([50, 0], 100, 200, 100);
    expect(first).toEqual({ x: (100 * (1 - 0.66)) / 2, y: 50, width: 66, height: 50 });
    expect(second).toMatchObject({ y: 100, height: 0 });
    expect(bars([], 1, 10, 10)).toEqual([]);
  });

  it('writes axis amounts short', () => {
    expect(compactMoney(1_250_000, '$')).toBe('$1,3 M');
    expect(compactMoney(850_000, '$')).toBe('$850 mil');
    expect(compactMoney(900, '$')).toBe('$900');
    expect(compactMoney(0, '$')).toBe('$0');
  });
});
