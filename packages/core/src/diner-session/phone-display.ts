import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** An E.164 phone as people read it ('+54 9 11 5555 0101'); anything unreadable as it came. */
export function formatPhoneForDisplay(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
