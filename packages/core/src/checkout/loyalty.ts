import { MESSAGES } from '../messages.ts';
import { roundMinor } from '../money.ts';

/** A branch's loyalty programme (storefront.md section 3). One point is one currency unit. */
export interface LoyaltyProgramRule {
  name: string;
  active: boolean;
  /** Share of the order earned as points (0.05 = 5%). */
  orderPercentage: number;
  minRedeemedPoints: number;
  maxRedeemedPoints: number | null;
  /** Share of the order amount points may pay at most (0.3 = 30%). */
  maxRedeemedPercentage: number | null;
  supportsDiscounts: boolean;
}

export interface RedemptionContext {
  balance: number;
  /** The order amount points may pay for, in minor units (products after discounts and code). */
  orderAmount: number;
  /** Minor units in one currency unit (100 for ARS, 1 for CLP): one point pays this much. */
  pointValue: number;
}

/** Points the percentage cap allows: whole points, rounded down. */
function percentageCap(program: LoyaltyProgramRule, ctx: RedemptionContext): number {
  if (program.maxRedeemedPercentage === null) return Number.POSITIVE_INFINITY;
  // the nudge absorbs float error, as in pointsEarned: 180 * 0.35 is 62.99999999999999, not 63
  return Math.floor((ctx.orderAmount * program.maxRedeemedPercentage) / ctx.pointValue + 1e-9);
}

/** The redeem modal's starting value: the smallest of balance, maximum points and the percentage cap. */
export function initialRedeemValue(program: LoyaltyProgramRule, ctx: RedemptionContext): number {
  const max = program.maxRedeemedPoints ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(ctx.balance, max, percentageCap(program, ctx)));
}

/** Why `points` cannot be redeemed on this order, or null (storefront.md section 5, "Loyalty redeem"). */
export function redemptionError(
  points: number,
  program: LoyaltyProgramRule,
  ctx: RedemptionContext,
): string | null {
  if (!Number.isInteger(points) || points < 0) return MESSAGES.loyaltyPointsInvalid(program.name);
  if (points === 0) return null;
  if (!program.active) return MESSAGES.loyaltyProgramInactive(program.name);
  if (points > ctx.balance) return MESSAGES.loyaltyAboveBalance(program.name, ctx.balance);
  if (program.maxRedeemedPoints !== null && points > program.maxRedeemedPoints)
    return MESSAGES.loyaltyAboveMaximum(program.name, program.maxRedeemedPoints);
  if (program.maxRedeemedPercentage !== null && points > percentageCap(program, ctx))
    return MESSAGES.loyaltyAbovePercentage(program.name, roundMinor(program.maxRedeemedPercentage * 100));
  if (points < program.minRedeemedPoints)
    return MESSAGES.loyaltyBelowMinimum(program.name, program.minRedeemedPoints);
  return null;
}

/** Points an order earns: its share of what the diner paid for products, in whole points (rounded down). */
export function pointsEarned(program: LoyaltyProgramRule, paidProducts: number, pointValue: number): number {
  if (!program.active || program.orderPercentage <= 0 || paidProducts <= 0) return 0;
  return Math.floor((paidProducts * program.orderPercentage) / pointValue + 1e-9);
}
