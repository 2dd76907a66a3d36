import { describe, expect, it } from 'vitest';
import { MAX_MARKETPLACE_FEE_PERCENT, marketplaceFeeOf } from './marketplace-fee.ts';

describe('marketplaceFeeOf', () => {
  it('keeps nothing by default (0 %), for nothing to charge, or for a nonsense percent', () => {
    expect(marketplaceFeeOf(1_234_550, 0)).toBe(0);
    expect(marketplaceFeeOf(0, 5)).toBe(0);
    expect(marketplaceFeeOf(1000, Number.NaN)).toBe(0);
    expect(marketplaceFeeOf(1000, -3)).toBe(0);
  });

  it('is a percent of the total in minor units, rounded to the nearest unit', () => {
    expect(marketplaceFeeOf(1000, 2.5)).toBe(25);
    expect(marketplaceFeeOf(1_234_550, 3)).toBe(37_037); // 37 036.5 rounds up
    expect(marketplaceFeeOf(9990, 1.15)).toBe(115); // CLP has no cents: 114.885 -> 115
  });

  it('never takes more than the cap, whatever is configured', () => {
    expect(marketplaceFeeOf(1000, 90)).toBe((1000 * MAX_MARKETPLACE_FEE_PERCENT) / 100);
  });
});
