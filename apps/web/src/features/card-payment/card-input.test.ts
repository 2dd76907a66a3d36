import { cardFieldErrors, MESSAGES } from '@comanda/core';
import { describe, expect, it } from 'vitest';
import {
  formatCardNumberInput,
  formatDocumentInput,
  formatExpiryInput,
  formatSecurityCodeInput,
  visibleFieldErrors,
} from './card-input.ts';
import { EMPTY_CARD } from './card-payment-api.ts';

describe('card input formatting', () => {
  it.each([
    ['4509953566233704', '4509 9535 6623 3704'],
    ['4509-9535 66', '4509 9535 66'],
    ['45099535662337041234567', '4509 9535 6623 3704 123'],
    ['371180303257522', '3711 803032 57522'],
    ['3711803032575229999', '3711 803032 57522'],
    ['abc', ''],
  ])('groups the card number %s as %s', (typed, shown) => {
    expect(formatCardNumberInput(typed)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['11', '11'],
    ['113', '11/3'],
    ['11/30', '11/30'],
    ['4', '04'],
    ['430', '04/30'],
    ['11/3099', '11/30'],
  ])('writes the expiry %s as %s', (typed, shown) => {
    expect(formatExpiryInput(typed)).toBe(shown);
  });

  it('keeps three security digits, four for American Express', () => {
    expect(formatSecurityCodeInput('12a34', '4509 9535 6623 3704')).toBe('123');
    expect(formatSecurityCodeInput('12a34', '3711 803032 57522')).toBe('1234');
  });

  it('keeps the digits and dots of a document', () => {
    expect(formatDocumentInput('30.123.456 x')).toBe('30.123.456');
  });
});

describe('visibleFieldErrors', () => {
  const now = new Date('2026-11-18T18:00:00Z');
  const errors = cardFieldErrors({ ...EMPTY_CARD, cardNumber: '4509 9535 6623 3705' }, now);

  it('shows only the problems of fields the diner left', () => {
    expect(visibleFieldErrors(errors, new Set(['cardNumber']))).toEqual({
      cardNumber: 'El número de tarjeta no es válido.',
    });
  });

  it("shows every field's first problem after a try to pay", () => {
    const visible = visibleFieldErrors(errors, 'all');
    expect(Object.keys(visible).sort()).toEqual([
      'cardDocument',
      'cardExpiry',
      'cardName',
      'cardNumber',
      'cardSecurityCode',
    ]);
    expect(visible.cardName).toBe(MESSAGES.fieldIncomplete);
    expect(visible.cardNumber).toBe('El número de tarjeta no es válido.');
  });
});
