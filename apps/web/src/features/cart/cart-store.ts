/**
 * The diner's cart: one per browser, tied to the branch-contact alias it was built on, kept in
 * localStorage with a time-to-live. Prices are derived by core (the server will re-derive them the same
 * way); this module only keeps state and persists it. React reads it through useCart().
 */
import {
  addLine,
  CART_MODE_COOKIE,
  type CartChange,
  type CartLine,
  type CartLineInput,
  formatCartModeCookie,
  type MenuDiscountRule,
  repriceCart,
  setLineQuantity,
} from '@comanda/core';
import { useSyncExternalStore } from 'react';

/** How long an untouched cart is kept. */
export const CART_TTL_MS = 6 * 60 * 60 * 1000;
export const CART_STORAGE_KEY = 'comanda:cart';

export interface CartPaymentType {
  id: number;
  paymentMethod: string;
  upload: string | null;
}

export interface CartState {
  /** Branch-contact alias the cart belongs to; another alias starts with an empty cart. */
  alias: string | null;
  lines: CartLine[];
  orderModeId: number | null;
  /** Menu hash of the mode the lines were built on (a mode with another hash empties the cart). */
  menuHash: string | null;
  /** The chosen payment type as the spec's cart state keeps it (paymentMethod, id, upload); null: the default. */
  paymentType: CartPaymentType | null;
  /** Epoch ms after which the stored cart is dropped; renewed on every change. */
  expiresAt: number;
}

const EMPTY: CartState = {
  alias: null,
  lines: [],
  orderModeId: null,
  menuHash: null,
  paymentType: null,
  expiresAt: 0,
};

type Listener = () => void;
const listeners = new Set<Listener>();
let state: CartState = load();
// a page load renews a kept cart's cookie; without a cart there is only a stale one to drop
if (state.lines.length > 0 || globalThis.document?.cookie.includes(`${CART_MODE_COOKIE}=`))
  writeCartModeCookie(state);

function load(): CartState {
  try {
    const raw = globalThis.localStorage?.getItem(CART_STORAGE_KEY);
    if (!raw) return EMPTY;
    const stored = JSON.parse(raw) as CartState;
    if (
      !stored ||
      typeof stored.expiresAt !== 'number' ||
      stored.expiresAt < Date.now() ||
      !Array.isArray(stored.lines)
    ) {
      globalThis.localStorage?.removeItem(CART_STORAGE_KEY);
      return EMPTY;
    }
    return stored;
  } catch {
    return EMPTY;
  }
}

function commit(next: CartState): void {
  state = { ...next, expiresAt: Date.now() + CART_TTL_MS };
  try {
    if (state.lines.length === 0 && state.orderModeId === null)
      globalThis.localStorage?.removeItem(CART_STORAGE_KEY);
    else globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled (private mode): the cart still works for this page view
  }
  writeCartModeCookie(state);
  for (const listener of listeners) listener();
}

/**
 * Tells the server the stored cart's mode while the cart has lines (core's CART_MODE_COOKIE), for as
 * long as the cart is kept, so the cart and checkout pages come with that mode's data requested.
 */
function writeCartModeCookie(cart: CartState): void {
  if (typeof document === 'undefined') return;
  const kept = cart.alias !== null && cart.orderModeId !== null && cart.lines.length > 0;
  const value = kept
    ? formatCartModeCookie({ alias: cart.alias as string, orderModeId: cart.orderModeId as number })
    : '';
  const maxAge = kept ? Math.max(0, Math.round((cart.expiresAt - Date.now()) / 1000)) : 0;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox, which many diners use
  document.cookie = `${CART_MODE_COOKIE}=${value}; Path=/menu; Max-Age=${maxAge}; SameSite=Lax`;
}

/** One empty cart per alias: useSyncExternalStore needs the same snapshot until something changes. */
const emptyByAlias = new Map<string, CartState>();

/** The cart for this alias; a cart stored for another alias or past its TTL reads as empty. */
export function getCart(alias: string): CartState {
  if (state.expiresAt < Date.now()) state = EMPTY;
  if (state.alias === alias) return state;
  let empty = emptyByAlias.get(alias);
  if (!empty) {
    empty = { ...EMPTY, alias };
    emptyByAlias.set(alias, empty);
  }
  return empty;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads storage when another tab changed the cart. */
globalThis.addEventListener?.('storage', (event) => {
  if (event.key !== CART_STORAGE_KEY) return;
  state = load();
  for (const listener of listeners) listener();
});

export function useCart(alias: string): CartState {
  return useSyncExternalStore(
    subscribe,
    () => getCart(alias),
    () => getCart(alias),
  );
}

/** The stored cart whatever alias it belongs to (to ask before a cart of another shop is dropped). */
export function getStoredCart(): CartState {
  if (state.expiresAt < Date.now()) state = EMPTY;
  return state;
}

export function useStoredCart(): CartState {
  return useSyncExternalStore(subscribe, getStoredCart, getStoredCart);
}

function change(alias: string, apply: (lines: CartLine[]) => CartChange): CartChange {
  const current = getCart(alias);
  const result = apply(current.lines);
  if (!result.error) commit({ ...current, alias, lines: result.lines });
  return result;
}

export const cartActions = {
  add(alias: string, input: CartLineInput, discounts: readonly MenuDiscountRule[]): CartChange {
    return change(alias, (lines) => addLine(lines, input, discounts));
  },
  setQuantity(
    alias: string,
    key: string,
    quantity: number,
    discounts: readonly MenuDiscountRule[],
  ): CartChange {
    return change(alias, (lines) => setLineQuantity(lines, key, quantity, discounts));
  },
  reprice(alias: string, discounts: readonly MenuDiscountRule[]): void {
    const current = getCart(alias);
    if (current.lines.length > 0) commit({ ...current, lines: repriceCart(current.lines, discounts) });
  },
  /** Replaces the lines, e.g. when a recovery link restores a cart. */
  replaceLines(alias: string, lines: CartLine[]): void {
    commit({ ...getCart(alias), alias, lines });
  },
  /** Records the chosen mode; the caller decides (by menu hash) whether the lines survive. */
  setMode(alias: string, orderModeId: number, menuHash: string | null, keepLines: boolean): void {
    const current = getCart(alias);
    commit({
      ...current,
      alias,
      orderModeId,
      menuHash,
      lines: keepLines ? current.lines : [],
      paymentType: null,
    });
  },
  setPaymentType(alias: string, { id, paymentMethod, upload }: CartPaymentType): void {
    commit({ ...getCart(alias), alias, paymentType: { id, paymentMethod, upload } });
  },
  clear(alias: string): void {
    commit({ ...getCart(alias), alias, lines: [] });
  },
  /** Forgets the stored cart of any shop (the diner confirmed a change of branch). */
  reset(): void {
    commit(EMPTY);
  },
};

/** For tests: forget the in-memory state and read storage again. */
export function reloadCartFromStorage(): void {
  state = load();
  for (const listener of listeners) listener();
}
