import { bannerUrlOf, matchesModeSegment } from '@comanda/core';
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
 * The cart page's data (modes, discounts, customisations, and the menu of the mode the stored cart was
 * built on, for the upsell), so a direct visit draws the whole cart at once; resolves when all have
 * answered. Errors are left for the screen to show.
 */
export async function prefetchCartRoute(queryClient: QueryClient, alias: string): Promise<void> {
  try {
    const entity = await queryClient.ensureQueryData(dinerQueries.alias(alias));
    if (entity.type !== 'branchContact') return;
    const contact = entity.info;
    const { orderModeId, lines } = getCart(contact.alias);
    const requests = [
      queryClient.prefetchQuery(dinerQueries.orderModes(contact.id)),
      queryClient.prefetchQuery(dinerQueries.discounts(contact.branch.id)),
      queryClient.prefetchQuery(dinerQueries.menuCustomizations(contact.branch.id)),
    ];
    // the upsell reads the menu of the mode the cart was built on
    if (orderModeId !== null && lines.length > 0)
      requests.push(queryClient.prefetchQuery(dinerQueries.menu(contact.alias, orderModeId)));
    await Promise.all(requests);
  } catch {
    // the screen's own queries report the failure
  }
}

/**
 * The checkout's data: what every checkout reads, and, for the mode the stored cart was built on, its
 * fees, general discounts and surcharges, schedule and the loyalty programme; resolves when all have
 * answered, so a direct visit draws the form at once. Errors are left for the screen to show.
 */
export async function prefetchCheckoutRoute(queryClient: QueryClient, alias: string): Promise<void> {
  try {
    const entity = await queryClient.ensureQueryData(dinerQueries.alias(alias));
    if (entity.type !== 'branchContact') return;
    const contact = entity.info;
    const { orderModeId, lines } = getCart(contact.alias);
    const requests = [
      queryClient.prefetchQuery(dinerQueries.orderModes(contact.id)),
      queryClient.prefetchQuery(dinerQueries.menuCustomizations(contact.branch.id)),
      queryClient.prefetchQuery(dinerQueries.country(contact.country)),
    ];
    // an empty cart is sent to the cart page, which reads the discounts instead
    if (orderModeId === null || lines.length === 0)
      requests.push(queryClient.prefetchQuery(dinerQueries.discounts(contact.branch.id)));
    else
      requests.push(
        queryClient.prefetchQuery(checkoutQueries.fees(orderModeId)),
        queryClient.prefetchQuery(checkoutQueries.generalDiscounts(orderModeId)),
        queryClient.prefetchQuery(checkoutQueries.generalSurcharges(orderModeId)),
        queryClient.prefetchQuery(checkoutQueries.schedule(orderModeId)),
        queryClient.prefetchQuery(checkoutQueries.loyaltyProgram(contact.branch.id)),
      );
    await Promise.all(requests);
  } catch {
    // the screen's own queries report the failure
  }
}
