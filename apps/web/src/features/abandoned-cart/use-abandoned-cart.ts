/**
 * Abandoned cart (storefront.md section 4): when the page becomes hidden with a stored phone and a
 * non-empty cart, POST /api/abandoned/cart/ (navigationEvent HIDDEN); when it is visible again,
 * PUT /api/abandoned/cart/cancel/ (VISIBLE). Follow-up and logistics paths have no cart.
 */
import type { BranchContact } from '@comanda/core/contract';
import { useEffect } from 'react';
import { getCart } from '../cart/cart-store.ts';
import { getStoredCustomer } from '../entry-links/stored-customer.ts';
import { toRecoveryItems } from './recovery-items.ts';

export const NAVIGATION_HIDDEN = 'HIDDEN';
export const NAVIGATION_VISIBLE = 'VISIBLE';

interface SentNotice {
  phone: string;
  email: string | undefined;
  branchContactId: number;
  branchId: number;
}

/** The notice sent on the last hide, to cancel when the page is visible again (kept across re-renders). */
let sent: SentNotice | null = null;

export function isCartlessPath(pathname: string): boolean {
  return pathname.includes('/order/') || pathname.endsWith('/order') || pathname.includes('logistics');
}

function send(method: 'POST' | 'PUT', path: string, body: unknown): void {
  // keepalive lets the request outlive a page that is being hidden or closed
  void fetch(path, {
    method,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {
    // the notice is best effort: the diner never sees it
  });
}

/** Sends the abandoned-cart notice for the branch contact the diner is ordering from. */
export function useAbandonedCart(contact: BranchContact | null): void {
  useEffect(() => {
    if (!contact) return;

    function onVisibilityChange() {
      if (!contact || isCartlessPath(location.pathname)) return;
      if (document.visibilityState === 'hidden') {
        const customer = getStoredCustomer();
        const cart = getCart(contact.alias);
        if (!customer.customerPhone || cart.lines.length === 0) return;
        sent = {
          phone: customer.customerPhone,
          email: customer.customerEmail || undefined,
          branchContactId: contact.id,
          branchId: contact.branch.id,
        };
        send('POST', '/api/abandoned/cart/', {
          ...sent,
          items: toRecoveryItems(cart.lines),
          orderModeId: cart.orderModeId,
          navigationEvent: NAVIGATION_HIDDEN,
        });
      } else if (sent) {
        send('PUT', '/api/abandoned/cart/cancel/', { ...sent, navigationEvent: NAVIGATION_VISIBLE });
        sent = null;
      }
    }

    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [contact]);
}
