import { randomInt } from 'node:crypto';
import type { AdjustmentRule } from '@comanda/core';
import { fromMinor, toMinor } from '@comanda/core';
import {
  EXTERNAL_BENEFIT_GRANT_TTL_MS,
  EXTERNAL_BENEFIT_MESSAGES,
  type ExternalBenefit,
  type OrderPayload,
} from '@comanda/core/contract';
import { and, eq, inArray, lt } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PartnerBenefit } from '../../platform/external-benefits/index.ts';

/** Who a grant is for: a partner's member at one shop and mode type. */
export interface GrantHolder {
  partner: string;
  externalUserId: string;
  branchContactId: number;
  orderModeType: string;
}

const MAX_ID = 2_147_483_647;

/**
 * Records what a partner granted its member here (the grant's random id is the discount entry's
 * reference) and answers it in the spec's general-discount shape. Expired grants are dropped on the way.
 */
export async function grantBenefits(
  db: Db,
  holder: GrantHolder,
  benefits: readonly PartnerBenefit[],
  decimals: number,
  now: Date,
): Promise<ExternalBenefit[]> {
  await db.delete(t.externalBenefitGrants).where(lt(t.externalBenefitGrants.expiresAt, now));
  const expiresAt = new Date(now.getTime() + EXTERNAL_BENEFIT_GRANT_TTL_MS);
  const answer: ExternalBenefit[] = [];
  for (const benefit of benefits) {
    const value = benefit.type === 'FIXED' ? toMinor(benefit.value, decimals) : benefit.value;
    // a random id may meet one already taken (one in millions): another is drawn
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await db
        .insert(t.externalBenefitGrants)
        .values({
          id: randomInt(1, MAX_ID),
          ...holder,
          name: benefit.name,
          type: benefit.type,
          value,
          externalBenefitType: benefit.externalBenefitType,
          createdAt: now,
          expiresAt,
        })
        .onConflictDoNothing()
        .returning({ id: t.externalBenefitGrants.id });
      if (!row) continue;
      answer.push({
        id: row.id,
        name: benefit.name,
        type: benefit.type,
        value: benefit.type === 'FIXED' ? fromMinor(value, decimals) : value,
        externalBenefitType: benefit.externalBenefitType,
      });
      break;
    }
  }
  return answer;
}

/**
 * The benefits an order claims (its discount entries with an externalBenefitType), as core's rules from
 * the grants: each must have been granted to the order's partner and member (partnerName,
 * userExternalReference) at this shop and mode type, and not have ended. Anything else is refused.
 */
export async function claimedBenefits(
  db: Db,
  payload: OrderPayload,
  place: { branchContactId: number; orderModeType: string },
  now: Date,
): Promise<AdjustmentRule[]> {
  const claimed = (payload.discounts ?? []).filter((d) => d.externalBenefitType?.trim());
  if (claimed.length === 0) return [];
  const refuse = () =>
    new AppError('EXTERNAL_BENEFIT_INVALID', 409, EXTERNAL_BENEFIT_MESSAGES.invalidAtPlacement);
  const ids = claimed.map((d) => d.discountReferenceId);
  if (!payload.partnerName || !payload.userExternalReference || ids.some((id) => !Number.isInteger(id)))
    throw refuse();
  const rows = await db
    .select()
    .from(t.externalBenefitGrants)
    .where(
      and(
        inArray(t.externalBenefitGrants.id, ids as number[]),
        eq(t.externalBenefitGrants.partner, payload.partnerName),
        eq(t.externalBenefitGrants.externalUserId, payload.userExternalReference),
        eq(t.externalBenefitGrants.branchContactId, place.branchContactId),
        eq(t.externalBenefitGrants.orderModeType, place.orderModeType),
      ),
    );
  const live = rows.filter((row) => row.expiresAt > now);
  if (live.length !== new Set(ids).size || live.length !== claimed.length) throw refuse();
  // in the order the payload lists them, as the checkout priced them
  return (ids as number[]).map((id) => {
    const row = live.find((r) => r.id === id) as (typeof live)[number];
    return {
      id: row.id,
      name: row.name,
      type: row.type === 'FIXED' ? 'FIXED' : 'PERCENT',
      value: row.value,
      externalBenefitType: row.externalBenefitType,
    };
  });
}
