import { type CartLine, cartSubtotal } from '../cart/cart.ts';
import { type MoneyRounding, percentOf } from '../money.ts';
import { type AdjustmentRule, type AppliedAdjustment, adjustmentAmount } from './adjustments.ts';
import { type DiscountCodeRule, discountCodeAmount, isFreeDeliveryCode } from './discount-code.ts';

export interface ServiceFeeRule {
  /** Fixed part, minor units. */
  userFee: number;
  /** Share of the order amount (0.02 = 2%). */
  percentageUserFee: number;
}

export interface OrderPriceInput {
  /** The cart priced by repriceCart from the menu's prices and discounts. */
  lines: readonly CartLine[];
  /** The mode's general discounts, then the external-benefit user's benefits (priced alike). */
  generalDiscounts: readonly AdjustmentRule[];
  generalSurcharges: readonly AdjustmentRule[];
  /** A code whose conditions were checked (discountCodeConditionError), or null. */
  code: DiscountCodeRule | null;
  redeemedPoints: number;
  /** Minor units one point pays (one currency unit). */
  pointValue: number;
  serviceFee: ServiceFeeRule | null;
  /** The delivery fee of the chosen payment method, already zero when free (deliveryFeeOf); 0 off delivery. */
  deliveryFee: number;
  /**
   * How computed amounts (percentage shares) are rounded (moneyRoundingOf); without one, to a whole
   * minor unit. composeCheckout always passes one.
   */
  rounding?: MoneyRounding | null;
}

export interface AppliedDiscount extends AppliedAdjustment {
  code: string | null;
  /** A partner's benefit (the external-benefit user's discount), else null. */
  externalBenefitType: string | null;
}

/** Every amount of an order, in minor units. */
export interface OrderPrice {
  /** Items after menu discounts. */
  itemsPrice: number;
  surcharges: AppliedAdjustment[];
  /** General discounts, then the code's entry. */
  discounts: AppliedDiscount[];
  /** Items after general surcharges and discounts. */
  productsPrice: number;
  codeDiscount: number;
  /** What the products cost after the code: the base of the service fee and of the points cap. */
  orderAmount: number;
  pointsDiscount: number;
  userServiceFee: number;
  deliveryFee: number;
  total: number;
}

/** Products after general adjustments and a code, before points and fees: what the points cap and codes look at. */
export function productsPriceOf(
  lines: readonly CartLine[],
  generalDiscounts: readonly AdjustmentRule[],
  generalSurcharges: readonly AdjustmentRule[],
  rounding?: MoneyRounding | null,
) {
  const itemsPrice = cartSubtotal(lines);
  const surcharges = generalSurcharges.map((rule) =>
    applied(rule, adjustmentAmount(rule, itemsPrice, 'surcharge', rounding)),
  );
  // each discount takes off at most what is left, so the entries never add up to more than the items
  let left = itemsPrice + sum(surcharges);
  const discounts: AppliedDiscount[] = generalDiscounts.map((rule) => {
    const amount = Math.min(adjustmentAmount(rule, itemsPrice, 'discount', rounding), left);
    left -= amount;
    return { ...applied(rule, amount), code: null, externalBenefitType: rule.externalBenefitType ?? null };
  });
  const productsPrice = left;
  return { itemsPrice, surcharges, discounts, productsPrice };
}

/**
 * The one computation of an order's total (storefront.md section 9): items after surcharges and
 * discounts, minus the code discount, minus loyalty points, plus the service fee (fixed part plus its
 * percentage of the order amount), plus the delivery fee. A free-delivery code is a discount entry worth
 * the delivery fee, so the fee stays visible and the two cancel out. Every percentage share is rounded
 * by the shop's rounding (whole pesos for ARS), so each line and the total are amounts the menu shows.
 */
export function computeOrderPrice(input: OrderPriceInput): OrderPrice {
  const { itemsPrice, surcharges, discounts, productsPrice } = productsPriceOf(
    input.lines,
    input.generalDiscounts,
    input.generalSurcharges,
    input.rounding,
  );
  const deliveryFee = Math.max(0, input.deliveryFee);
  const code = input.code;
  const codeDiscount = code ? discountCodeAmount(code, { productsPrice, deliveryFee }, input.rounding) : 0;
  if (code) {
    discounts.push({
      name: code.code,
      type: isFreeDeliveryCode(code) ? 'FREE_DELIVERY' : code.type,
      value: code.value,
      amount: codeDiscount,
      referenceId: code.id,
      code: code.code,
      externalBenefitType: null,
    });
  }
  const orderAmount = productsPrice - (code && !isFreeDeliveryCode(code) ? codeDiscount : 0);
  const pointsDiscount = Math.min(orderAmount, Math.max(0, input.redeemedPoints) * input.pointValue);
  const userServiceFee = input.serviceFee
    ? input.serviceFee.userFee + percentOf(orderAmount, input.serviceFee.percentageUserFee, input.rounding)
    : 0;
  const total = productsPrice - codeDiscount - pointsDiscount + userServiceFee + deliveryFee;
  return {
    itemsPrice,
    surcharges,
    discounts,
    productsPrice,
    codeDiscount,
    orderAmount,
    pointsDiscount,
    userServiceFee,
    deliveryFee,
    total,
  };
}

function applied(rule: AdjustmentRule, amount: number): AppliedAdjustment {
  return { name: rule.name, type: rule.type, value: rule.value, amount, referenceId: rule.id };
}

function sum(entries: readonly { amount: number }[]): number {
  return entries.reduce((total, e) => total + e.amount, 0);
}
