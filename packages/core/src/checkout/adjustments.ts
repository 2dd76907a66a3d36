import { type MoneyRounding, percentOf } from '../money.ts';

/** A general discount or surcharge of an order mode: PERCENT (value is a ratio) or FIXED (minor units). */
export interface AdjustmentRule {
  id: number;
  name: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  /**
   * Set on a partner's benefit (POST /api/external-benefits/{partner}): it is priced as a general
   * discount and its entry carries the spec's externalBenefitType.
   */
  externalBenefitType?: string | null;
}

/** An applied discount or surcharge as the order carries it (amount in minor units). */
export interface AppliedAdjustment {
  name: string;
  type: string;
  value: number;
  amount: number;
  referenceId: number | null;
}

/**
 * What a rule adds or takes off `base` (minor units); a discount never takes off more than the base.
 * A percentage is rounded by the shop's rounding; a fixed amount is the shop's own and stays as set.
 */
export function adjustmentAmount(
  rule: AdjustmentRule,
  base: number,
  kind: 'discount' | 'surcharge',
  rounding?: MoneyRounding | null,
): number {
  const raw =
    rule.type === 'PERCENT' ? percentOf(base, Math.max(0, rule.value), rounding) : Math.max(0, rule.value);
  return kind === 'discount' ? Math.min(raw, base) : raw;
}
