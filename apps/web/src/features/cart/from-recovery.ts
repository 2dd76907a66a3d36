/**
 * Rebuilds a recovered cart (GET /api/recovery/cart) from the CURRENT menu: the stored items only say
 * which plate, size, garnishes and quantities were chosen; names and prices are read from today's menu
 * through the same boundary the dish view uses (from-menu.ts) and priced by core, so a recovered line is
 * exactly the line the diner would get by adding the dish again. Items whose plate, size or garnishes no
 * longer exist (or no longer form a valid choice) are skipped.
 */
import {
  addLine,
  type CartLine,
  type CartLineInput,
  type GroupSelection,
  validateGarnishes,
} from '@comanda/core';
import type { Menu, MenuDiscount, Plate, RecoveryItem } from '@comanda/core/contract';
import { discountRulesOf, garnishRulesOf, lineInputOf } from './from-menu.ts';

export interface RecoveredLines {
  lines: CartLine[];
  /** Items that could not be rebuilt from the current menu. */
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

/** The line input of one recovered item, or null when the current menu cannot express it. */
export function lineInputFromRecovery(
  item: RecoveryItem,
  plate: Plate,
  decimals: number,
): CartLineInput | null {
  if (item.sizeId === null ? plate.sizes.length > 0 : !plate.sizes.some((size) => size.id === item.sizeId)) {
    // a size that is gone, or a plate now sold by size, cannot be priced as chosen
    return null;
  }
  const groups = garnishRulesOf(plate, decimals);
  const selections: Record<number, GroupSelection> = {};
  for (const chosen of item.extras) {
    const selection: Record<number, number> = { ...selections[chosen.groupId] };
    for (const choice of chosen.groupItems) {
      selection[choice.referenceId] = (selection[choice.referenceId] ?? 0) + choice.quantity;
    }
    selections[chosen.groupId] = selection;
  }
  // unknown groups or garnishes, a new mandatory group or changed limits make the old choice invalid
  if (validateGarnishes(groups, selections) !== null) return null;
  return lineInputOf(
    {
      plate,
      sizeId: item.sizeId,
      groups,
      selections,
      quantity: item.quantity,
      notes: item.notes,
      source: item.source,
    },
    decimals,
  );
}

/** Priced cart lines for the recovered items; identical items merge, a plate's maximum is kept. */
export function cartLinesFromRecovery(
  items: readonly RecoveryItem[],
  menu: Menu,
  discounts: readonly MenuDiscount[],
  decimals: number,
): RecoveredLines {
  const plates = platesById(menu);
  const rules = discountRulesOf(discounts, decimals);
  let lines: CartLine[] = [];
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
