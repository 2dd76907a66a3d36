/**
 * What placing the order needs and the form does not: the payload, its idempotency key, the card's
 * token and charge, the follow-up bookkeeping and the WhatsApp hand-off. Loaded on the diner's first
 * touch of the checkout (checkout-lazy.tsx), so the form's first load stays small.
 */
import { track } from '../analytics/track.ts';
import { saveStoredCustomer } from '../entry-links/stored-customer.ts';
import { rememberPlacedOrder } from '../follow-up/placed-orders.ts';
import { clearCheckoutDraft } from './checkout-draft.ts';
import { forgetOrderKey } from './order-key.ts';
import type { CheckoutAddress } from './use-checkout.ts';

export { orderPayloadOf } from '@comanda/core';
export {
  paymentProblemOf,
  payOrderByCard,
  tokenProblemOf,
} from '../card-payment/card-payment-api.ts';
export { getAcquisitionChannel } from '../entry-links/entry-store.ts';
export { forgetOrderKey, orderKeyFor } from './order-key.ts';
export { whatsAppOrderLink } from './send-to-whatsapp.ts';

/** The checkout's address as the order's destination (blank details are none). */
export function destinationOf(address: CheckoutAddress) {
  return {
    street: address.street,
    details: address.details || null,
    betweenStreets: address.betweenStreets || null,
    city: address.city || null,
    locality: address.province || null,
    postalCode: address.postalCode || null,
    fullAddress: [address.street, address.city].filter(Boolean).join(', '),
    lat: address.lat,
    lng: address.lng,
  };
}

/**
 * The bookkeeping of an order just placed: its key forgotten (a retry is a new order), the diner's
 * details kept for next time, the spec's CREATE_ORDER, the order remembered as placed here (the
 * follow-up and 'PEDIDO EN CURSO'), the checkout's draft dropped.
 */
export function afterPlacing(order: {
  alias: string;
  code: string;
  total: number;
  modeId: number;
  customer: { name: string; phone: string; email: string };
  at: string | null;
}): void {
  forgetOrderKey(order.alias);
  saveStoredCustomer({
    customerName: order.customer.name.trim(),
    customerPhone: order.customer.phone,
    customerEmail: order.customer.email.trim(),
  });
  track('CREATE_ORDER', { orderCode: order.code, total: order.total, orderModeId: order.modeId });
  rememberPlacedOrder({ alias: order.alias, code: order.code, at: order.at ?? new Date().toISOString() });
  clearCheckoutDraft(order.alias);
}
