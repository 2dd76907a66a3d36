/**
 * The platform's own fee on an order paid online through a shop's account (Mercado Pago's
 * `application_fee` / `marketplace_fee`): a percent of the order's total, in its minor units, rounded to
 * the nearest unit. The shop receives the rest; 0 % (the default) keeps nothing.
 */
export const MAX_MARKETPLACE_FEE_PERCENT = 30;

export function marketplaceFeeOf(totalMinor: number, percent: number): number {
  if (!Number.isInteger(totalMinor) || totalMinor <= 0) return 0;
  if (!Number.isFinite(percent) || percent <= 0) return 0;
  const bounded = Math.min(percent, MAX_MARKETPLACE_FEE_PERCENT);
  // percent to basis points first, so 2.5 % of 1000 is 25 exactly, not 24.999…
  return Math.round((totalMinor * Math.round(bounded * 100)) / 10_000);
}
