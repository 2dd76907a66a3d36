import {
  type CartLine,
  decrementGarnish,
  fromMinor,
  type GarnishGroupRule,
  type GroupSelection,
  incrementGarnish,
  MESSAGES,
  type MenuDiscountRule,
  priceLine,
  quantityByReference,
  type SelectionChange,
  toggleGarnish,
  validateGarnishes,
} from '@comanda/core';
import type { Plate } from '@comanda/core/contract';
import { useMemo, useRef, useState } from 'react';
import { useToast } from '../../ui/toast.tsx';
import { track } from '../analytics/track.ts';
import { playCartAnimation } from '../cart/cart-animation.ts';
import { cartActions, useCart } from '../cart/cart-store.ts';
import { garnishRulesOf, lineInputOf } from '../cart/from-menu.ts';

export interface DishFormOptions {
  plate: Plate;
  alias: string;
  rules: readonly MenuDiscountRule[];
  decimals: number;
  notesLimit: number | null;
  source: 'PLATE' | 'UPSOLD';
  /** After the line is in the cart (the view closes). */
  onAdded: () => void;
}

export interface DishForm {
  groups: GarnishGroupRule[];
  sizeId: number | null;
  selections: Readonly<Record<number, GroupSelection>>;
  quantity: number;
  notes: string;
  /** The line as the cart would price it now (minor units). */
  line: CartLine;
  /** Set after a refused 'Agregar', so the groups that need attention say so. */
  showErrors: boolean;
  chooseSize: (sizeId: number) => void;
  toggle: (group: GarnishGroupRule, garnishId: number) => void;
  increment: (group: GarnishGroupRule, garnishId: number) => void;
  decrement: (group: GarnishGroupRule, garnishId: number) => void;
  incrementQuantity: () => void;
  decrementQuantity: () => void;
  changeNotes: (value: string) => void;
  submit: () => boolean;
}

/** State and rules of the dish view; every price and limit comes from core. */
export function useDishForm({
  plate,
  alias,
  rules,
  decimals,
  notesLimit,
  source,
  onAdded,
}: DishFormOptions): DishForm {
  const showToast = useToast();
  const cart = useCart(alias);
  const groups = useMemo(() => garnishRulesOf(plate, decimals), [plate, decimals]);
  const [sizeId, setSizeId] = useState<number | null>(plate.sizes[0]?.id ?? null);
  const [selections, setSelections] = useState<Record<number, GroupSelection>>({});
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  // the dish stays clickable during its closing animation: a second tap must not add it again
  const added = useRef(false);
  const [showErrors, setShowErrors] = useState(false);

  const input = lineInputOf({ plate, sizeId, groups, selections, quantity, notes, source }, decimals);
  const line = priceLine(input, rules);

  function applyChange(group: GarnishGroupRule, change: SelectionChange) {
    if (change.error) {
      showToast(change.error);
      return;
    }
    setSelections((current) => ({ ...current, [group.id]: change.selection }));
  }

  const selectionOf = (group: GarnishGroupRule) => selections[group.id] ?? {};

  return {
    groups,
    sizeId,
    selections,
    quantity,
    notes,
    line,
    showErrors,
    chooseSize: setSizeId,
    toggle: (group, garnishId) => applyChange(group, toggleGarnish(group, selectionOf(group), garnishId)),
    increment: (group, garnishId) =>
      applyChange(group, incrementGarnish(group, selectionOf(group), garnishId)),
    decrement: (group, garnishId) => applyChange(group, decrementGarnish(selectionOf(group), garnishId)),
    incrementQuantity() {
      const max = plate.maxQuantity;
      // units already in the cart count towards the plate's maximum
      const inCart = quantityByReference(cart.lines)[plate.id] ?? 0;
      if (max !== null && inCart + quantity + 1 > max) {
        showToast(MESSAGES.maxUnits(max));
        return;
      }
      setQuantity(quantity + 1);
    },
    decrementQuantity: () => setQuantity((current) => Math.max(1, current - 1)),
    changeNotes(value) {
      // the spec ignores input past the limit rather than cutting it or complaining
      if (notesLimit !== null && value.length > notesLimit) return;
      setNotes(value);
    },
    submit() {
      if (added.current) return false;
      const invalid = validateGarnishes(groups, selections);
      if (invalid) {
        setShowErrors(true);
        showToast(invalid);
        return false;
      }
      const result = cartActions.add(alias, input, rules);
      if (result.error) {
        showToast(result.error);
        return false;
      }
      added.current = true;
      showToast(MESSAGES.itemAddedToOrder);
      playCartAnimation();
      track('ADD_ITEM', {
        plateId: plate.id,
        name: input.name,
        quantity,
        sizeId,
        source,
        price: fromMinor(line.price, decimals),
      });
      onAdded();
      return true;
    },
  };
}
