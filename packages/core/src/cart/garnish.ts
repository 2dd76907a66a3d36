import { MESSAGES } from '../messages.ts';

export interface GarnishRule {
  id: number;
  name: string;
  price: number;
}

export interface GarnishGroupRule {
  id: number;
  name: string;
  minGarnishAmount: number;
  maxGarnishAmount: number;
  multipleSelection: boolean;
  mandatory: boolean;
  garnishes: GarnishRule[];
}

/** Chosen quantity of each garnish of one group, by garnish id. */
export type GroupSelection = Readonly<Record<number, number>>;

export interface SelectionChange {
  selection: GroupSelection;
  /** Spanish message for the diner when the change was refused. */
  error?: string;
}

export function selectedCount(selection: GroupSelection): number {
  return Object.values(selection).reduce((sum, q) => sum + q, 0);
}

/**
 * Ticks or unticks a garnish of a single-selection group (one unit each). A group with a maximum of one
 * swaps the choice; a larger full group refuses the new one.
 */
export function toggleGarnish(
  group: GarnishGroupRule,
  selection: GroupSelection,
  garnishId: number,
): SelectionChange {
  if (selection[garnishId]) return { selection: without(selection, garnishId) };
  if (group.maxGarnishAmount === 1) return { selection: { [garnishId]: 1 } };
  if (selectedCount(selection) >= group.maxGarnishAmount) {
    return { selection, error: MESSAGES.garnishGroupMaximumReached };
  }
  return { selection: { ...selection, [garnishId]: 1 } };
}

/** One more unit of a garnish of a multiple-selection group, refused past the group's maximum. */
export function incrementGarnish(
  group: GarnishGroupRule,
  selection: GroupSelection,
  garnishId: number,
): SelectionChange {
  if (selectedCount(selection) >= group.maxGarnishAmount) {
    return { selection, error: MESSAGES.garnishMaximumExceeded };
  }
  return { selection: { ...selection, [garnishId]: (selection[garnishId] ?? 0) + 1 } };
}

export function decrementGarnish(selection: GroupSelection, garnishId: number): SelectionChange {
  const current = selection[garnishId] ?? 0;
  if (current <= 1) return { selection: without(selection, garnishId) };
  return { selection: { ...selection, [garnishId]: current - 1 } };
}

/**
 * Whether a group's selection lets the dish be added. The spec: "mandatory garnish groups need a count
 * within min..max for multiple selection, or above 0 and at least min for single". A group that is not
 * mandatory may be left empty, but once the diner picks from it, it needs its minimum too (as CoopCycle
 * and TastyIgniter have it: two toppings of a group of 3 to 5 are refused, none or three are fine). A
 * mandatory group always needs at least one, whatever its minimum (the menu editor refuses a mandatory
 * group with a minimum below 1). No group may exceed its maximum or name a garnish it does not have.
 */
export function isGroupSelectionValid(group: GarnishGroupRule, selection: GroupSelection): boolean {
  const ids = new Set(group.garnishes.map((g) => g.id));
  const entries = Object.entries(selection);
  if (entries.some(([id, q]) => !ids.has(Number(id)) || !Number.isInteger(q) || q < 1)) return false;
  if (!group.multipleSelection && entries.some(([, q]) => q > 1)) return false;
  const count = selectedCount(selection);
  if (count > group.maxGarnishAmount) return false;
  if (count === 0) return !group.mandatory;
  return count >= group.minGarnishAmount;
}

/** The dish view's check before adding: null when fine, otherwise the spec's message. */
export function validateGarnishes(
  groups: readonly GarnishGroupRule[],
  selections: Readonly<Record<number, GroupSelection>>,
): string | null {
  const known = new Set(groups.map((g) => g.id));
  if (Object.keys(selections).some((id) => !known.has(Number(id)))) return MESSAGES.garnishCountInvalid;
  for (const group of groups) {
    if (!isGroupSelectionValid(group, selections[group.id] ?? {})) return MESSAGES.garnishCountInvalid;
  }
  return null;
}

/** Price of the extras of one unit. */
export function extrasPrice(
  groups: readonly GarnishGroupRule[],
  selections: Readonly<Record<number, GroupSelection>>,
): number {
  let total = 0;
  for (const group of groups) {
    for (const [id, quantity] of Object.entries(selections[group.id] ?? {})) {
      const garnish = group.garnishes.find((g) => g.id === Number(id));
      if (garnish) total += garnish.price * quantity;
    }
  }
  return total;
}

function without(selection: GroupSelection, garnishId: number): GroupSelection {
  const next: Record<number, number> = { ...selection };
  delete next[garnishId];
  return next;
}
