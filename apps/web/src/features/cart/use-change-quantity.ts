import { type CartLine, lineKey, type MenuDiscountRule } from '@comanda/core';
import type { RefObject } from 'react';
import { useToast } from '../../ui/toast.tsx';
import { track } from '../analytics/track.ts';
import { cartActions } from './cart-store.ts';

/**
 * A cart line's quantity control (the cart page and the desktop cart column): a refused change is
 * told as a toast; a removal is tracked and keyboard focus goes to `focusAfterRemoval`, because the
 * line's trash button, which had it, is gone.
 */
export function useChangeQuantity(
  alias: string,
  rules: readonly MenuDiscountRule[],
  focusAfterRemoval: RefObject<HTMLElement | null>,
): (line: CartLine, quantity: number) => void {
  const showToast = useToast();
  return (line, quantity) => {
    const result = cartActions.setQuantity(alias, lineKey(line), quantity, rules);
    if (result.error) {
      showToast(result.error);
      return;
    }
    if (quantity === 0) {
      track('DELETE_ITEM', { plateId: line.referenceId, name: line.name, quantity: line.quantity });
      focusAfterRemoval.current?.focus();
    }
  };
}
