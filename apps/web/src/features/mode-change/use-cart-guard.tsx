import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useStableNavigate } from '../../app/navigate.ts';
import { cartActions, useCart, useStoredCart } from '../cart/cart-store.ts';
import { modePath } from '../order-mode/mode-labels.ts';
import { LazyConfirmModal } from './lazy-confirm.tsx';
import { BRANCH_CHANGE_BODY, BRANCH_CHANGE_TITLE, MODE_CHANGE_BODY, MODE_CHANGE_TITLE } from './texts.ts';
import { trackModeSelect } from './use-mode-change.tsx';

export type CartConflict = 'branch' | 'mode' | null;

/**
 * What opening a screen of `alias` would do to the stored cart: drop another shop's items ('branch'),
 * or drop items built on another menu of this shop ('mode', e.g. a typed URL or the browser's back
 * button, which bypass the mode tabs' question).
 */
export function useCartConflict(alias: string, mode: OrderMode | null, menuHash: string | undefined) {
  const stored = useStoredCart();
  const cart = useCart(alias);
  let conflict: CartConflict = null;
  if (stored.alias !== null && stored.alias !== alias && stored.lines.length > 0) conflict = 'branch';
  else if (
    mode &&
    menuHash !== undefined &&
    cart.lines.length > 0 &&
    cart.orderModeId !== mode.id &&
    cart.menuHash !== menuHash
  )
    conflict = 'mode';
  return { conflict, stored, cart };
}

/** The stored cart's shop, to go back to when the diner keeps it. */
function cartHome(storedAlias: string, search: string): string {
  return `/menu/${storedAlias}${search}`;
}

/**
 * On the menu: asks before another shop's cart, or a cart of another menu, is dropped; otherwise records
 * the mode (and its menu hash) in the cart store, keeping the items when the menu is the same.
 * Also used on the mode screen (mode null), where only the change of branch applies.
 */
export function useCartGuard({
  contact,
  modes,
  mode,
  menuHash,
}: {
  contact: BranchContact;
  modes: readonly OrderMode[];
  mode: OrderMode | null;
  menuHash: string | undefined;
}): { conflict: CartConflict; dialog: ReactNode } {
  const alias = contact.alias;
  const { search, pathname } = useLocation();
  const navigate = useStableNavigate();
  const { conflict, stored, cart } = useCartConflict(alias, mode, menuHash);
  const [lastConflict, setLastConflict] = useState<CartConflict>(conflict);
  if (conflict !== null && conflict !== lastConflict) setLastConflict(conflict);

  const needsRecord =
    conflict === null &&
    mode !== null &&
    menuHash !== undefined &&
    (stored.alias !== alias || cart.orderModeId !== mode.id || cart.menuHash !== menuHash);

  useEffect(() => {
    if (!needsRecord || !mode || menuHash === undefined) return;
    // A screen on its way out records nothing: the mode tabs store the diner's new mode and then
    // navigate, and the old menu, re-rendered by the store before the next one shows, would put its
    // own mode back (a cart opened at that moment showed the mode the diner had just left)
    if (window.location.pathname !== pathname) return;
    // same menu (or nothing to lose): the items stay
    cartActions.setMode(alias, mode.id, menuHash, true);
  }, [needsRecord, alias, mode, menuHash, pathname]);

  function cancel() {
    if (conflict === 'branch' && stored.alias) {
      navigate(cartHome(stored.alias, search));
      return;
    }
    const cartMode = modes.find((candidate) => candidate.id === cart.orderModeId);
    navigate(cartMode ? modePath(alias, cartMode.showName, search) : `/menu/${alias}${search}`, {
      replace: true,
    });
  }

  function confirm() {
    if (conflict === 'branch') {
      cartActions.reset();
      return;
    }
    if (conflict === 'mode' && mode && menuHash !== undefined) {
      cartActions.setMode(alias, mode.id, menuHash, false);
      trackModeSelect(mode);
    }
  }

  const dialog =
    lastConflict === null ? null : (
      <LazyConfirmModal
        open={conflict !== null}
        title={lastConflict === 'branch' ? BRANCH_CHANGE_TITLE : MODE_CHANGE_TITLE}
        body={lastConflict === 'branch' ? BRANCH_CHANGE_BODY : MODE_CHANGE_BODY}
        onCancel={cancel}
        onConfirm={confirm}
      />
    );
  return { conflict, dialog };
}
