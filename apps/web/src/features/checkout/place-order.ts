/**
 * What placing the order needs and the form does not: the payload, its idempotency key, the card's
 * token and charge, the follow-up bookkeeping and the WhatsApp hand-off. Loaded on the diner's first
 * touch of the checkout (checkout-lazy.tsx), so the form's first load stays small.
 */
import {
  type CurrencyInfo,
  orderPayloadOf as corePayloadOf,
  INVALID_CUSTOM_REDIRECT_FLAG,
  type OrderPayloadInput,
  orderTextOf,
  redirectCustomizationOf,
  splitStreetNumber,
} from '@comanda/core';
import type { MenuCustomization, OrderModeType, OrderPayload } from '@comanda/core/contract';
import { track } from '../analytics/track.ts';
import { saveStoredCustomer } from '../entry-links/stored-customer.ts';
import { getExternalUser } from '../external-benefits/external-user.ts';
import { rememberPlacedOrder } from '../follow-up/placed-orders.ts';
import { isInstalledApp } from '../install-app/install-state.ts';
import { clearCheckoutDraft } from './checkout-draft.ts';
import { rememberDeviceAddress } from './device-address.ts';
import { forgetOrderKey } from './order-key.ts';
import type { CheckoutAddress } from './use-checkout.ts';

export {
  paymentProblemOf,
  payOrderByCard,
  tokenProblemOf,
} from '../card-payment/card-payment-api.ts';
export { getAcquisitionChannel } from '../entry-links/entry-store.ts';
export { forgetOrderKey, orderKeyFor } from './order-key.ts';
export { whatsAppOrderLink } from './send-to-whatsapp.ts';

/**
 * core's payload with what the page knows and the form does not: the installed app, the partner's member
 * (partnerName, userExternalReference) and the order's text.
 */
export function orderPayloadOf(
  input: OrderPayloadInput & { mode: { showName: string; type: OrderModeType } },
  currency: CurrencyInfo,
): OrderPayload {
  const payload = corePayloadOf({
    ...input,
    installedApp: isInstalledApp(),
    externalUser: getExternalUser(),
  });
  return { ...payload, orderText: orderTextOf(payload, { modeName: input.mode.showName, currency }) };
}

/**
 * The checkout's address as the order's destination (blank details are none): the street line split
 * into street and house number, and the place details.
 */
export function destinationOf(address: CheckoutAddress) {
  const { street, number } = splitStreetNumber(address.street);
  return {
    street,
    number: number || address.number || null,
    details: address.details || null,
    betweenStreets: address.betweenStreets || null,
    city: address.city || null,
    locality: address.province || null,
    postalCode: address.postalCode || null,
    fullAddress: address.fullAddress || [address.street, address.city].filter(Boolean).join(', '),
    country: address.country || null,
    geocoded: address.geocoded ?? false,
    fromLocalStorage: address.fromLocalStorage ?? false,
    lat: address.lat,
    lng: address.lng,
  };
}

/**
 * The follow-up's flags after placing: refreshAfterUpdate=true with a loyalty programme, and
 * invalidCustomRedirect=true when the branch's redirect customisation cannot be followed.
 */
export function followUpFlags(
  loyalty: boolean,
  customizations: readonly MenuCustomization[] | undefined,
): string {
  const flags = new URLSearchParams();
  if (loyalty) flags.set('refreshAfterUpdate', 'true');
  if (redirectCustomizationOf(customizations).status === 'invalid')
    flags.set(INVALID_CUSTOM_REDIRECT_FLAG, 'true');
  const text = flags.toString();
  return text ? `?${text}` : '';
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
  /** The delivery address, remembered on this device and offered next time. */
  address?: CheckoutAddress | null;
}): void {
  if (order.address) rememberDeviceAddress(order.address);
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
