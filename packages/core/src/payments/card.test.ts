import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  CARD_FIELD_MESSAGES,
  type CardFields,
  cardBrandOf,
  cardFieldErrors,
  isCardExpired,
  isLuhnValid,
  parseCardExpiry,
} from './card.ts';
import { SANDBOX_TEST_CARDS, sandboxCardOutcome } from './sandbox-cards.ts';

const NOW = new Date('2026-11-18T18:00:00Z');
const good: CardFields = {
  cardNumber: '4509 9535 6623 3704',
  cardName: 'Lucía Fernández',
  cardExpiry: '11/30',
  cardSecurityCode: '123',
  cardDocument: '30.123.456',
};

describe('card checks', () => {
  it.each([
    ['4509 9535 6623 3704', true],
    ['4000000000000002', true],
    ['4000-0000-0000-3220', true],
    ['5031 7557 3453 0604', true],
    ['371180303257522', true],
    ['4509953566233705', false],
    ['1234', false],
    ['4509x53566233704', false],
    ['', false],
  ])('tells whether %s passes the Luhn check (%s)', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });

  it('knows the network by the first digits', () => {
    expect(cardBrandOf('4509953566233704')).toBe('visa');
    expect(cardBrandOf('5105105105105100')).toBe('master');
    expect(cardBrandOf('2221000000000009')).toBe('master');
    expect(cardBrandOf('371180303257522')).toBe('amex');
    expect(cardBrandOf('9999999999999995')).toBeNull();
  });

  it.each([
    ['11/30', { month: 11, year: 2030 }],
    ['11/2030', { month: 11, year: 2030 }],
    ['1130', { month: 11, year: 2030 }],
    [' 01 / 27 ', { month: 1, year: 2027 }],
    ['13/30', null],
    ['00/30', null],
    ['1/30', null],
    ['abc', null],
  ])('reads the expiry %s', (text, expected) => {
    expect(parseCardExpiry(text)).toEqual(expected);
  });

  it('keeps a card good through the last day of its month', () => {
    expect(isCardExpired({ month: 11, year: 2026 }, NOW)).toBe(false);
    expect(isCardExpired({ month: 10, year: 2026 }, NOW)).toBe(true);
    expect(isCardExpired({ month: 11, year: 2026 }, new Date('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it('accepts a well-filled card', () => {
    expect(cardFieldErrors(good, NOW)).toEqual([]);
  });

  it("says 'Este campo está incompleto' of every empty field", () => {
    const empty = { cardNumber: '', cardName: ' ', cardExpiry: '', cardSecurityCode: '', cardDocument: '' };
    const errors = cardFieldErrors(empty, NOW);
    expect(errors.map((e) => e.path)).toEqual([
      'cardNumber',
      'cardName',
      'cardExpiry',
      'cardSecurityCode',
      'cardDocument',
    ]);
    expect(new Set(errors.map((e) => e.message))).toEqual(new Set(['Este campo está incompleto']));
    expect(MESSAGES.fieldIncomplete).toBe('Este campo está incompleto');
  });

  it.each([
    [{ cardNumber: '4509953566233705' }, 'cardNumber', CARD_FIELD_MESSAGES.numberInvalid],
    [{ cardName: '1234' }, 'cardName', CARD_FIELD_MESSAGES.nameInvalid],
    [{ cardExpiry: '10/26' }, 'cardExpiry', 'La tarjeta está vencida.'],
    [{ cardExpiry: '99/99' }, 'cardExpiry', CARD_FIELD_MESSAGES.expiryInvalid],
    [{ cardSecurityCode: '12' }, 'cardSecurityCode', CARD_FIELD_MESSAGES.securityCodeInvalid],
    [
      { cardNumber: '371180303257522', cardSecurityCode: '123' },
      'cardSecurityCode',
      CARD_FIELD_MESSAGES.securityCodeInvalid,
    ],
    [{ cardDocument: 'abc' }, 'cardDocument', 'Ingrese un documento valido'],
  ] as const)('refuses %o at %s', (change, path, message) => {
    expect(cardFieldErrors({ ...good, ...change }, NOW)).toEqual([{ path, message }]);
  });

  it('keeps the spec’s card texts in the catalogue', () => {
    expect(MESSAGES.followUpCardFieldsInvalid).toBe('Debe completar correctamente los campos de su tarjeta');
    expect(MESSAGES.cardFieldsInvalid).toBe(
      'Debe completar correctamente los campos de la tarjeta para continuar.',
    );
    expect(MESSAGES.cardTokenFailed).toBe('Debe completar los campos de su tarjeta correctamente');
    expect(MESSAGES.cardPaymentFailed).toBe(
      'Hubo un error procesando su pago, vuelva a intentarlo en unos momentos',
    );
  });
});

describe('sandbox test cards', () => {
  it('are valid cards, one per outcome at least', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(isLuhnValid(card.number), card.number).toBe(true);
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => c.outcome))).toEqual(
      new Set(['APPROVED', 'REJECTED', 'PENDING']),
    );
  });

  it.each([
    ['4509 9535 6623 3704', 'APPROVED'],
    ['4000 0000 0000 0002', 'REJECTED'],
    ['4000 0000 0000 3220', 'PENDING'],
    ['5031 7557 3453 0604', 'APPROVED'],
  ])('answers %s with %s', (number, outcome) => {
    expect(sandboxCardOutcome(number).outcome).toBe(outcome);
  });
});
