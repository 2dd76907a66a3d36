/**
 * 'Repetir pedido': a past order's lines go back into the cart, priced on TODAY's menu of the order's
 * contact (the choices only travel: plate, size, garnishes, quantity, notes), the same way an abandoned
 * cart is recovered. Plates no longer on the menu (taken off, out of stock) or whose choices no longer
 * fit are skipped and counted, so the screen can say so.
 */
import { addLine, type CartLine, discountRulesOf } from '@comanda/core';
import type { DinerOrder, Menu, MenuDiscount, OrderMode, Plate, RecoveryItem } from '@comanda/core/contract';
import { lineInputFromRecovery } from '../cart/from-recovery.ts';

export interface ReorderLines {
  lines: CartLine[];
  /** Items of the order that could not be put back. */
  skipped: RecoveryItem[];
}

function platesById(menu: Menu): Map<number, Plate> {
  const byId = new Map<number, Plate>();
  for (const plate of [
    ...menu.categories.flatMap((category) => category.plates),
    ...menu.upselleds,
    ...menu.remarkeds,
  ]) {
    if (!byId.has(plate.id)) byId.set(plate.id, plate);
  }
  return byId;
}

/**
 * The cart after adding the order's items to `current` (the lines already in the cart for this menu,
 * or none): identical lines merge, a plate's maximum of units is kept (what passes it is skipped).
 */
export function reorderLines(
  items: readonly RecoveryItem[],
  current: readonly CartLine[],
  menu: Menu,
  discounts: readonly MenuDiscount[],
  decimals: number,
): ReorderLines {
  const plates = platesById(menu);
  const rules = discountRulesOf(discounts, decimals);
  let lines: CartLine[] = [...current];
  const skipped: RecoveryItem[] = [];
  for (const item of items) {
    const plate = plates.get(item.referenceId);
    const input = plate ? lineInputFromRecovery(item, plate, decimals) : null;
    const change = input ? addLine(lines, input, rules) : null;
    if (!change || change.error) {
      skipped.push(item);
      continue;
    }
    lines = change.lines;
  }
  return { lines, skipped };
}

/** The mode to order in again: the order's own if it is still offered, else one of the same type, else the first. */
export function reorderMode(order: Pick<DinerOrder, 'orderModeId' | 'type'>, modes: readonly OrderMode[]) {
  const offered = modes.filter((mode) => mode.active);
  return (
    offered.find((mode) => mode.id === order.orderModeId) ??
    offered.find((mode) => mode.type === order.type) ??
    offered[0] ??
    null
  );
}

export const REORDER_MESSAGES = {
  added: 'Agregamos los productos de tu pedido.',
  partly: 'Agregamos tu pedido. Algunos productos ya no están disponibles.',
  nothing: 'Los productos de este pedido ya no están disponibles.',
  failed: 'No pudimos repetir el pedido. Intentá de nuevo en unos minutos.',
} as const;
