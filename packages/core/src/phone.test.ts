import { type CountryCode, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import {
  defaultPhoneCountry,
  normalizePhone,
  PHONE_COUNTRIES,
  phoneCallingCode,
  phoneFromLink,
} from './phone.ts';

describe('phones', () => {
  // the forms Argentine diners type for one mobile all reach the same E.164 number, with its 9
  it.each([
    ['+54 9 11 5555-0101', 'ar', '+5491155550101'],
    ['9 11 5555-0101', 'ar', '+5491155550101'],
    ['11 5555-0101', 'ar', '+5491155550101'],
    ['11-5555-0101', 'ar', '+5491155550101'],
    ['1155550101', 'ar', '+5491155550101'],
    ['011 15 5555-0101', 'ar', '+5491155550101'],
    ['011 4823-1987', 'ar', '+5491148231987'],
    ['+54 11 5555 0101', 'ar', '+5491155550101'],
    ['541155550101', 'ar', '+5491155550101'],
    ['5491155550101', 'ar', '+5491155550101'],
    ['0351 15 555-0101', 'ar', '+5493515550101'],
    ['351 555-0101', 'ar', '+5493515550101'],
    ['2234 55-0101', 'ar', '+5492234550101'],
    ['+54 9 11 5555-0101', 'cl', '+5491155550101'],
    ['+56 9 8765 4321', 'ar', '+56987654321'],
    ['9 8765 4321', 'cl', '+56987654321'],
    ['099 123 456', 'uy', '+59899123456'],
    ['55 1234 5678', 'mx', '+525512345678'],
  ])('%s typed in %s is %s', (typed, country, e164) => {
    expect(normalizePhone(typed, country)).toBe(e164);
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
    expect(phoneFromLink('1155550101', '+54')).toBe('+5491155550101');
  });
});

describe('phoneCallingCode', () => {
  it('names each choice’s calling code', () => {
    expect(phoneCallingCode('ar')).toBe('+54');
    expect(phoneCallingCode('cl')).toBe('+56');
    expect(phoneCallingCode('us')).toBe('+1');
  });

  // the table keeps libphonenumber-js's metadata out of the checkout's first load: it must agree with it
  it.each(PHONE_COUNTRIES)('%s matches libphonenumber-js', (country) => {
    expect(phoneCallingCode(country)).toBe(`+${getCountryCallingCode(country.toUpperCase() as CountryCode)}`);
  });
});
