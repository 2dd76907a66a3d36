/**
 * Card data the diner types (storefront.md 'Card inputs'; post-order-and-logistics.md section 5):
 * every field must be filled ('Este campo está incompleto'), and a card that fails these checks is
 * refused with 'Debe completar correctamente los campos de su tarjeta' before any provider sees it.
 */
import { MESSAGES } from '../messages.ts';

export interface CardFields {
  cardNumber: string;
  cardName: string;
  cardExpiry: string;
  cardSecurityCode: string;
  cardDocument: string;
}

export type CardField = keyof CardFields;

export interface CardFieldError {
  path: CardField;
  message: string;
}

/** Per-field texts of ours for a filled but wrong field (the spec quotes only the empty-field text). */
export const CARD_FIELD_MESSAGES = {
  numberInvalid: 'El número de tarjeta no es válido.',
  nameInvalid: 'Ingresá el nombre como figura en la tarjeta.',
  expiryInvalid: 'La fecha de vencimiento no es válida (MM/AA).',
  expired: 'La tarjeta está vencida.',
  securityCodeInvalid: 'El código de seguridad no es válido.',
  documentInvalid: MESSAGES.documentInvalid,
} as const;

export type CardBrand = 'visa' | 'master' | 'amex' | 'naranja' | 'cabal';

export const onlyDigits = (text: string): string => text.replace(/[\s-]/g, '');

/** The Luhn check digit test over 12 to 19 digits (spaces and dashes ignored). */
export function isLuhnValid(cardNumber: string): boolean {
  const digits = onlyDigits(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network by its first digits (what a provider's bin lookup answers as paymentMethodId). */
export function cardBrandOf(cardNumber: string): CardBrand | null {
  const digits = onlyDigits(cardNumber);
  if (/^589562/.test(digits)) return 'naranja';
  if (/^(6042|6043)/.test(digits)) return 'cabal';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'master';
  if (/^4/.test(digits)) return 'visa';
  return null;
}

/** 'MM/AA', 'MM/AAAA' or 'MMAA' as month and four-digit year; null when it is none of them. */
export function parseCardExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const yearText = match[2] as string;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isCardExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const firstDayAfter = Date.UTC(expiry.year, expiry.month, 1);
  return now.getTime() >= firstDayAfter;
}

/** Every problem of the typed card, field by field; an empty list means it may be tokenised. */
export function cardFieldErrors(fields: CardFields, now: Date): CardFieldError[] {
  const errors: CardFieldError[] = [];
  const add = (path: CardField, message: string) => errors.push({ path, message });
  for (const path of ['cardNumber', 'cardName', 'cardExpiry', 'cardSecurityCode', 'cardDocument'] as const) {
    if (!fields[path].trim()) add(path, MESSAGES.fieldIncomplete);
  }
  const filled = (path: CardField) => fields[path].trim() !== '';
  const number = onlyDigits(fields.cardNumber);
  if (filled('cardNumber') && !isLuhnValid(number)) add('cardNumber', CARD_FIELD_MESSAGES.numberInvalid);
  if (filled('cardName') && !/^[\p{L}][\p{L} .'-]{1,59}$/u.test(fields.cardName.trim()))
    add('cardName', CARD_FIELD_MESSAGES.nameInvalid);
  if (filled('cardExpiry')) {
    const expiry = parseCardExpiry(fields.cardExpiry);
    if (!expiry) add('cardExpiry', CARD_FIELD_MESSAGES.expiryInvalid);
    else if (isCardExpired(expiry, now)) add('cardExpiry', CARD_FIELD_MESSAGES.expired);
  }
  if (filled('cardSecurityCode')) {
    // American Express prints four digits on the front, the others three on the back
    const length = cardBrandOf(number) === 'amex' ? 4 : 3;
    if (!new RegExp(`^\\d{${length}}$`).test(fields.cardSecurityCode.trim()))
      add('cardSecurityCode', CARD_FIELD_MESSAGES.securityCodeInvalid);
  }
  if (filled('cardDocument') && !/^\d{6,12}$/.test(fields.cardDocument.replace(/[.\s-]/g, '')))
    add('cardDocument', CARD_FIELD_MESSAGES.documentInvalid);
  return errors;
}
