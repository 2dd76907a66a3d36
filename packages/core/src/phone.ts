import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { withArgentineMobileNine } from './phone-countries.ts';

// the light rules (country choices, calling codes, link phones) live apart so a page can show the
// country picker without loading libphonenumber-js's metadata; this module still exports them all
export {
  defaultPhoneCountry,
  PHONE_COUNTRIES,
  PHONE_PLACEHOLDERS,
  type PhoneCountry,
  phoneCallingCode,
  phoneFromLink,
} from './phone-countries.ts';

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
