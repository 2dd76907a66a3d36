/**
 * The light half of the phone rules: country choices, calling codes and link phones, with no phone
 * metadata. A page that only shows the country picker (the checkout's first load) imports this much;
 * `normalizePhone` (phone.ts) brings libphonenumber-js's metadata, some 30 KB gzip, with it.
 */

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

/** Each choice's international calling code (ITU-T E.164; phone.test.ts checks it against libphonenumber-js). */
const CALLING_CODES: Record<PhoneCountry, string> = {
  ar: '54',
  uy: '598',
  cl: '56',
  co: '57',
  pe: '51',
  br: '55',
  ve: '58',
  py: '595',
  mx: '52',
  ec: '593',
  bo: '591',
  us: '1',
};

export function defaultPhoneCountry(branchCountry: string | null | undefined): PhoneCountry {
  const code = (branchCountry ?? '').toLowerCase();
  return (PHONE_COUNTRIES as readonly string[]).includes(code) ? (code as PhoneCountry) : 'ar';
}

/**
 * Argentine mobiles carry a 9 after +54 in E.164, but people type them as a local number ('11 5555-0101')
 * that also reads as a valid landline. Every phone we store is a diner's, a rider's or a shop's WhatsApp,
 * that is a mobile, so a 10-digit Argentine number without the 9 gets it: one person, one phone.
 */
export function withArgentineMobileNine(e164: string): string {
  return /^\+54[1-8]\d{9}$/.test(e164) ? `+549${e164.slice(3)}` : e164;
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
  return `+${CALLING_CODES[country]}`;
}

/**
 * One way to show an example phone per country, on every phone field (checkout, sign-in, riders):
 * Argentina's is the spec's rider placeholder, a mobile with its 9, which every field reads.
 */
export const PHONE_PLACEHOLDERS: Readonly<Partial<Record<string, string>>> = {
  ar: '9 11 2345-6789',
  cl: '9 8765 4321',
  uy: '094 123 456',
};
