import { describe, expect, it } from 'vitest';
import { DINER_SESSION_MESSAGES, SignInVerifySchema } from '../contract/diner-session.ts';
import { formatPhoneForDisplay } from './phone-display.ts';
import {
  formatCountdown,
  formatSignInCode,
  nextSignInCodeAt,
  nextSignInCodeFromAddressAt,
  readSignInCode,
  SIGN_IN_CODE_TTL_MS,
  secondsUntil,
  signInCodeState,
} from './sign-in-code.ts';

const NOW = new Date('2026-11-18T15:00:00-03:00');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

describe('sign-in codes', () => {
  it.each([
    [0, '000000'],
    [4217, '004217'],
    [999_999, '999999'],
  ])('writes %i as the 6-digit code %s', (value, code) => {
    expect(formatSignInCode(value)).toBe(code);
  });

  it('refuses numbers that are not a 6-digit code', () => {
    for (const value of [-1, 1_000_000, 1.5, Number.NaN]) expect(() => formatSignInCode(value)).toThrow();
  });

  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['004217', '004217'],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
    ['１２３４５６', null],
    ['', null],
  ])('reads %j as %j', (typed, code) => {
    expect(readSignInCode(typed)).toBe(code);
  });

  it('is tried only while unused, within its 10 minutes and with guesses left', () => {
    const code = { expiresAt: new Date(NOW.getTime() + SIGN_IN_CODE_TTL_MS), usedAt: null, attempts: 0 };
    expect(signInCodeState(code, NOW)).toBe('LIVE');
    expect(signInCodeState({ ...code, attempts: 4 }, NOW)).toBe('LIVE');
    expect(signInCodeState({ ...code, attempts: 5 }, NOW)).toBe('LOCKED');
    expect(signInCodeState({ ...code, usedAt: NOW }, NOW)).toBe('USED');
    expect(signInCodeState({ ...code, expiresAt: NOW }, NOW)).toBe('EXPIRED');
    expect(signInCodeState(code, new Date(NOW.getTime() + SIGN_IN_CODE_TTL_MS - 1))).toBe('LIVE');
  });

  it.each([
    ['no code yet', [], null],
    ['one sent 2 minutes ago', [ago(2 * MINUTE)], null],
    ['one sent 20 seconds ago: a minute between codes', [ago(20_000)], new Date(NOW.getTime() + 40_000)],
    [
      'three in 10 minutes: the oldest must leave the window',
      [ago(2 * MINUTE), ago(5 * MINUTE), ago(8 * MINUTE)],
      new Date(NOW.getTime() + 2 * MINUTE),
    ],
    ['three, the oldest 11 minutes ago', [ago(2 * MINUTE), ago(5 * MINUTE), ago(11 * MINUTE)], null],
    [
      'ten in a day',
      Array.from({ length: 10 }, (_, i) => ago((i + 1) * 60 * MINUTE)),
      new Date(NOW.getTime() + 14 * 60 * MINUTE),
    ],
    [
      'ten, the oldest over a day ago',
      Array.from({ length: 10 }, (_, i) => ago((i + 1) * 150 * MINUTE)),
      null,
    ],
  ])('a phone with %s may ask again at %s', (_case, sent, at) => {
    expect(nextSignInCodeAt(sent as Date[], NOW)).toEqual(at);
  });

  it('counts the resend down in whole seconds', () => {
    expect(secondsUntil(NOW.getTime() + 59_001, NOW)).toBe(60);
    expect(secondsUntil(NOW, NOW)).toBe(0);
    expect(secondsUntil(ago(5_000), NOW)).toBe(0);
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(45)).toBe('0:45');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('takes the code with spaces, refusing anything but 6 digits with one message', () => {
    const base = { phone: '11 5555-0101' };
    expect(SignInVerifySchema.parse({ ...base, code: '123 456' }).code).toBe('123456');
    for (const code of ['12345', 'abcdef', '1234567'] as const) {
      const result = SignInVerifySchema.safeParse({ ...base, code });
      expect(result.error?.issues[0]?.message).toBe(DINER_SESSION_MESSAGES.codeFormat);
    }
    expect(SignInVerifySchema.safeParse({ phone: '', code: '123456' }).error?.issues[0]?.message).toBe(
      'Debe ingresar un número válido',
    );
  });

  it('says how many guesses are left', () => {
    expect(DINER_SESSION_MESSAGES.codeWrong(3)).toBe('El código no es correcto. Te quedan 3 intentos.');
    expect(DINER_SESSION_MESSAGES.codeWrong(1)).toBe('El código no es correcto. Te queda 1 intento.');
    expect(DINER_SESSION_MESSAGES.codeWrong(0)).toBe('El código no es correcto. Pedí uno nuevo.');
  });
});

describe('phones on the sign-in screen', () => {
  it.each([
    ['+5491155550101', '+54 9 11 5555 0101'],
    ['+56987654321', '+56 9 8765 4321'],
    ['not a phone', 'not a phone'],
  ])('shows %s as %s', (e164, shown) => {
    expect(formatPhoneForDisplay(e164)).toBe(shown);
  });
});

describe('code requests per address', () => {
  const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
  it("counts a stranger's requests apart from the diner's", () => {
    const stranger = [0.5, 2, 4].map((m) => ({ at: at(m), from: '203.0.113.5' }));
    expect(nextSignInCodeFromAddressAt(stranger, '203.0.113.5', NOW)).toEqual(
      new Date(at(4).getTime() + 10 * 60_000),
    );
    expect(nextSignInCodeFromAddressAt(stranger, '198.51.100.7', NOW)).toBeNull();
  });

  it('stops at 30 codes a day for a phone, whoever asks', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ at: at(60 + i), from: `10.0.${i}.1` }));
    const oldest = at(60 + 29);
    expect(nextSignInCodeFromAddressAt(many, '198.51.100.7', NOW)).toEqual(
      new Date(oldest.getTime() + 24 * 60 * 60_000),
    );
    expect(nextSignInCodeFromAddressAt(many.slice(1), '198.51.100.7', NOW)).toBeNull();
  });
});
