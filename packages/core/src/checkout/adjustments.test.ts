import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdjustmentRule, adjustmentAmount } from './adjustments.ts';

const rule = (type: AdjustmentRule['type'], value: number): AdjustmentRule => ({
  id: 1,
  name: type === 'PERCENT' ? 'Descuento del día' : 'Recargo embalaje',
  type,
  value,
});

describe('general discounts and surcharges', () => {
  it.each([
    // [type, value, base, kind, expected]
    ['PERCENT', 0.1, 2_010_000, 'discount', 201_000],
    ['PERCENT', 0.1, 2_010_000, 'surcharge', 201_000],
    ['PERCENT', 0.05, 1_810_000, 'surcharge', 90_500],
    ['FIXED', 50_000, 2_010_000, 'discount', 50_000],
    ['FIXED', 50_000, 2_010_000, 'surcharge', 50_000],
    ['PERCENT', 0, 2_010_000, 'discount', 0],
    ['FIXED', 0, 2_010_000, 'surcharge', 0],
  ] as const)('takes a %s %d of %d as a %s: %d', (type, value, base, kind, expected) => {
    expect(adjustmentAmount(rule(type, value), base, kind)).toBe(expected);
  });

  it('rounds a percentage half away from zero to whole minor units', () => {
    // 10% of $123,45 is $12,345: a cent and a half rounds up
    expect(adjustmentAmount(rule('PERCENT', 0.1), 12_345, 'discount')).toBe(1_235);
    expect(adjustmentAmount(rule('PERCENT', 0.1), 12_344, 'discount')).toBe(1_234);
  });

  it.each([
    ['a fixed discount larger than the base', rule('FIXED', 2_000_000), 1_500_000],
    ['a percentage above 100%', rule('PERCENT', 1.5), 1_500_000],
  ])('never takes off more than the base with %s', (_label, r, expected) => {
    expect(adjustmentAmount(r, 1_500_000, 'discount')).toBe(expected);
  });

  it('does not cap a surcharge at the base', () => {
    expect(adjustmentAmount(rule('FIXED', 2_000_000), 1_500_000, 'surcharge')).toBe(2_000_000);
    expect(adjustmentAmount(rule('PERCENT', 1.5), 1_000_000, 'surcharge')).toBe(1_500_000);
  });

  it('treats a negative value as zero, so a discount never adds and a surcharge never takes off', () => {
    expect(adjustmentAmount(rule('FIXED', -50_000), 1_000_000, 'discount')).toBe(0);
    expect(adjustmentAmount(rule('PERCENT', -0.1), 1_000_000, 'surcharge')).toBe(0);
  });

  it('takes nothing off an empty base', () => {
    expect(adjustmentAmount(rule('FIXED', 50_000), 0, 'discount')).toBe(0);
    expect(adjustmentAmount(rule('PERCENT', 0.1), 0, 'discount')).toBe(0);
  });

  it('keeps a discount between zero and the base, as an integer (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AdjustmentRule['type']>('PERCENT', 'FIXED'),
        fc.integer({ min: -100, max: 300 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (type, percent, fixed, base) => {
          const r = rule(type, type === 'PERCENT' ? percent / 100 : fixed);
          const amount = adjustmentAmount(r, base, 'discount');
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(base);
        },
      ),
    );
  });
});
