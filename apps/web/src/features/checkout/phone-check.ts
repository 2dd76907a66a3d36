/**
 * The checkout's phone check, loaded on demand: `normalizePhone` brings libphonenumber-js's metadata
 * (some 30 KB gzip), which stays out of the checkout's first load and arrives once the diner has a phone
 * to check (typed, prefilled from an earlier order or a link, or the field focused). The check itself is
 * core's, exactly as the server's on placement.
 */
import { onDemand, useOnDemand } from '../../app/on-demand.ts';

export type NormalizePhone = (raw: string, country: string) => string | null;

const phoneCheck = onDemand<NormalizePhone>(() =>
  import('./phone-normalize.ts').then((m) => m.normalizePhone),
);

export const loadPhoneCheck = phoneCheck.load;

/** The check once loaded, else null; `wanted` starts the download. */
export function usePhoneCheck(wanted: boolean): NormalizePhone | null {
  return useOnDemand(phoneCheck, wanted);
}
