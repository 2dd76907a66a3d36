import type { BranchContact, OrderMode } from '@comanda/core/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { useStableNavigate } from '../../app/navigate.ts';
import { useLastDefined } from '../../ui/use-last-defined.ts';
import { track } from '../analytics/track.ts';
import { cartActions, useCart } from '../cart/cart-store.ts';
import { modePath } from '../order-mode/mode-labels.ts';
import { LazyConfirmModal } from './lazy-confirm.tsx';
import { hashOf, menuHashesQuery, shareMenu } from './menu-hashes.ts';
import { MODE_CHANGE_BODY, MODE_CHANGE_KEEPS_ITEMS_BODY, MODE_CHANGE_TITLE } from './texts.ts';

export function trackModeSelect(mode: OrderMode): void {
  track('ORDER_MODE_SELECT', { orderModeId: mode.id, type: mode.type, showName: mode.showName });
}

export interface ModeChange {
  /** The click handler of a mode link: lets it navigate, or stops it to ask first. */
  onSelect: (event: MouseEvent, target: OrderMode) => void;
  dialog: ReactNode;
}

/**
 * Choosing another order mode (menu tabs, mode screen). With items in the cart the diner confirms first;
 * 'Continuar' keeps the items only when both modes share a menu (same hash), resets the payment type and
 * stores the mode; 'Cancelar' stays on the current mode.
 */
export function useModeChange(contact: BranchContact, modes: readonly OrderMode[]): ModeChange {
  const alias = contact.alias;
  const { search } = useLocation();
  const navigate = useStableNavigate();
  const queryClient = useQueryClient();
  const cart = useCart(alias);
  const [pending, setPending] = useState<OrderMode | undefined>();
  const [busy, setBusy] = useState(false);
  const shown = useLastDefined(pending);
  const hasItems = cart.lines.length > 0;
  // known before the question, so it can say whether the items stay
  const hashesQuery = menuHashesQuery(
    alias,
    modes.map((mode) => mode.id),
  );
  const hashes = useQuery({ ...hashesQuery, enabled: hasItems && modes.length > 1 });

  function onSelect(event: MouseEvent, target: OrderMode) {
    if (!hasItems || cart.orderModeId === target.id) {
      trackModeSelect(target);
      return;
    }
    event.preventDefault();
    setPending(target);
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    const known = hashes.data ?? (await queryClient.fetchQuery(hashesQuery));
    const keepLines = shareMenu(known, cart.orderModeId, pending.id);
    cartActions.setMode(alias, pending.id, hashOf(known, pending.id) ?? null, keepLines);
    trackModeSelect(pending);
    setBusy(false);
    setPending(undefined);
    navigate(modePath(alias, pending.showName, search));
  }

  const keeps = shown ? shareMenu(hashes.data, cart.orderModeId, shown.id) : false;
  const dialog = shown ? (
    <LazyConfirmModal
      open={pending !== undefined}
      title={MODE_CHANGE_TITLE}
      body={keeps ? MODE_CHANGE_KEEPS_ITEMS_BODY : MODE_CHANGE_BODY}
      busy={busy}
      onCancel={() => setPending(undefined)}
      onConfirm={() => void confirm()}
    />
  ) : null;

  return { onSelect, dialog };
}
