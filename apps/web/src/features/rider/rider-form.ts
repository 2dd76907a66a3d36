/**
 * The rider register page's rules (post-order-and-logistics.md sections 4, 5 and 8): where the phone
 * intake leads, the form validations, and the messages of a failed lookup or shift change.
 */
import { DINER_SESSION_MESSAGES, MESSAGES, normalizePhone } from '@comanda/core';
import type { Rider } from '@comanda/core/contract';
import { isApiError } from '../../api/api.ts';
import type { RiderVariant } from './rider-paths.ts';

export type FormCheck<T> = { ok: true; value: T } | { ok: false; message: string };

/** The spec's register form fields. */
export interface RegisterFields {
  initPhone: string;
  registerPhone: string;
  name: string;
  securityCode: string;
}

/** The phone lookup's result: a rider, or none (the lookup answered 404). */
export type PhoneLookup = { found: true; rider: Pick<Rider, 'active'> } | { found: false };

/**
 * Phone intake redirects: log out an active rider, log in an inactive one, register an unknown phone.
 * The server tells the shift only to the rider's own phone (`active` null elsewhere): on another phone
 * the rider logs in, which takes the shift to this phone once her one-time code proves it.
 */
export function phoneIntakeTarget(
  lookup: PhoneLookup,
): Extract<RiderVariant, 'logIn' | 'logOut' | 'register'> {
  if (!lookup.found) return 'register';
  return lookup.rider.active ? 'logOut' : 'logIn';
}

/** A shift change the logIn and logOut variants offer: the `active` it sends, and its button. */
export interface ShiftAction {
  active: boolean;
  text: string;
  /** The form's submit (Enter sends it); the others are secondary buttons below it. */
  primary: boolean;
}

export const RESUME_SHIFT_HERE = 'Retomar turno en este teléfono';

/**
 * logIn starts a shift. logOut ends it, and below offers taking it to this phone: a rider on shift who
 * lost the session (a new phone) cannot end a shift that holds a shipment, so starting it again with the
 * code gives this phone a new shift token and signs the old one out.
 */
export function shiftActions(variant: Extract<RiderVariant, 'logIn' | 'logOut'>): ShiftAction[] {
  if (variant === 'logIn') return [{ active: true, text: MESSAGES.startShift, primary: true }];
  return [
    { active: false, text: MESSAGES.endShift, primary: true },
    { active: true, text: RESUME_SHIFT_HERE, primary: false },
  ];
}

const isBlank = (value: string) => value.trim() === '';

/** The intake's phone, as E.164 in the contact's country ('91160000001' in ar is '+5491160000001'). */
export function checkPhoneIntake(raw: string, country: string): FormCheck<string> {
  if (isBlank(raw)) return { ok: false, message: MESSAGES.allFieldsRequired };
  const phone = normalizePhone(raw, country);
  return phone ? { ok: true, value: phone } : { ok: false, message: MESSAGES.phoneNumberInvalid };
}

/** Section 5: all fields required, the phone valid, and both phone entries the same number. */
export function checkRegisterForm(
  fields: RegisterFields,
  country: string,
): FormCheck<{ name: string; phone: string; securityCode: string }> {
  if ([fields.initPhone, fields.registerPhone, fields.name, fields.securityCode].some(isBlank))
    return { ok: false, message: MESSAGES.allFieldsRequired };
  const phone = normalizePhone(fields.initPhone, country);
  const confirmation = normalizePhone(fields.registerPhone, country);
  if (!phone || !confirmation) return { ok: false, message: MESSAGES.phoneNumberInvalid };
  if (phone !== confirmation) return { ok: false, message: MESSAGES.phonesDoNotMatch };
  return {
    ok: true,
    value: { name: fields.name.trim().replace(/\s+/g, ' '), phone, securityCode: fields.securityCode.trim() },
  };
}

export function checkSecurityCode(securityCode: string): FormCheck<string> {
  return isBlank(securityCode)
    ? { ok: false, message: MESSAGES.allFieldsRequired }
    : { ok: true, value: securityCode.trim() };
}

/** Is this a failed lookup that means "not registered" (section 7: 404)? */
export function isRiderNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Section 8: a phone lookup failure other than 404. */
export function lookupErrorMessage(_error: unknown): string {
  return MESSAGES.genericRetry;
}

// the form's own checks, when the server repeats them, are not a wrong code
const FORM_MESSAGES: readonly string[] = [
  MESSAGES.allFieldsRequired,
  MESSAGES.phoneNumberInvalid,
  MESSAGES.phonesDoNotMatch,
  DINER_SESSION_MESSAGES.codeFormat,
];

const PHONE_CODE_ERRORS: readonly string[] = [
  'CODE_WRONG',
  'CODE_EXPIRED',
  'CODE_NOT_SENT',
  'MESSAGING_UNAVAILABLE',
];

/**
 * Section 8: creating or updating a rider; 400 is a wrong security code, anything else the retry text.
 * Two refusals the server explains keep their own words: too many wrong codes (429), and ending a
 * shift with a shipment in progress or registering a phone twice (409).
 */
export function shiftErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.genericRetry;
  if (PHONE_CODE_ERRORS.includes(error.code)) return error.message;
  if (error.status === 400)
    return FORM_MESSAGES.includes(error.message) ? error.message : MESSAGES.securityCodeWrong;
  if ((error.status === 409 || error.status === 429) && !error.code.startsWith('HTTP_')) return error.message;
  return MESSAGES.genericRetry;
}
