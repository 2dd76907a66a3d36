/**
 * How the card form shows what the diner types: the number in groups, the expiry as MM/AA, and which
 * field problems (core's cardFieldErrors) are shown yet. Pure, so the form and its tests share it.
 */
import { type CardBrand, type CardField, type CardFieldError, cardBrandOf } from '@comanda/core';

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  naranja: 'Naranja',
  cabal: 'Cabal',
};

/** American Express is printed 4-6-5 with 15 digits; the others in fours, up to 19 digits. */
export function formatCardNumberInput(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (cardBrandOf(digits) === 'amex') {
    const d = digits.slice(0, 15);
    return [d.slice(0, 4), d.slice(4, 10), d.slice(10)].filter(Boolean).join(' ');
  }
  return (
    digits
      .slice(0, 19)
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}

/**
 * 'MM/AA' as the diner types it: the slash appears with the third digit, so deleting it back works, and
 * a first digit above 1 can only be a month, so '4' reads as '04'.
 */
export function formatExpiryInput(text: string): string {
  let digits = text.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Digits only; four for American Express, three for the others. */
export function formatSecurityCodeInput(text: string, cardNumber: string): string {
  return text.replace(/\D/g, '').slice(0, securityCodeLength(cardNumber));
}

export function securityCodeLength(cardNumber: string): 3 | 4 {
  return cardBrandOf(cardNumber) === 'amex' ? 4 : 3;
}

/** Digits and the dots of a written DNI (30.123.456). */
export function formatDocumentInput(text: string): string {
  return text.replace(/[^\d.]/g, '').slice(0, 14);
}

/** The first problem of each field, for the fields whose problems are shown (left once, or all after a try). */
export function visibleFieldErrors(
  errors: readonly CardFieldError[],
  shown: ReadonlySet<CardField> | 'all',
): Partial<Record<CardField, string>> {
  const visible: Partial<Record<CardField, string>> = {};
  for (const { path, message } of errors) {
    if (visible[path] !== undefined) continue;
    if (shown === 'all' || shown.has(path)) visible[path] = message;
  }
  return visible;
}
