/**
 * Orders placed on this device, kept in localStorage 'comanda:orders' so the storefront can offer
 * 'PEDIDO EN CURSO' (post-order-and-logistics.md section 2) while one is within its 24-hour window.
 */
import { isWithinFollowUpWindow } from '@comanda/core';
import { useSyncExternalStore } from 'react';

export const PLACED_ORDERS_KEY = 'comanda:orders';
/** Only the latest few are kept: the button needs the newest open one per contact. */
const KEEP = 10;

export interface PlacedOrderEntry {
  alias: string;
  code: string;
  /** The order's date: its scheduled time when scheduled, else when it was placed (ISO). */
  at: string;
}

function read(): PlacedOrderEntry[] {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(PLACED_ORDERS_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is PlacedOrderEntry =>
        typeof entry?.alias === 'string' && typeof entry?.code === 'string' && typeof entry?.at === 'string',
    );
  } catch {
    return [];
  }
}

export function rememberPlacedOrder(entry: PlacedOrderEntry): void {
  const next = [entry, ...read().filter((e) => e.code !== entry.code)].slice(0, KEEP);
  try {
    globalThis.localStorage?.setItem(PLACED_ORDERS_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the button is a convenience, the order itself is placed
  }
}

/** The order was placed on this device (the checkout remembers each one as it is placed). */
export function wasPlacedHere(code: string): boolean {
  return read().some((entry) => entry.code === code);
}

/** The newest order of this contact placed on this device that is still in progress, if any. */
export function orderInProgress(alias: string, now = new Date()): PlacedOrderEntry | null {
  return (
    read().find((entry) => entry.alias === alias && isWithinFollowUpWindow(new Date(entry.at), now)) ?? null
  );
}

// another tab placing an order updates the button here
function subscribe(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === PLACED_ORDERS_KEY) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export function useOrderInProgress(alias: string): PlacedOrderEntry | null {
  const code = useSyncExternalStore(
    subscribe,
    () => orderInProgress(alias)?.code ?? null,
    () => null,
  );
  return code ? (read().find((entry) => entry.code === code) ?? null) : null;
}
