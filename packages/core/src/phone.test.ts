import { describe, expect, it } from 'vitest';
import { defaultPhoneCountry, normalizePhone, phoneCallingCode, phoneFromLink } from './phone.ts';

describe('phones', () => {
  it('normalises Argentine mobiles written the usual ways to E.164', () => {
    expect(normalizePhone('+54 9 11 5555-0101')).toBe('+5491155550101');
    expect(normalizePhone('9 11 5555-0101', 'ar')).toBe('+5491155550101');
    expect(normalizePhone('11 4823-1987', 'ar')).toBe('+541148231987');
    expect(normalizePhone('+56 9 8765 4321')).toBe('+56987654321');
  });

  it('refuses what is not a phone', () => {
    expect(normalizePhone('1234')).toBeNull();
    expect(normalizePhone('hola')).toBeNull();
    expect(normalizePhone('+54 11 1')).toBeNull();
  });

  it('defaults the country from the branch, else ar', () => {
    expect(defaultPhoneCountry('cl')).toBe('cl');
    expect(defaultPhoneCountry('de')).toBe('ar');
    expect(defaultPhoneCountry(undefined)).toBe('ar');
  });

  it('prefixes a link phone with the stored prefix', () => {
    expect(phoneFromLink('9 11 5555-0101', '+54')).toBe('+5491155550101');
    expect(phoneFromLink('+56987654321', '+54')).toBe('+56987654321');
    expect(phoneFromLink('5491155550101', '+54')).toBe('+5491155550101');
  });
});

describe('phoneCallingCode', () => {
  it('names each choice’s calling code', () => {
    expect(phoneCallingCode('ar')).toBe('+54');
    expect(phoneCallingCode('cl')).toBe('+56');
    expect(phoneCallingCode('us')).toBe('+1');
  });
});
