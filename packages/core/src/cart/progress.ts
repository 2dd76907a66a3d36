import { MESSAGES } from '../messages.ts';

/** The cart's minimum-order and free-delivery progress (messages of storefront.md and the order view). */
export interface DeliveryProgressInput {
  isDelivery: boolean;
  /** Items subtotal, minor units. */
  subtotal: number;
  minimumOrder: number;
  freeDeliveryFrom: number | null;
  /** Formats an amount in minor units for the messages. */
  format: (minor: number) => string;
}

export interface DeliveryProgress {
  /** The message under the bar, or null when there is nothing to say. */
  message: string | null;
  /** 0..1, how far along the bar is towards the current goal. */
  ratio: number;
  minimumUnmet: boolean;
  freeDelivery: boolean;
}

export function deliveryProgress(input: DeliveryProgressInput): DeliveryProgress {
  const none = { message: null, ratio: 0, minimumUnmet: false, freeDelivery: false };
  if (!input.isDelivery) return none;
  const { subtotal, minimumOrder, freeDeliveryFrom, format } = input;
  // the minimum message appears only in delivery mode when the minimum is above zero and above the total
  if (minimumOrder > 0 && minimumOrder > subtotal) {
    return {
      message: MESSAGES.sumToReachMinimum(format(minimumOrder - subtotal)),
      ratio: subtotal / minimumOrder,
      minimumUnmet: true,
      freeDelivery: false,
    };
  }
  if (freeDeliveryFrom !== null && freeDeliveryFrom > 0) {
    if (subtotal < freeDeliveryFrom) {
      return {
        // the checkout's wording (storefront.md): the threshold counts products only, so the cart says so
        // too and the diner reads one sentence on both screens (README, 'Where Comanda … differs')
        message: MESSAGES.sumForFreeDeliveryInProducts(format(freeDeliveryFrom - subtotal)),
        ratio: subtotal / freeDeliveryFrom,
        minimumUnmet: false,
        freeDelivery: false,
      };
    }
    return { message: MESSAGES.freeDeliveryReached, ratio: 1, minimumUnmet: false, freeDelivery: true };
  }
  if (minimumOrder > 0)
    return { message: MESSAGES.minimumReached, ratio: 1, minimumUnmet: false, freeDelivery: false };
  return none;
}

/** 'Continuar' is enabled only with items, the delivery minimum met and ordering enabled. */
export function canContinueToCheckout(input: {
  itemCount: number;
  minimumUnmet: boolean;
  orderEnabled: boolean;
}): boolean {
  return input.itemCount > 0 && !input.minimumUnmet && input.orderEnabled;
}
