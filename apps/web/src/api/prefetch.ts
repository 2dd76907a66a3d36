import { bannerUrlOf, matchesModeSegment } from '@comanda/core';
import type { BranchContact } from '@comanda/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import { getCart } from '../features/cart/cart-store.ts';
import { checkoutQueries } from '../features/checkout/checkout-queries.ts';
import { dinerQueries } from './queries.ts';

/**
 * Starts the alias -> order modes -> menu requests while the route's code is still downloading,
 * so the menu's data waterfall overlaps the chunk load; resolves when all have answered. Errors are
 * left for the screen to show.
 */
export async function prefetchMenuRoute(queryClient: QueryClient, alias: string, modeSegment: string) {
  try {
    const entity = await queryClient.ensureQueryData(dinerQueries.alias(alias));
    if (entity.type !== 'branchContact') return;
    const contact = entity.info;
    // the banner is the menu's largest paint: fetch it now, not after modes and menu arrive
    const { branch } = contact;
    preloadImage(bannerUrlOf(branch) ?? branch.customLogoURL);
    const requests = [
      queryClient.prefetchQuery(dinerQueries.discounts(contact.branch.id)),
      queryClient.prefetchQuery(dinerQueries.menuCustomizations(contact.branch.id)),
      queryClient.prefetchQuery(dinerQueries.country(contact.country)),
    ];
    const modes = await queryClient.ensureQueryData(dinerQueries.orderModes(contact.id));
    const mode = modes.find((candidate) => matchesModeSegment(modeSegment, candidate.showName));
    if (mode) requests.push(queryClient.prefetchQuery(dinerQueries.menu(contact.alias, mode.id)));
    await Promise.all(requests);
  } catch {
    // the screen's own queries report the failure
  }
}

function preloadImage(url: string | null): void {
  if (!url || document.head.querySelector(`link[rel="preload"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * Starts the requests a screen of a branch contact's stored cart will make, chosen from the contact
 * and the cart; resolves when all have answered. Errors are left for the screen to show.
 */
async function prefetchForStoredCart(
  queryClient: QueryClient,
  alias: string,
  requestsOf: (
    contact: BranchContact,
    cart: { orderModeId: number | null; hasLines: boolean },
  ) => Promise<void>[],
): Promise<void> {
  try {
    const entity = await queryClient.ensureQueryData(dinerQueries.alias(alias));
    if (entity.type !== 'branchContact') return;
    const { orderModeId, lines } = getCart(entity.info.alias);
    await Promise.all(requestsOf(entity.info, { orderModeId, hasLines: lines.length > 0 }));
  } catch {
    // the screen's own queries report the failure
  }
}

/**
 * The cart page's data (modes, discounts, customisations, the currency, and the menu of the mode the
 * stored cart was built on, for the upsell), so a direct visit draws the whole cart at once.
 */
export function prefetchCartRoute(queryClient: QueryClient, alias: string): Promise<void> {
  return prefetchForStoredCart(queryClient, alias, (contact, { orderModeId, hasLines }) => [
    queryClient.prefetchQuery(dinerQueries.orderModes(contact.id)),
    queryClient.prefetchQuery(dinerQueries.discounts(contact.branch.id)),
    queryClient.prefetchQuery(dinerQueries.menuCustomizations(contact.branch.id)),
    queryClient.prefetchQuery(dinerQueries.country(contact.country)),
    // the upsell reads the menu of the mode the cart was built on
    ...(orderModeId !== null && hasLines
      ? [queryClient.prefetchQuery(dinerQueries.menu(contact.alias, orderModeId))]
      : []),
  ]);
}

/**
 * The checkout's data: what every checkout reads, and, for the mode the stored cart was built on, its
 * fees, general discounts and surcharges, schedule and the loyalty programme, so a direct visit draws
 * the form at once.
 */
export function prefetchCheckoutRoute(queryClient: QueryClient, alias: string): Promise<void> {
  return prefetchForStoredCart(queryClient, alias, (contact, { orderModeId, hasLines }) => [
    queryClient.prefetchQuery(dinerQueries.orderModes(contact.id)),
    queryClient.prefetchQuery(dinerQueries.menuCustomizations(contact.branch.id)),
    queryClient.prefetchQuery(dinerQueries.country(contact.country)),
    // an empty cart is sent to the cart page, which reads the discounts instead
    ...(orderModeId === null || !hasLines
      ? [queryClient.prefetchQuery(dinerQueries.discounts(contact.branch.id))]
      : [
          queryClient.prefetchQuery(checkoutQueries.fees(orderModeId)),
          queryClient.prefetchQuery(checkoutQueries.generalDiscounts(orderModeId)),
          queryClient.prefetchQuery(checkoutQueries.generalSurcharges(orderModeId)),
          queryClient.prefetchQuery(checkoutQueries.schedule(orderModeId)),
          queryClient.prefetchQuery(checkoutQueries.loyaltyProgram(contact.branch.id)),
        ]),
  ]);
}
