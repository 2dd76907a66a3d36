/**
 * Benefits partners (storefront.md sections 6 and 7): a partner's loyalty programme whose members reach
 * the storefront with an external user id and a bearer token. Asked which benefits a member has at a
 * shop and mode, a partner answers them as general discounts. Like every third party it sits behind this
 * interface, with an offline sandbox (sandbox-partner.ts) and an HTTP adapter for a real one
 * (http-partner.ts); tests point the adapter at a local fake.
 */
import type { OrderModeType } from '@comanda/core/contract';

export interface BenefitsRequest {
  externalUserId: string;
  /** The member's bearer token, handed on to the partner as it came. */
  token: string;
  branchId: number;
  branchContactId: number;
  orderModeType: OrderModeType;
}

/** A benefit as a partner grants it: PERCENT a ratio (0.1), FIXED in currency units. */
export interface PartnerBenefit {
  name: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  externalBenefitType: string;
}

export interface BenefitsPartner {
  /** The `{partner}` of the path and the order's partnerName. */
  readonly name: string;
  /** The member's benefits here (none is an empty list). Throws PartnerRefusedError or PartnerUnavailableError. */
  benefitsFor(request: BenefitsRequest): Promise<PartnerBenefit[]>;
}

/** The partner did not recognise the member's token. */
export class PartnerRefusedError extends Error {
  override readonly name = 'PartnerRefusedError';
}

/** The partner did not answer in time, answered an error, or answered something unreadable. */
export class PartnerUnavailableError extends Error {
  override readonly name = 'PartnerUnavailableError';
}

/** Whether a benefit is one the checkout can price: a ratio up to 100%, or a positive amount. */
export function isUsableBenefit(benefit: PartnerBenefit): boolean {
  if (!benefit.name.trim() || !benefit.externalBenefitType.trim() || !Number.isFinite(benefit.value))
    return false;
  return benefit.type === 'PERCENT'
    ? benefit.value > 0 && benefit.value <= 1
    : benefit.value > 0 && benefit.value <= 1_000_000_000;
}
