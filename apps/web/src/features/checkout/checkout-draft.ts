/**
 * What the diner typed at the checkout, kept for the tab's life (session storage, per shop): a reload,
 * going back to the cart and forward again, or the browser's back and forward buttons bring it back.
 * Card data is never kept. The draft goes once the order is placed.
 */
import type { CheckoutFields } from './use-checkout.ts';

/** The fields a draft keeps: the payment type comes from the cart, the card never. */
export type CheckoutDraft = Partial<Omit<CheckoutFields, 'paymentTypeId'>>;

const keyOf = (alias: string) => `comanda.checkout.draft.${alias}`;

/** Storage may be full, blocked or absent: then there is simply no draft. */
function attempt<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

export function readCheckoutDraft(alias: string): CheckoutDraft {
  return attempt(() => JSON.parse(sessionStorage.getItem(keyOf(alias)) ?? '{}') ?? {}, {});
}

export function saveCheckoutDraft(
  alias: string,
  { paymentTypeId: _fromTheCart, ...draft }: CheckoutFields,
): void {
  attempt(() => sessionStorage.setItem(keyOf(alias), JSON.stringify(draft)), undefined);
}

export function clearCheckoutDraft(alias: string): void {
  attempt(() => sessionStorage.removeItem(keyOf(alias)), undefined);
}
