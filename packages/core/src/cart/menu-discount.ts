import { type CurrencyInfo, formatMoney, roundMinor, toMinor } from '../money.ts';

/**
 * Menu discounts (storefront.md section 3), amounts in minor units:
 * - PERCENT: `percentage` % off the unit price (size or base, plus extras);
 * - FIXED: `fixedDiscount` off each unit, never below zero;
 * - MULTIPLE: buy `buy`, pay `pay`: every complete group of `buy` units has `buy - pay` units free
 *   (in a cart, the units of all the rule's plates count together: see repriceCart);
 * - FINAL_PRICE: the size or base price becomes `finalPrice` (extras are still charged).
 */
export type MenuDiscountType = 'PERCENT' | 'FIXED' | 'MULTIPLE' | 'FINAL_PRICE';

export interface MenuDiscountRule {
  id: number;
  type: MenuDiscountType;
  percentage?: number | null;
  fixedDiscount?: number | null;
  buy?: number | null;
  pay?: number | null;
  finalPrice?: number | null;
  plates: number[];
}

export function findPlateDiscount(
  discounts: readonly MenuDiscountRule[],
  plateId: number,
): MenuDiscountRule | undefined {
  return discounts.find((d) => d.plates.includes(plateId));
}

export interface DiscountInput {
  /** Size or base price of one unit. */
  basePrice: number;
  /** Extras of one unit. */
  extrasPrice: number;
  quantity: number;
}

/** Discount of a whole line, in minor units; 0 when the rule does not apply. */
export function lineDiscountAmount(rule: MenuDiscountRule | undefined, input: DiscountInput): number {
  if (!rule) return 0;
  const unit = input.basePrice + input.extrasPrice;
  const q = Math.max(0, Math.floor(input.quantity));
  switch (rule.type) {
    case 'PERCENT': {
      const pct = clamp(rule.percentage ?? 0, 0, 100);
      return roundMinor((unit * q * pct) / 100);
    }
    case 'FIXED':
      return Math.min(Math.max(0, rule.fixedDiscount ?? 0), unit) * q;
    case 'FINAL_PRICE': {
      if (rule.finalPrice === null || rule.finalPrice === undefined) return 0;
      return Math.max(0, input.basePrice - Math.max(0, rule.finalPrice)) * q;
    }
    case 'MULTIPLE':
      return multipleFreeUnits(rule, q) * unit;
  }
}

/** Units a MULTIPLE rule (buy N, pay M) makes free among `units` units; 0 for a malformed rule. */
export function multipleFreeUnits(rule: MenuDiscountRule, units: number): number {
  const buy = rule.buy ?? 0;
  const pay = rule.pay ?? 0;
  if (rule.type !== 'MULTIPLE' || buy < 1 || pay < 0 || pay >= buy) return 0;
  return Math.floor(Math.max(0, Math.floor(units)) / buy) * (buy - pay);
}

/** Price of one unit as a dish card shows it (MULTIPLE does not change the unit price). */
export function discountedUnitPrice(rule: MenuDiscountRule | undefined, basePrice: number): number {
  if (!rule || rule.type === 'MULTIPLE') return basePrice;
  return basePrice - lineDiscountAmount(rule, { basePrice, extrasPrice: 0, quantity: 1 });
}

/** Text of the discount pill of a dish card; none when the price is zero (the spec hides it). */
export function discountPillText(
  rule: MenuDiscountRule | undefined,
  basePrice: number,
  currency: CurrencyInfo,
): string | null {
  if (!rule || basePrice <= 0) return null;
  switch (rule.type) {
    case 'PERCENT':
      return rule.percentage ? `-${rule.percentage}%` : null;
    case 'FIXED':
      return rule.fixedDiscount ? `-${formatMoney(rule.fixedDiscount, currency)}` : null;
    case 'MULTIPLE':
      return rule.buy && rule.pay !== null && rule.pay !== undefined ? `${rule.buy}x${rule.pay}` : null;
    case 'FINAL_PRICE': {
      const saved = discountedUnitPrice(rule, basePrice);
      return saved < basePrice ? `-${Math.round(((basePrice - saved) / basePrice) * 100)}%` : null;
    }
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A menu discount as the API answers it (`GET /api/diner/{branchId}/discounts`): amounts in currency units. */
export interface MenuDiscountAnswer {
  id: number;
  type: MenuDiscountType;
  percentage: number | null;
  fixedDiscount: number | null;
  buy: number | null;
  pay: number | null;
  finalPrice: number | null;
  plates: number[];
}

/** The API's menu discounts as core rules (minor units): what the cart and the server price with. */
export function discountRulesOf(
  discounts: readonly MenuDiscountAnswer[],
  decimals: number,
): MenuDiscountRule[] {
  const minor = (units: number | null) => (units === null ? null : toMinor(units, decimals));
  return discounts.map((d) => ({
    id: d.id,
    type: d.type,
    percentage: d.percentage,
    fixedDiscount: minor(d.fixedDiscount),
    buy: d.buy,
    pay: d.pay,
    finalPrice: minor(d.finalPrice),
    plates: d.plates,
  }));
}
