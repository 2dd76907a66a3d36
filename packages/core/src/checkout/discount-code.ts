import type { CartLine } from '../cart/cart.ts';
import { MESSAGES } from '../messages.ts';
import { type MoneyRounding, percentOf } from '../money.ts';

/** How long a limited-usage code stays applied (storefront.md section 9: 180000 ms). */
export const LIMITED_CODE_HOLD_MS = 180_000;

/** A discount code of a branch (storefront.md "Discount code info"); amounts in minor units. */
export interface DiscountCodeRule {
  id: number;
  code: string;
  /** PERCENT: value is a ratio (0.15); FIXED: value in minor units; FREE_DELIVERY: the delivery fee. */
  type: 'PERCENT' | 'FIXED' | 'FREE_DELIVERY';
  value: number;
  maximumDiscount: number | null;
  minimumOrderAmount: number | null;
  /** A plate that must be in the cart, with its name for the message. */
  plate: { id: number; name: string } | null;
  /** A category of which the cart must hold an item (matched by show name). */
  categoryName: string | null;
  firstTimeOnly: boolean;
  freeDelivery: boolean;
  limitedUsage: boolean;
}

export interface DiscountCodeContext {
  lines: readonly CartLine[];
  /** Products after menu discounts and general adjustments: the base of a percentage code. */
  productsPrice: number;
  isDelivery: boolean;
  /** Delivery fee of the chosen payment method before any code (0 when delivery is already free). */
  deliveryFee: number;
  /** The customer has no earlier order at this branch. */
  isFirstOrder: boolean;
  /** Formats minor units for the messages. */
  format: (minor: number) => string;
}

/** Why a code cannot be used on this order (the spec's conditions), or null when it can. */
export function discountCodeConditionError(rule: DiscountCodeRule, ctx: DiscountCodeContext): string | null {
  if (rule.minimumOrderAmount !== null && ctx.productsPrice < rule.minimumOrderAmount)
    return MESSAGES.codeMinimumOrder(ctx.format(rule.minimumOrderAmount));
  if (rule.plate && !ctx.lines.some((l) => l.referenceId === rule.plate?.id))
    return MESSAGES.codeRequiresPlate(rule.plate.name);
  const category = rule.categoryName?.trim().toLowerCase();
  if (category && !ctx.lines.some((l) => l.categoryShowName.trim().toLowerCase() === category))
    return MESSAGES.codeRequiresCategory(rule.categoryName ?? '');
  if (isFreeDeliveryCode(rule)) {
    if (!ctx.isDelivery) return MESSAGES.codeOnlyForDelivery;
    // the spec rejects a free-delivery code when delivery is already free
    if (ctx.deliveryFee <= 0) return MESSAGES.codeDeliveryAlreadyFree;
  }
  if (rule.firstTimeOnly && !ctx.isFirstOrder) return MESSAGES.codeFirstOrderOnly;
  return null;
}

export function isFreeDeliveryCode(rule: DiscountCodeRule): boolean {
  return rule.type === 'FREE_DELIVERY' || rule.freeDelivery;
}

/**
 * What a usable code takes off, in minor units: a percentage or fixed amount of the products (capped by
 * the code's maximum and never above the products), or, for a free-delivery code, the delivery fee of
 * the chosen payment method (storefront.md section 7). A percentage is rounded by the shop's rounding.
 */
export function discountCodeAmount(
  rule: DiscountCodeRule,
  ctx: Pick<DiscountCodeContext, 'productsPrice' | 'deliveryFee'>,
  rounding?: MoneyRounding | null,
): number {
  if (isFreeDeliveryCode(rule)) return Math.max(0, ctx.deliveryFee);
  const raw =
    rule.type === 'PERCENT'
      ? percentOf(ctx.productsPrice, Math.max(0, rule.value), rounding)
      : Math.max(0, rule.value);
  const capped = rule.maximumDiscount !== null ? Math.min(raw, rule.maximumDiscount) : raw;
  return Math.max(0, Math.min(capped, ctx.productsPrice));
}
