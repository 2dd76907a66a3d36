/**
 * The one boundary between the menu API (amounts in currency units) and the cart rules of core (integer
 * minor units): discounts, garnish groups and a dish choice become core's MenuDiscountRule,
 * GarnishGroupRule and CartLineInput here, and nowhere else in the web.
 */
import {
  type CartExtraGroup,
  type CartLineInput,
  type GarnishGroupRule,
  type GroupSelection,
  toMinor,
} from '@comanda/core';
import type { Plate } from '@comanda/core/contract';

// discounts: core's discountRulesOf (shared with the server's tests and the bench)
export { discountRulesOf } from '@comanda/core';

/** The plate's garnish groups as core rules, hidden garnishes left out; groups left empty are dropped. */
export function garnishRulesOf(plate: Plate, decimals: number): GarnishGroupRule[] {
  return plate.garnishGroups
    .map((group) => ({
      id: group.id,
      name: group.name,
      minGarnishAmount: group.minGarnishAmount,
      maxGarnishAmount: group.maxGarnishAmount,
      multipleSelection: group.multipleSelection,
      mandatory: group.mandatory,
      garnishes: group.garnishes
        .filter((garnish) => garnish.visible)
        .map((garnish) => ({ id: garnish.id, name: garnish.name, price: toMinor(garnish.price, decimals) })),
    }))
    .filter((group) => group.garnishes.length > 0);
}

/** A dish that cannot be added with one tap: it has sizes or garnish groups to choose from. */
export function needsChoices(plate: Plate): boolean {
  return (
    plate.sizes.length > 0 || plate.garnishGroups.some((group) => group.garnishes.some((g) => g.visible))
  );
}

export interface DishChoice {
  plate: Plate;
  /** Size id; null for a plate without sizes. */
  sizeId: number | null;
  /** Garnish group rules of the plate (garnishRulesOf), so prices are already in minor units. */
  groups: readonly GarnishGroupRule[];
  selections: Readonly<Record<number, GroupSelection>>;
  quantity: number;
  notes: string;
  source?: 'PLATE' | 'UPSOLD';
}

/** What the dish view hands to the cart: the chosen size's unit price and the chosen garnishes. */
export function lineInputOf(choice: DishChoice, decimals: number): CartLineInput {
  const { plate } = choice;
  const size = choice.sizeId === null ? undefined : plate.sizes.find((s) => s.id === choice.sizeId);
  const extras: CartExtraGroup[] = [];
  for (const group of choice.groups) {
    const selection = choice.selections[group.id] ?? {};
    const groupItems = group.garnishes
      .filter((garnish) => (selection[garnish.id] ?? 0) > 0)
      .map((garnish) => ({
        referenceId: garnish.id,
        referenceType: 'GARNISH' as const,
        name: garnish.name,
        price: garnish.price,
        quantity: selection[garnish.id] ?? 0,
      }));
    if (groupItems.length === 0) continue;
    extras.push({
      groupId: group.id,
      groupName: group.name,
      min: group.minGarnishAmount,
      max: group.maxGarnishAmount,
      multipleSelection: group.multipleSelection,
      groupItems,
    });
  }
  const source = choice.source ?? 'PLATE';
  return {
    referenceId: plate.id,
    name: plate.showName || plate.name,
    notes: choice.notes,
    quantity: choice.quantity,
    sizeId: size?.id ?? null,
    sizeName: size?.name ?? null,
    basePrice: toMinor(size?.price ?? plate.price, decimals),
    categoryId: plate.category.id,
    categoryShowName: plate.category.showName,
    source,
    upsell: source === 'UPSOLD',
    maxQuantity: plate.maxQuantity,
    extras,
  };
}

/** One unit of a plate without choices, e.g. an upsell added from the cart. */
export function simpleLineInputOf(plate: Plate, decimals: number, source: 'PLATE' | 'UPSOLD'): CartLineInput {
  return lineInputOf(
    { plate, sizeId: null, groups: [], selections: {}, quantity: 1, notes: '', source },
    decimals,
  );
}
