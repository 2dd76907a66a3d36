/**
 * The loyalty reward (post-order-and-logistics.md sections 3, 4 and 5): a diner signs up with name, phone
 * and e-mail and the reward's points are credited once only. The claim row (reward, customer) is the
 * once: of two claims at the same time, the second waits for the first's row and then finds it there.
 */
import { MESSAGES, normalizePhone, REWARD_ALREADY_CLAIMED, rewardSignUpError } from '@comanda/core';
import {
  DINER_ACCOUNT_MESSAGES,
  type LoyaltyReward,
  type LoyaltyRewardClaim,
  type LoyaltySignUp,
} from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { DinerPrincipal } from '../../platform/auth/diner.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { findContact } from '../diner/queries.ts';
import { movePoints } from '../lifecycle/order-effects.ts';

const rewardNotFound = () => new AppError('REWARD_NOT_FOUND', 404, DINER_ACCOUNT_MESSAGES.rewardNotFound);

/** A reward with its programme; null when there is no such reward. */
async function findReward(db: Db, rewardId: number) {
  const [row] = await db
    .select({
      reward: t.loyaltyRewards,
      program: { name: t.loyaltyPrograms.name, active: t.loyaltyPrograms.active },
    })
    .from(t.loyaltyRewards)
    .leftJoin(t.loyaltyPrograms, eq(t.loyaltyPrograms.branchId, t.loyaltyRewards.branchId))
    .where(eq(t.loyaltyRewards.id, rewardId));
  return row ?? null;
}

async function hasClaimed(db: Db, rewardId: number, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ rewardId: t.loyaltyRewardClaims.rewardId })
    .from(t.loyaltyRewardClaims)
    .where(
      and(eq(t.loyaltyRewardClaims.rewardId, rewardId), eq(t.loyaltyRewardClaims.customerId, customerId)),
    );
  return row !== undefined;
}

/** The spec's Loyalty reward; `done` says whether the signed-in diner (if any) claimed it already. */
export async function loadLoyaltyReward(
  db: Db,
  rewardId: number,
  diner: DinerPrincipal | null,
): Promise<LoyaltyReward> {
  const found = await findReward(db, rewardId);
  if (!found) throw rewardNotFound();
  const { reward, program } = found;
  return {
    id: reward.id,
    reward: reward.reward,
    active: reward.active && Boolean(program?.active),
    branchId: reward.branchId,
    branchContactId: reward.branchContactId,
    done: diner ? await hasClaimed(db, reward.id, diner.customerId) : false,
    programName: program?.name ?? null,
  };
}

/**
 * Credits the reward's points to the signed-in diner, once. The phone of the path and of the form must be
 * the session's: a reward is points, and a phone nobody proved would let anyone credit any number.
 */
export async function claimLoyaltyReward(
  db: Db,
  request: { diner: DinerPrincipal; pathPhone: string; rewardId: number; signUp: LoyaltySignUp; now: Date },
): Promise<LoyaltyRewardClaim> {
  const { diner, rewardId, signUp, now } = request;
  const contact = await findContact(db, { id: signUp.branchContactId });
  if (!contact?.active) throw notFound(DINER_ACCOUNT_MESSAGES.contactNotFound);
  const problem = rewardSignUpError(signUp, contact.country);
  if (problem) throw badRequest(problem);
  const phones = [signUp.phone, request.pathPhone].map((raw) => normalizePhone(raw, contact.country));
  if (phones.some((phone) => phone === null)) throw badRequest(MESSAGES.phoneNumberInvalid);
  if (phones.some((phone) => phone !== diner.phone))
    throw new AppError('FORBIDDEN', 403, DINER_ACCOUNT_MESSAGES.notYourPhone);

  const found = await findReward(db, rewardId);
  if (!found?.reward.active) throw rewardNotFound();
  const { reward, program } = found;
  if (signUp.loyaltyRewardId !== reward.id) throw badRequest(DINER_ACCOUNT_MESSAGES.rewardMismatch);
  if (
    signUp.branchId !== reward.branchId ||
    contact.branchId !== reward.branchId ||
    (reward.branchContactId !== null && reward.branchContactId !== contact.id)
  )
    throw new AppError('REWARD_NOT_HERE', 400, DINER_ACCOUNT_MESSAGES.rewardNotHere);
  if (!program) throw rewardNotFound();
  if (!program.active)
    throw new AppError('LOYALTY_INACTIVE', 409, MESSAGES.loyaltyProgramInactive(program.name));

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(t.loyaltyRewardClaims)
      .values({ rewardId: reward.id, customerId: diner.customerId, createdAt: now })
      .onConflictDoNothing()
      .returning({ rewardId: t.loyaltyRewardClaims.rewardId });
    if (claimed.length === 0)
      throw new AppError(REWARD_ALREADY_CLAIMED, 409, MESSAGES.loyaltyRewardAlreadyClaimed);
    const moved = await movePoints(tx, {
      customerId: diner.customerId,
      branchId: reward.branchId,
      orderId: null,
      orderCode: null,
      reason: 'REWARD',
      amount: reward.reward,
      now,
    });
    // the sign-up is the diner's own, verified: it names the diner's profile at this business
    const named = { name: signUp.name.trim(), email: signUp.email.trim(), updatedAt: now };
    await tx
      .insert(t.customerProfiles)
      .values({ customerId: diner.customerId, branchId: reward.branchId, ...named, createdAt: now })
      .onConflictDoUpdate({
        target: [t.customerProfiles.customerId, t.customerProfiles.branchId],
        set: named,
      });
    return { rewardId: reward.id, points: reward.reward, balance: moved?.balance ?? 0 };
  });
}
