/**
 * What placing the order needs and the form does not: the payload, its idempotency key, the card's
 * token and charge, the follow-up bookkeeping and the WhatsApp hand-off. Loaded on the diner's first
 * touch of the checkout (checkout-lazy.tsx), so the form's first load stays small.
 */
export { orderPayloadOf } from '@comanda/core';
export {
  paymentProblemOf,
  payOrderByCard,
  tokenProblemOf,
} from '../card-payment/card-payment-api.ts';
export { getAcquisitionChannel } from '../entry-links/entry-store.ts';
export { rememberPlacedOrder } from '../follow-up/placed-orders.ts';
export { forgetOrderKey, orderKeyFor } from './order-key.ts';
export { whatsAppOrderLink } from './send-to-whatsapp.ts';
