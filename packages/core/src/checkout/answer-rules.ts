/**
 * The API's answers (currency units) as core's rules (minor units): general adjustments, a validated
 * discount code, the delivery options of an address. Apart from the order payload, so a page that prices
 * its checkout does not load the payload builder until it places the order.
 */
import { toMinor } from '../money.ts';
import type { AdjustmentRule } from './adjustments.ts';
import type { DeliveryZoneRule } from './delivery-zone.ts';
import type { DiscountCodeRule } from './discount-code.ts';

/** General discounts or surcharges as the API lists them (FIXED in currency units) as core rules. */
export function adjustmentRulesOf(
  list: readonly { id: number; name: string; type: 'PERCENT' | 'FIXED'; value: number }[],
  decimals: number,
): AdjustmentRule[] {
  return list.map((a) => ({ ...a, value: a.type === 'FIXED' ? toMinor(a.value, decimals) : a.value }));
}

/** The answer of `POST /api/codediscounts/validate` (currency units) as core's code rule. */
export interface DiscountCodeInfo {
  id: number;
  code: string;
  type: 'PERCENT' | 'FIXED' | 'FREE_DELIVERY';
  value: number;
  minimumOrderAmount: number | null;
  plate: { id: number; name: string } | null;
  maximumDiscount: number | null;
  category: string | null;
  firstTimeOnly: boolean;
  freeDelivery: boolean;
  limitedUsage: boolean;
}

export function discountCodeRuleOf(info: DiscountCodeInfo, decimals: number): DiscountCodeRule {
  const minor = (units: number | null) => (units === null ? null : toMinor(units, decimals));
  return {
    id: info.id,
    code: info.code,
    type: info.type,
    value: info.type === 'FIXED' ? toMinor(info.value, decimals) : info.value,
    maximumDiscount: minor(info.maximumDiscount),
    minimumOrderAmount: minor(info.minimumOrderAmount),
    plate: info.plate,
    categoryName: info.category,
    firstTimeOnly: info.firstTimeOnly,
    freeDelivery: info.freeDelivery,
    limitedUsage: info.limitedUsage,
  };
}

/** The answer of `GET /api/branch/{id}/deliveryzones/fee` (currency units). */
export interface DeliveryOptions {
  inArea: boolean;
  providersFailed: boolean;
  ownLogistic: boolean;
  zoneName: string | null;
  deliveryFee: number | null;
  cashFee: number | null;
  acceptsCash: boolean;
  minimumOrderPrice: number | null;
  freeDeliveryFrom: number | null;
  /**
   * Not in the spec (issue 27): the zone's fee tiers by the products' total, for the cart to price
   * itself as it grows; `deliveryFee` and `cashFee` are already those of the address's distance.
   * Absent from older servers: no tiers.
   */
  totalTiers?: { fromTotal: number; deliveryFee: number; cashFee: number }[];
}

/**
 * The zone serving the diner's address as core's rule, from the delivery options the server found for
 * it (the server looked the polygon up; the fee rules are what pricing needs), or null out of area.
 */
export function deliveryZoneOfOptions(options: DeliveryOptions, decimals: number): DeliveryZoneRule | null {
  if (!options.inArea) return null;
  const minor = (units: number | null) => toMinor(units ?? 0, decimals);
  return {
    id: 0,
    name: options.zoneName ?? '',
    polygon: [],
    cashFee: minor(options.cashFee),
    otherFee: minor(options.deliveryFee),
    minimumOrder: minor(options.minimumOrderPrice),
    freeDeliveryFrom: options.freeDeliveryFrom === null ? null : minor(options.freeDeliveryFrom),
    acceptsCash: options.acceptsCash,
    priority: 0,
    totalTiers: (options.totalTiers ?? []).map((tier) => ({
      fromTotal: toMinor(tier.fromTotal, decimals),
      cashFee: toMinor(tier.cashFee, decimals),
      otherFee: toMinor(tier.deliveryFee, decimals),
    })),
  };
}
