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
 * Argentine mobiles carry a 9 after +54 in E.164, but people type them as a local number ('11 5555-0101')
 * that also reads as a valid landline. Every phone we store is a diner's, a rider's or a shop's WhatsApp,
 * that is a mobile, so a 10-digit Argentine number without the 9 gets it: one person, one phone.
 */
function withArgentineMobileNine(e164: string): string {
  return /^\+54[1-8]\d{9}$/.test(e164) ? `+549${e164.slice(3)}` : e164;
}

/**
 * A phone as E.164 ('+5491155550101'), or null when it is not a valid number. National numbers are read
 * in `country`; a number written with its + prefix keeps its own country. Argentine numbers are read as
 * mobiles: '11 5555-0101', '011 15 5555-0101' and '+54 11 5555 0101' are all '+5491155550101'.
 */
export function normalizePhone(raw: string, country: string = 'ar'): string | null {
  const cleaned = raw.replace(/[^\d+]/g, '');
  if (cleaned.length < 6 || cleaned.length > 20) return null;
  const parsed = parsePhoneNumberFromString(cleaned, country.toUpperCase() as CountryCode);
  if (!parsed?.isValid()) return null;
  return withArgentineMobileNine(parsed.number);
}

/** The spec's phone from a link: cleaned and prefixed with the stored phone prefix when it has none. */
export function phoneFromLink(raw: string, phonePrefix: string): string {
  const digits = raw.replace(/\D/g, '');
  if (raw.trim().startsWith('+')) return withArgentineMobileNine(`+${digits}`);
  const prefixDigits = phonePrefix.replace(/\D/g, '');
  return withArgentineMobileNine(
    digits.startsWith(prefixDigits) ? `+${digits}` : `+${prefixDigits}${digits}`,
  );
}

/** '+54' for ar: what the phone country picker shows beside each country. */
export function phoneCallingCode(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country.toUpperCase() as CountryCode)}`;
}
