/**
 * The checkout's phone check, loaded on demand: `normalizePhone` brings libphonenumber-js's metadata
 * (some 30 KB gzip), which stays out of the checkout's first load and arrives once the diner has a phone
 * to check (typed, prefilled from an earlier order or a link, or the field focused). The check itself is
 * core's, exactly as the server's on placement.
 */
import { useEffect, useSyncExternalStore } from 'react';

export type NormalizePhone = (raw: string, country: string) => string | null;

let loaded: NormalizePhone | null = null;
let loading: Promise<NormalizePhone> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) loading the check; a failed download is tried again on the next call. */
export function loadPhoneCheck(): Promise<NormalizePhone> {
  loading ??= import('./phone-normalize.ts').then(
    ({ normalizePhone }) => {
      loaded = normalizePhone;
      for (const listener of listeners) listener();
      return normalizePhone;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The check once loaded, else null; `wanted` starts the download. */
export function usePhoneCheck(wanted: boolean): NormalizePhone | null {
  const check = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
  useEffect(() => {
    // a failed download leaves the phone unchecked: placing the order asks again (use-checkout)
    if (wanted && !check) loadPhoneCheck().catch(() => {});
  }, [wanted, check]);
  return check;
}
