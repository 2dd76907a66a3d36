/**
 * The one checkout composition: from a priced cart, the chosen payment, the zone, a code and points, to
 * every amount of the order and the reason a code or points cannot apply. The checkout screen shows it,
 * the server re-verifies placement with it, and the test helpers and the bench build their payloads with
 * it, so the diner is charged exactly what the screen said.
 */
import type { CartLine } from '../cart/cart.ts';
import { MESSAGES } from '../messages.ts';
import type { MoneyRounding } from '../money.ts';
import type { AdjustmentRule } from './adjustments.ts';
import { type DeliveryZoneRule, deliveryFeeOf } from './delivery-zone.ts';
import { type DiscountCodeRule, discountCodeConditionError } from './discount-code.ts';
import { type LoyaltyProgramRule, redemptionError } from './loyalty.ts';
import { computeOrderPrice, type OrderPrice, productsPriceOf, type ServiceFeeRule } from './order-price.ts';

/** Minor units one point pays: one currency unit (100 for ARS, 1 for CLP). */
export function pointValueOf(decimals: number): number {
  return 10 ** decimals;
}

/** A programme with the contacts it covers (empty: every contact of the branch). */
export interface BranchLoyaltyProgram extends LoyaltyProgramRule {
  branchContactIds: readonly number[];
}

/** The branch's programme when it is active and this contact takes part in it, else null. */
export function programForContact<P extends BranchLoyaltyProgram>(
  program: P | null | undefined,
  contactId: number,
): P | null {
  if (!program?.active) return null;
  const takesPart = program.branchContactIds.length === 0 || program.branchContactIds.includes(contactId);
  return takesPart ? program : null;
}

export interface CheckoutInput {
  /** The cart priced by repriceCart from the menu's prices and discounts. */
  lines: readonly CartLine[];
  generalDiscounts: readonly AdjustmentRule[];
  generalSurcharges: readonly AdjustmentRule[];
  serviceFee: ServiceFeeRule | null;
  isDelivery: boolean;
  /** The zone of the delivery address; null off delivery or while the address has none. */
  zone: DeliveryZoneRule | null;
  isCash: boolean;
  /** The code the diner applied (its rule), or null. */
  code: DiscountCodeRule | null;
  /** The customer has no earlier order here; true until the customer is known (checked again on placement). */
  isFirstOrder: boolean;
  /** The programme this contact takes part in (programForContact), or null. */
  program: LoyaltyProgramRule | null;
  redeemedPoints: number;
  /** The customer's points; the server passes its locked balance, or no limit before taking the lock. */
  balance: number;
  decimals: number;
  /**
   * How computed amounts are rounded: moneyRoundingOf(contact.currency, decimals,
   * contact.branch.generalConfig). Without one, to whole currency units, nearest (the demo's ARS rule).
   */
  rounding?: MoneyRounding | null;
  /** Formats minor units for the messages (the spec shows minimums without decimals). */
  format: (minor: number) => string;
}

export interface CheckoutComposition {
  price: OrderPrice;
  /** Items after menu discounts: what the minimum order and free delivery look at. */
  itemsPrice: number;
  /** The code when its conditions hold; a code with a problem is left out of the price. */
  appliedCode: DiscountCodeRule | null;
  codeProblem: string | null;
  /** The points that apply; 0 when they have a problem. */
  redeemedPoints: number;
  pointsProblem: string | null;
  pointValue: number;
  /** The rounding the amounts were computed with. */
  rounding: MoneyRounding;
}

export function composeCheckout(input: CheckoutInput): CheckoutComposition {
  const { lines, generalDiscounts, generalSurcharges, isDelivery, zone, isCash } = input;
  const pointValue = pointValueOf(input.decimals);
  const rounding = input.rounding ?? { step: pointValue, mode: 'NEAREST' };
  const { itemsPrice, productsPrice } = productsPriceOf(lines, generalDiscounts, generalSurcharges, rounding);
  const deliveryFee = isDelivery && zone ? deliveryFeeOf(zone, { isCash, itemsPrice }) : 0;

  const codeProblem = input.code
    ? discountCodeConditionError(input.code, {
        lines,
        productsPrice,
        isDelivery,
        deliveryFee,
        isFirstOrder: input.isFirstOrder,
        format: input.format,
      })
    : null;
  const appliedCode = codeProblem ? null : input.code;

  const priceWith = (redeemedPoints: number) =>
    computeOrderPrice({
      lines,
      generalDiscounts,
      generalSurcharges,
      code: appliedCode,
      redeemedPoints,
      pointValue,
      serviceFee: input.serviceFee,
      deliveryFee,
      rounding,
    });
  const price = priceWith(input.redeemedPoints);
  const pointsProblem = input.redeemedPoints === 0 ? null : redemptionProblem(input, appliedCode, price);
  return {
    price: pointsProblem ? priceWith(0) : price,
    itemsPrice,
    appliedCode,
    codeProblem,
    redeemedPoints: pointsProblem ? 0 : input.redeemedPoints,
    pointsProblem,
    pointValue,
    rounding,
  };
}

/** Why the points cannot pay part of this order, or null. */
function redemptionProblem(
  input: CheckoutInput,
  appliedCode: DiscountCodeRule | null,
  price: OrderPrice,
): string | null {
  const { program } = input;
  if (!program) return MESSAGES.loyaltyNoProgram;
  if (appliedCode && !program.supportsDiscounts) return MESSAGES.codeNotCombinableWithPoints(program.name);
  return redemptionError(input.redeemedPoints, program, {
    balance: input.balance,
    // the order amount is after the code and before points, so it does not depend on the points asked
    orderAmount: price.orderAmount,
    pointValue: pointValueOf(input.decimals),
  });
}
