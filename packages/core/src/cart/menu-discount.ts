import { type CurrencyInfo, formatMoney, roundMinor, toMinor } from '../money.ts';
import { formatDecimal } from '../number-format.ts';

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

/**
 * What one unit costs after the menu discount, extras included: exactly what priceLine charges for a
 * line of one unit. A MULTIPLE rule (3x2) frees units only by complete groups, so one unit keeps its
 * price (the promotion is told by its pill instead).
 */
export function discountedUnitPrice(
  rule: MenuDiscountRule | undefined,
  basePrice: number,
  extrasPrice = 0,
): number {
  return basePrice + extrasPrice - lineDiscountAmount(rule, { basePrice, extrasPrice, quantity: 1 });
}

/**
 * Text of a discount pill: '-20%' for a percentage, the amount one unit saves for a fixed discount or
 * a final price ('-$500', '-$700': exact, where a rounded percentage would overstate), 'Llevá 3, pagá 2'
 * for a quantity promotion. None on a zero price (the spec hides it) or when one unit saves nothing.
 */
export function discountPillText(
  rule: MenuDiscountRule | undefined,
  basePrice: number,
  currency: CurrencyInfo,
  extrasPrice = 0,
): string | null {
  if (!rule || basePrice <= 0) return null;
  if (rule.type === 'MULTIPLE')
    return multipleFreeUnits(rule, rule.buy ?? 0) > 0 ? `Llevá ${rule.buy}, pagá ${rule.pay}` : null;
  const saved = basePrice + extrasPrice - discountedUnitPrice(rule, basePrice, extrasPrice);
  if (saved <= 0) return null;
  if (rule.type === 'PERCENT') {
    const pct = clamp(rule.percentage ?? 0, 0, 100);
    return `-${Number.isInteger(pct) ? pct : formatDecimal(pct, 1)}%`;
  }
  return `-${formatMoney(saved, currency)}`;
}

/** One unit of a plate as every screen shows it (amounts in minor units). */
export interface MenuUnitPrice {
  /** What the diner pays for one unit. */
  price: number;
  /** The unit price before the discount, struck through; null when the discount does not lower it. */
  originalPrice: number | null;
  /** The discount's pill; null without a discount to tell. */
  pill: string | null;
}

/**
 * The price row of a plate's unit: the paid price, the original when lower, and the pill. A 3x2 keeps
 * the unit price with its pill; the cart line shows what the group saves once complete.
 */
export function menuUnitPrice(
  rule: MenuDiscountRule | undefined,
  basePrice: number,
  currency: CurrencyInfo,
  extrasPrice = 0,
): MenuUnitPrice {
  const original = basePrice + extrasPrice;
  const price = discountedUnitPrice(rule, basePrice, extrasPrice);
  return {
    price,
    originalPrice: price < original ? original : null,
    pill: discountPillText(rule, basePrice, currency, extrasPrice),
  };
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
