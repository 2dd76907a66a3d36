/**
 * The diner's stored data (storefront.md section 3: customerName, customerPhone, customerEmail), kept in
 * localStorage 'comanda:customer'. Entry links pre-fill it; the abandoned-cart notice needs the phone;
 * checkout (a later issue) reads and writes it.
 */

export const CUSTOMER_STORAGE_KEY = 'comanda:customer';

export interface StoredCustomer {
  customerName: string;
  /** E.164 when it came from a link ('+5491144440202'). */
  customerPhone: string;
  customerEmail: string;
}

const EMPTY: StoredCustomer = { customerName: '', customerPhone: '', customerEmail: '' };

function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function getStoredCustomer(): StoredCustomer {
  try {
    const raw = globalThis.localStorage?.getItem(CUSTOMER_STORAGE_KEY);
    if (!raw) return EMPTY;
    const stored = JSON.parse(raw) as Partial<Record<keyof StoredCustomer, unknown>> | null;
    return {
      customerName: asText(stored?.customerName),
      customerPhone: asText(stored?.customerPhone),
      customerEmail: asText(stored?.customerEmail),
    };
  } catch {
    return EMPTY;
  }
}

export function saveStoredCustomer(change: Partial<StoredCustomer>): StoredCustomer {
  const next = { ...getStoredCustomer(), ...change };
  try {
    globalThis.localStorage?.setItem(CUSTOMER_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: nothing to pre-fill next time
  }
  return next;
}
