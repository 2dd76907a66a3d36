import { type CurrencyInfo, whatsAppLink, whatsAppOrderText } from '@comanda/core';
import type { QueryClient } from '@tanstack/react-query';
import { followUpQueries } from '../follow-up/follow-up-queries.ts';

/**
 * A shop without the orders console gets the order as a WhatsApp text (storefront.md, placement): the
 * order is stored first, then read back as charged, and the diner is sent to `wa.me` with it.
 * Null when the shop has no WhatsApp number or the order cannot be read back.
 */
export async function whatsAppOrderLink(
  queryClient: QueryClient,
  contact: { alias: string; whatsAppPhone: string | null },
  code: string,
  currency: CurrencyInfo,
): Promise<string | null> {
  if (!contact.whatsAppPhone) return null;
  const order = await queryClient.fetchQuery(followUpQueries.order(contact.alias, code)).catch(() => null);
  if (!order) return null;
  const followUpUrl = `${window.location.origin}/menu/${contact.alias}/order/${encodeURIComponent(code)}`;
  return whatsAppLink(contact.whatsAppPhone, whatsAppOrderText(order, currency, followUpUrl));
}
