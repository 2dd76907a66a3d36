/**
 * The loyalty reward sign-up (post-order-and-logistics.md sections 4, 5 and 8): name, phone and e-mail,
 * checked the same way on the form and on the server, and how a failed claim reads to the diner.
 */
import { MESSAGES } from '../messages.ts';
import { normalizePhone } from '../phone.ts';

export interface RewardSignUpFields {
  name: string;
  phone: string;
  email: string;
}

/** Same shape test as the checkout's e-mail check. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Why the sign-up cannot be sent, or null. Every field is required first (one message for all), then the
 * phone must be a valid number of `country` (or carry its own +prefix), then the e-mail must look like one.
 */
export function rewardSignUpError(fields: RewardSignUpFields, country: string): string | null {
  if (!fields.name.trim() || !fields.phone.trim() || !fields.email.trim()) return MESSAGES.allFieldsRequired;
  if (normalizePhone(fields.phone, country) === null) return MESSAGES.phoneNumberInvalid;
  if (!EMAIL.test(fields.email.trim())) return MESSAGES.emailInvalid;
  return null;
}

/** The machine code of the server's answer to a second claim of the same reward by the same diner. */
export const REWARD_ALREADY_CLAIMED = 'REWARD_ALREADY_CLAIMED';

/**
 * What a failed claim tells the diner (section 8): 'Ya ha canjeado este premio' when the server says the
 * claim already exists, otherwise the generic retry text.
 */
export function rewardClaimFailureMessage(error: { code?: string; message?: string }): string {
  if (error.code === REWARD_ALREADY_CLAIMED || /already exists/i.test(error.message ?? ''))
    return MESSAGES.loyaltyRewardAlreadyClaimed;
  return MESSAGES.loyaltyRewardClaimFailed;
}

/** 'Puntos Mateo' earns 5% of each order: the programme's ratio as the percent the screen shows. */
export function orderPercentageText(ratio: number): string {
  const percent = Math.round(ratio * 100 * 100) / 100;
  return `${String(percent).replace('.', ',')}%`;
}
