import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Phone country choices of the spec, in its order; the default comes from the branch country, else ar. */
export const PHONE_COUNTRIES = [
  'ar',
  'uy',
  'cl',
  'co',
  'pe',
  'br',
  've',
  'py',
  'mx',
  'ec',
  'bo',
  'us',
] as const;
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];

export function defaultPhoneCountry(branchCountry: string | null | undefined): PhoneCountry {
  const code = (branchCountry ?? '').toLowerCase();
  return (PHONE_COUNTRIES as readonly string[]).includes(code) ? (code as PhoneCountry) : 'ar';
}

/**
 * A phone as E.164 ('+5491155550101'), or null when it is not a valid number. National numbers are read
 * in `country`; a number written with its + prefix keeps its own country.
 */
export function normalizePhone(raw: string, country: string = 'ar'): string | null {
  const cleaned = raw.replace(/[^\d+]/g, '');
  if (cleaned.length < 6 || cleaned.length > 20) return null;
  const parsed = parsePhoneNumberFromString(cleaned, country.toUpperCase() as CountryCode);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** The spec's phone from a link: cleaned and prefixed with the stored phone prefix when it has none. */
export function phoneFromLink(raw: string, phonePrefix: string): string {
  const digits = raw.replace(/\D/g, '');
  if (raw.trim().startsWith('+')) return `+${digits}`;
  const prefixDigits = phonePrefix.replace(/\D/g, '');
  return digits.startsWith(prefixDigits) ? `+${digits}` : `+${prefixDigits}${digits}`;
}

/** '+54' for ar: what the phone country picker shows beside each country. */
export function phoneCallingCode(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country.toUpperCase() as CountryCode)}`;
}
