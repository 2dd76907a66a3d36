/** 'Repetir pedido': the order's items into the cart of its contact, then the cart preview. */
import { currencyDecimals } from '@comanda/core';
import type { DinerOrder, MenuDiscount } from '@comanda/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dinerQueries } from '../../api/queries.ts';
import { useStableNavigate } from '../../app/navigate.ts';
import { useToast } from '../../ui/toast.tsx';
import { cartActions, getCart } from '../cart/cart-store.ts';
import { logToBackend } from '../diner-log/log-to-backend.ts';
import { REORDER_MESSAGES, reorderLines, reorderMode } from './reorder.ts';

export function useReorder(onDone: () => void) {
  const queryClient = useQueryClient();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const [pendingId, setPendingId] = useState<number | null>(null);

  async function reorder(order: DinerOrder): Promise<void> {
    if (pendingId !== null) return;
    setPendingId(order.id);
    try {
      const alias = order.branchContact.alias;
      const entity = await queryClient.fetchQuery(dinerQueries.alias(alias));
      if (entity.type !== 'branchContact') throw new Error(`${alias} is no branch contact`);
      const contact = entity.info;
      const mode = reorderMode(order, await queryClient.fetchQuery(dinerQueries.orderModes(contact.id)));
      if (!mode) {
        showToast(REORDER_MESSAGES.nothing);
        return;
      }
      const [menu, discounts, decimals] = await Promise.all([
        // today's menu, not a copy held from earlier: a plate may have gone out of stock since (a 304 is cheap)
        queryClient.fetchQuery({ ...dinerQueries.menu(alias, mode.id), staleTime: 0 }),
        // the spec's fallback: without the discounts the menu still prices (the cart reprices later)
        queryClient.fetchQuery(dinerQueries.discounts(contact.branch.id)).catch((): MenuDiscount[] => []),
        queryClient
          .fetchQuery(dinerQueries.country(contact.country))
          .then((country) => country.currency.decimals)
          .catch(() => currencyDecimals(contact.currency)),
      ]);
      // a cart built on the same menu keeps its lines and the order's join them; otherwise it starts anew
      const stored = getCart(alias);
      const current = stored.menuHash === menu.hash ? stored.lines : [];
      const { lines, skipped } = reorderLines(order.items, current, menu, discounts, decimals);
      if (skipped.length === order.items.length) {
        showToast(REORDER_MESSAGES.nothing);
        return;
      }
      cartActions.setMode(alias, mode.id, menu.hash, current.length > 0);
      cartActions.replaceLines(alias, lines);
      onDone();
      navigate(`/menu/${alias}/preview`);
      showToast(skipped.length > 0 ? REORDER_MESSAGES.partly : REORDER_MESSAGES.added);
    } catch (error) {
      logToBackend('Reorder failed', {
        component: 'diner-account',
        payload: { code: order.code, message: error instanceof Error ? error.message : String(error) },
      });
      showToast(REORDER_MESSAGES.failed);
    } finally {
      setPendingId(null);
    }
  }

  return { reorder: (order: DinerOrder) => void reorder(order), pendingId };
}
