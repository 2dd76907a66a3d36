/**
 * What the diner typed at the checkout, kept for the tab's life (session storage, per shop): a reload,
 * going back to the cart and forward again, or the browser's back and forward buttons bring it back.
 * Card data is never kept. The draft goes once the order is placed.
 */
import type { CheckoutFields } from './use-checkout.ts';

const KEY_PREFIX = 'comanda.checkout.draft.';

/** The fields a draft keeps: the payment type comes from the cart, the card never. */
export type CheckoutDraft = Omit<CheckoutFields, 'paymentTypeId'>;

function store(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readCheckoutDraft(alias: string): Partial<CheckoutDraft> {
  try {
    const raw = store()?.getItem(KEY_PREFIX + alias);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<CheckoutDraft>) : {};
  } catch {
    return {};
  }
}

export function saveCheckoutDraft(alias: string, fields: CheckoutFields): void {
  const { paymentTypeId: _fromTheCart, ...draft } = fields;
  try {
    store()?.setItem(KEY_PREFIX + alias, JSON.stringify(draft));
  } catch {
    // a full or blocked storage only loses the draft
  }
}

export function clearCheckoutDraft(alias: string): void {
  try {
    store()?.removeItem(KEY_PREFIX + alias);
  } catch {
    // nothing kept
  }
}
