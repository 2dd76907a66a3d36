/**
 * The parts of an entry link that need the branch contact: the link's name and phone go into the stored
 * customer (the phone cleaned and prefixed with the country's phone prefix), and a recovery link
 * (abandoned + phone) fetches the abandoned cart and rebuilds its order mode and lines from the current
 * menu. Part of the lazy entry-link chunk, so a plain visit never downloads this code.
 */
import { type CartLine, currencyDecimals, defaultPhoneCountry, MESSAGES, phoneFromLink } from '@comanda/core';
import type { BranchContact, MenuDiscount, OrderMode, RecoveryCart } from '@comanda/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../api/api.ts';
import { dinerQueries } from '../../api/queries.ts';
import { cartLinesFromRecovery } from '../cart/from-recovery.ts';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import { segmentMatches } from '../order-mode/mode-labels.ts';
import { getEntry, updateEntry } from './entry-store.ts';
import { saveStoredCustomer } from './stored-customer.ts';

const COMPONENT = 'entry-links';
const MIN_PHONE_DIGITS = 6;

export const CART_RECOVERED = 'Recuperamos tu pedido';
export const CART_PARTLY_RECOVERED = 'Recuperamos tu pedido. Algunos productos ya no están disponibles.';

function errorContext(error: unknown) {
  return {
    component: COMPONENT,
    payload: { message: error instanceof Error ? error.message : String(error) },
    stack: error instanceof Error ? (error.stack ?? null) : null,
  };
}

/** '+5491144440202' from '5491144440202' or '11 4444-0202' in Argentina; null when it has too few digits. */
async function phoneOfLink(contact: BranchContact, raw: string, queryClient: QueryClient) {
  if (raw.replace(/\D/g, '').length < MIN_PHONE_DIGITS) return null;
  try {
    const country = await queryClient.fetchQuery(dinerQueries.country(defaultPhoneCountry(contact.country)));
    return phoneFromLink(raw, country.phonePrefix);
  } catch (error) {
    logToBackend('Country lookup failed for a link phone', errorContext(error));
    return phoneFromLink(raw, '');
  }
}

/** Copies the link's pending name and phone into the stored customer. */
export async function applyLinkCustomer(contact: BranchContact, queryClient: QueryClient): Promise<void> {
  const { pendingName, pendingPhone } = getEntry();
  if (pendingName === null && pendingPhone === null) return;
  const phone = pendingPhone === null ? null : await phoneOfLink(contact, pendingPhone, queryClient);
  saveStoredCustomer({
    ...(pendingName !== null ? { customerName: pendingName } : {}),
    ...(phone !== null ? { customerPhone: phone } : {}),
  });
  updateEntry({ pendingName: null, pendingPhone: null });
}

/** A restored cart is written by the caller (the app shell already holds the cart store). */
export type RecoveryOutcome =
  | { status: 'restored'; mode: OrderMode; menuHash: string; lines: CartLine[]; message: string }
  | { status: 'empty' | 'notFound' | 'failed' };

async function discountsOf(branchId: number, queryClient: QueryClient): Promise<MenuDiscount[]> {
  try {
    return await queryClient.fetchQuery(dinerQueries.discounts(branchId));
  } catch (error) {
    // the spec's silent fallback: discounts failures are only logged
    logToBackend('Discounts fetch failed during cart recovery', errorContext(error));
    return [];
  }
}

async function decimalsOf(contact: BranchContact, queryClient: QueryClient): Promise<number> {
  try {
    return (await queryClient.fetchQuery(dinerQueries.country(contact.country))).currency.decimals;
  } catch {
    return currencyDecimals(contact.currency);
  }
}

/**
 * GET /api/recovery/cart/{phone}/{branchContactId}, then the cart is rebuilt from the current menu of the
 * recovered mode (or of the mode on screen, or the first one when that mode is gone). A missing cart is
 * only logged ('Cart not found').
 */
export async function recoverAbandonedCart(
  contact: BranchContact,
  rawPhone: string,
  currentModeSegment: string | undefined,
  queryClient: QueryClient,
): Promise<RecoveryOutcome> {
  const phone = await phoneOfLink(contact, rawPhone, queryClient);
  if (phone === null) return { status: 'failed' };
  let cart: RecoveryCart;
  try {
    cart = await apiGet<RecoveryCart>(`/api/recovery/cart/${encodeURIComponent(phone)}/${contact.id}`);
  } catch (error) {
    if (isApiError(error) && error.isNotFound) {
      logToBackend(MESSAGES.logCartNotFound, { component: COMPONENT, payload: { phone } });
      return { status: 'notFound' };
    }
    logToBackend('Cart recovery failed', errorContext(error));
    return { status: 'failed' };
  }

  try {
    const modes = (await queryClient.fetchQuery(dinerQueries.orderModes(contact.id))).filter(
      (mode) => mode.active,
    );
    const mode =
      modes.find((candidate) => candidate.id === cart.orderModeId) ??
      modes.find(
        (candidate) => currentModeSegment && segmentMatches(currentModeSegment, candidate.showName),
      ) ??
      modes[0];
    if (!mode) return { status: 'failed' };
    const [menu, discounts, decimals] = await Promise.all([
      queryClient.fetchQuery(dinerQueries.menu(contact.alias, mode.id)),
      discountsOf(contact.branch.id, queryClient),
      decimalsOf(contact, queryClient),
    ]);
    const { lines, skipped } = cartLinesFromRecovery(cart.items, menu, discounts, decimals);
    if (skipped.length > 0) {
      logToBackend('Recovered cart items no longer on the menu', {
        component: COMPONENT,
        payload: { skipped: skipped.map((item) => ({ referenceId: item.referenceId, name: item.name })) },
      });
    }
    if (lines.length === 0) return { status: 'empty' };
    return {
      status: 'restored',
      mode,
      menuHash: menu.hash,
      lines,
      message: skipped.length > 0 ? CART_PARTLY_RECOVERED : CART_RECOVERED,
    };
  } catch (error) {
    logToBackend('Cart recovery failed', errorContext(error));
    return { status: 'failed' };
  }
}
